/**
 * Fixtures for tests and stories: responses (or errors) for given endpoint + args, written
 * exactly as if they had been fetched.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import { internalsOf } from './createEntityCache'
import type { SliceCache } from './createEntityCache'
import type { EndpointArgs, EndpointInterface } from './endpointTypes'
import { expiresAfter } from './request/expiry'
import { failedPayload } from './request/failure'
import { receivedPayload } from './request/receive'
import type { EntityCacheState } from './slice/state'

/**
 * One fixture: the call, and its response or error. As in data-client's fixtures, `response`
 * may be a function of the call's args, and a failure may be written `{ response, error: true }`,
 * the response being the error (an `Error`, or an error body such as `{ status: 404, message }`).
 */
export type Fixture<
  TEndpoint extends EndpointInterface<any, any, any> = EndpointInterface<any, any, any>,
> =
  | {
      endpoint: TEndpoint
      args: EndpointArgs<TEndpoint>
      response: FixtureResponse<TEndpoint>
      error?: false
    }
  | {
      endpoint: TEndpoint
      args: EndpointArgs<TEndpoint>
      response?: FixtureResponse<TEndpoint>
      error: true | unknown
    }

/**
 * A fixture's response: the value (anything), or a function of the call's args that returns it,
 * its parameters typed from the endpoint's. (`NonNullable<unknown> | null | undefined` is
 * `unknown` written so that it does not swallow the function type that types those parameters.)
 */
export type FixtureResponse<TEndpoint extends EndpointInterface<any, any, any>> =
  ((...args: EndpointArgs<TEndpoint>) => unknown) | NonNullable<unknown> | null | undefined

/** Makes a typed fixture (the args and endpoint are checked together). */
export function fixture<TEndpoint extends EndpointInterface<any, any, any>>(
  value: Fixture<TEndpoint>,
): Fixture {
  return value as Fixture
}

function isError(item: Fixture): boolean {
  return item.error !== undefined && item.error !== false
}

/** The fixture's response: `response`, or what it returns for the call's args when a function. */
function responseOf(item: Fixture, args: readonly unknown[]): unknown {
  const { response } = item
  return typeof response === 'function'
    ? (response as (...a: unknown[]) => unknown)(...args)
    : response
}

/**
 * The error a failing fixture records: `error` itself, or for `error: true` the response (as
 * data-client's fixtures write a failure), else a generic one naming the call.
 */
function errorOf(item: Fixture, args: readonly unknown[], key: string): unknown {
  if (item.error !== true) return item.error
  const response = responseOf(item, args)
  return response === undefined || response === null
    ? new Error(`Fixture error for ${key}`)
    : response
}

/**
 * The slice state that results from `fixtures`, applied in order: use it as `preloadedState`
 * (`{ [cache.reducerPath]: fixtureState(cache, fixtures) }`). The state is built by the cache's
 * own reducer from the same actions a fetch would dispatch, with the cache's expiry lengths (an
 * endpoint's own win), so it is what the app would hold. `options.now` is when the fixtures were
 * fetched (default: now); `options.dataExpiryLength` replaces the cache's for every fixture
 * whose endpoint has none.
 *
 * @example
 * ```ts
 * const store = configureStore({
 *   reducer: { [cache.reducerPath]: cache.reducer },
 *   preloadedState: {
 *     [cache.reducerPath]: fixtureState(cache, [
 *       { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'Test' } },
 *     ]),
 *   },
 * })
 * ```
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/testing.md#fixtures
 */
export function fixtureState(
  cache: SliceCache,
  fixtures: readonly Fixture[],
  options: { now?: number | undefined; dataExpiryLength?: number | undefined } = {},
): EntityCacheState {
  const now = options.now ?? Date.now()
  const own = internalsOf(cache)
  const lengths: ExpiryLengths = {
    data: options.dataExpiryLength ?? own.dataExpiryLength,
    error: own.errorExpiryLength,
  }
  let state = cache.reducer(undefined, { type: '@@rtk-resources/fixtures' })
  fixtures.forEach((item, index) => {
    const fetchedAt = now - fixtures.length + index
    const action = fixtureAction(cache, state, item, fetchedAt, now, lengths)
    state = cache.reducer(state, action)
  })
  return state
}

/** Writes `fixtures` into a live store, as fetches would (one action each). */
export function loadFixtures(
  cache: SliceCache,
  store: { dispatch: (action: UnknownAction) => unknown; getState: () => unknown },
  fixtures: readonly Fixture[],
): void {
  const controller = cache.controller(store as never)
  for (const item of fixtures) {
    const args = item.args as unknown[]
    if (isError(item)) {
      const error = errorOf(item, args, item.endpoint.key(...args))
      controller.setError(item.endpoint, ...(args as never[]), error)
    } else {
      controller.setResponse(item.endpoint, ...(args as never[]), responseOf(item, args))
    }
  }
}

/** The expiry lengths of the fixtures an endpoint does not set its own for (ms). */
interface ExpiryLengths {
  readonly data: number
  readonly error: number
}

function fixtureAction(
  cache: SliceCache,
  state: EntityCacheState,
  item: Fixture,
  fetchedAt: number,
  date: number,
  lengths: ExpiryLengths,
): UnknownAction {
  const args = item.args as unknown[]
  const key = item.endpoint.key(...args)
  if (isError(item)) {
    const error = errorOf(item, args, key)
    const expiresAt = expiresAfter(date, item.endpoint.errorExpiryLength ?? lengths.error)
    const times = { date, fetchedAt, expiresAt }
    // With the endpoint's errorPolicy, as a failed fetch records it (a 5xx beside data is soft).
    return cache.actions.failed(failedPayload(item.endpoint, key, error, times))
  }
  const times = {
    date,
    fetchedAt,
    expiresAt: expiresAfter(date, item.endpoint.dataExpiryLength ?? lengths.data),
  }
  return cache.actions.received(
    receivedPayload(item.endpoint, args, key, responseOf(item, args), state, times),
  )
}
