/** Errors met while a response is stored or read back: a failing `update`, unusable data. */
import { describeValue } from '../describe'
import { BAD_RESPONSE_STATUS, RtkResourcesError } from './base'

/**
 * An endpoint's `update` option failed while a response was being stored: it threw, or returned
 * something that is not an object of updater functions, or an updater returned a value that
 * cannot be stored (nested too deeply, or referring to itself). Logged in development, never
 * thrown: the response is stored, and none of the results `update` names are changed.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-update
 */
export class EndpointUpdateError extends RtkResourcesError {
  /** The request key of the response being stored. */
  readonly key: string
  /** The request key whose updater failed, when the failure was in one. */
  readonly target?: string

  constructor(key: string, target: string | undefined, cause: unknown) {
    const where = target === undefined ? '' : ` for ${describeValue(target)}`
    const why = cause instanceof Error ? cause.message.slice(0, 300) : describeValue(cause)
    super(
      'bad-update',
      `update() of the endpoint answering ${describeValue(key)} failed${where}: ${why}. The ` +
        'response is stored; none of the results update() names are changed (they show the ' +
        'new data once fetched again). Fix update(): it returns { [requestKey]: (previous) => ' +
        'next }, and each updater gets the stored result (read-only) and returns a new one ' +
        'made of plain data.',
      { cause },
    )
    this.name = 'EndpointUpdateError'
    this.key = key
    if (target !== undefined) this.target = target
  }
}

/** Why a call's data still cannot be shown after its request succeeded. */
export type UnusableReason = 'incomplete' | 'missing'

const UNUSABLE_ADVICE: Record<UnusableReason, string> = {
  incomplete:
    "A record it needs fails its Entity's validate() when read from the cache. On read, " +
    'validate() gets the record as stored, where nested entities are their primary keys and ' +
    'Dates are strings, so a check that passed on the response can fail on every read. Make ' +
    'validate() accept the stored record (check that a nested member is there, not its ' +
    'fields), or give the endpoint the Entity class of what it returns. Or a required member ' +
    'of a record (an entity member whose default is truthy) names a deleted record the ' +
    'response still names: send the member, or make its default falsy to show the record ' +
    'without it.',
  missing:
    'Nothing can be read for it: its record was dropped (an Entity process() that returned ' +
    'undefined, say). Make the endpoint return the data its schema describes, or check ' +
    'process().',
}

/**
 * A call's request succeeded, yet its data still cannot be shown: a record it needs fails
 * `validate` on read, or nothing can be read for it. Asking the server again would bring the
 * same, so `useSuspense` throws this to the error boundary (and `useDLE` reports it as `error`)
 * instead of fetching again and again.
 * It asks again once the call is invalidated or the store is reset.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#unusable-response
 */
export class UnusableResponseError extends RtkResourcesError {
  /** The request key of the call. */
  readonly key: string
  /** Why the data cannot be shown. */
  readonly reason: UnusableReason
  /** 400: the response was bad for its schema (see {@link BAD_RESPONSE_STATUS}). */
  readonly status: number

  /**
   * @param detail - which record fails, in words (`Item 1 fails Item.validate() when read:
   * "..."`), when it could be found
   */
  constructor(key: string, reason: UnusableReason, detail?: string) {
    super(
      'unusable-response',
      `The response to ${describeValue(key)} arrived, but its data still cannot be shown. ` +
        (detail === undefined ? '' : `${detail}. `) +
        `${UNUSABLE_ADVICE[reason]} Fetching again would bring the same, so it is not asked ` +
        'for again until the call is invalidated (controller.invalidate) or the store is reset.',
    )
    this.name = 'UnusableResponseError'
    this.status = BAD_RESPONSE_STATUS
    this.key = key
    this.reason = reason
  }
}
