/**
 * Fixtures for tests and stories: responses (or errors) for given endpoint + args, written
 * exactly as if they had been fetched.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { SliceCache } from './createEntityCache'
import type { EndpointArgs, EndpointInterface } from './endpointTypes'
import { expiresAfter } from './request/expiry'
import { receivedPayload } from './request/receive'
import { serializeError } from './slice/serializeError'
import type { EntityCacheState } from './slice/state'

/** One fixture: the call, and its response or error. */
export type Fixture<
  TEndpoint extends EndpointInterface<any, any, any> = EndpointInterface<any, any, any>,
> =
  | { endpoint: TEndpoint; args: EndpointArgs<TEndpoint>; response: unknown; error?: false }
  | {
      endpoint: TEndpoint
      args: EndpointArgs<TEndpoint>
      response?: unknown
      error: true | unknown
    }

/** Makes a typed fixture (the args and endpoint are checked together). */
export function fixture<TEndpoint extends EndpointInterface<any, any, any>>(
  value: Fixture<TEndpoint>,
): Fixture {
  return value as Fixture
}

function isError(item: Fixture): boolean {
  return item.error !== undefined && item.error !== false
}

/**
 * The slice state that results from `fixtures`, applied in order: use it as `preloadedState`
 * (`{ [cache.reducerPath]: fixtureState(cache, fixtures) }`). The state is built by the cache's
 * own reducer from the same actions a fetch would dispatch, so it is what the app would hold.
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
  let state = cache.reducer(undefined, { type: '@@rtk-resources/fixtures' })
  fixtures.forEach((item, index) => {
    const fetchedAt = now - fixtures.length + index
    const action = fixtureAction(cache, state, item, fetchedAt, now, options.dataExpiryLength)
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
    if (isError(item)) controller.setError(item.endpoint, ...(args as never[]), item.error)
    else controller.setResponse(item.endpoint, ...(args as never[]), item.response)
  }
}

function fixtureAction(
  cache: SliceCache,
  state: EntityCacheState,
  item: Fixture,
  fetchedAt: number,
  date: number,
  dataExpiryLength = 60_000,
): UnknownAction {
  const args = item.args as unknown[]
  const key = item.endpoint.key(...args)
  if (isError(item)) {
    const error = item.error === true ? new Error(`Fixture error for ${key}`) : item.error
    const expiresAt = expiresAfter(date, item.endpoint.errorExpiryLength ?? 1_000)
    const times = { date, fetchedAt, expiresAt }
    return cache.actions.failed({ key, error: serializeError(error), times })
  }
  const times = {
    date,
    fetchedAt,
    expiresAt: expiresAfter(date, item.endpoint.dataExpiryLength ?? dataExpiryLength),
  }
  return cache.actions.received(
    receivedPayload(item.endpoint, args, key, item.response, state, times),
  )
}
