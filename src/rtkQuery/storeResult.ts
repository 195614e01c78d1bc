/**
 * One result of a bridged RTK Query endpoint into the cache: normalized by the cache's own
 * `receivedPayload` (as a fetch or `setResponse` stores a response) and dispatched as one plain
 * `received` action; a result that does not fit its schema is recorded as `failed` instead.
 * Every number in the action comes from RTK Query's actions and the state (its request's start,
 * raised above the stamps the cache held when it started, and its fulfil time), so the same RTK
 * Query actions from the same state always make the same `received` action.
 */
import type { Dispatch } from '@reduxjs/toolkit'
import { isDev } from '../internal/env'
import { isPlainObject } from '../internal/ownKeys'
import type { EndpointInterface } from '../redux/endpointTypes'
import { expiresAfter } from '../redux/request/expiry'
import { receivedPayload } from '../redux/request/receive'
import type { EntityCacheActions } from '../redux/slice/actions'
import { serializeError } from '../redux/slice/serializeError'
import type { EntityCacheState } from '../redux/slice/state'
import { DeleteEntitySchema } from '../schema/Delete'

/** What storing a result needs from the cache. */
export interface StoreResultDeps {
  readonly actions: EntityCacheActions
  readonly selectSlice: (root: unknown) => EntityCacheState
  /** How long a result stays fresh in the cache (ms). */
  readonly dataExpiryLength: number
  /** Remembers the schema a key is written with (garbage collection). */
  readonly remember: (key: string, schema: unknown) => void
}

/** One result of a bridged endpoint, as RTK Query's action carries it. */
export interface BridgedResult {
  /** The endpoint as the cache reads it (its key and schema). */
  readonly endpoint: EndpointInterface
  readonly endpointName: string
  /** The call's argument (`originalArgs`). */
  readonly arg: unknown
  /** The result (RTK Query's `data`, after `transformResponse`). */
  readonly response: unknown
  /**
   * When the request started, on the cache's request clock (RTK Query's start, never older than
   * what the cache held then), and when it was fulfilled (epoch ms, from the action).
   */
  readonly fetchedAt: number
  readonly date: number
}

/** True for "no content": `null`, `undefined`, `''`, or an object without members. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (isPlainObject(value) && Object.keys(value).length === 0)
  )
}

/**
 * Dispatches the `received` action of `result` (or `failed`, when it does not normalize). A
 * `schema.Delete` result names its entity; one without content (`204`) is replaced by the call's
 * argument (a pk, or an object `pk()` reads), as `createResource`'s `delete` does with its params,
 * and one without the entity's pk (`{ success: true }`) is named by the argument by
 * `schema.Delete` itself.
 */
export function storeResult(
  result: BridgedResult,
  deps: StoreResultDeps,
  store: { dispatch: Dispatch; getState: () => unknown },
): void {
  const { endpoint, arg, fetchedAt, date } = result
  const key = endpoint.key(arg)
  const times = { fetchedAt, date, expiresAt: expiresAfter(date, deps.dataExpiryLength) }
  const deletes = endpoint.schema instanceof DeleteEntitySchema
  const response = deletes && isEmpty(result.response) ? arg : result.response
  deps.remember(key, endpoint.schema)
  // Outside the try: a cache that is not mounted is a setup error, not a bad result.
  const slice = deps.selectSlice(store.getState())
  let action
  try {
    // A response without the pk (`{ success: true }`): `schema.Delete` reads it from the arg.
    action = deps.actions.received(receivedPayload(endpoint, [arg], key, response, slice, times))
  } catch (error) {
    // RTK Query keeps its entry as it is; the cache records why it could not store it.
    if (isDev) {
      console.error(
        `rtk-resources: the result of RTK Query endpoint "${result.endpointName}" does not fit ` +
          'the schema its bridge names, so the cache did not store it.',
        error,
      )
    }
    store.dispatch(deps.actions.failed({ key, error: serializeError(error), times }))
    return
  }
  store.dispatch(action)
}
