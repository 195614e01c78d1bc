/**
 * Every expiry the cache writes is a finite JSON number. data-client's "never stale" and "never
 * retry" settings (`dataExpiryLength: Infinity`, `errorExpiryLength: Infinity`) are stored as
 * `Number.MAX_SAFE_INTEGER` (NEVER_EXPIRES): `Infinity` is not JSON, and a persisted or SSR
 * state would read the `null` it becomes as 0, expired. `NaN` and negative lengths count as 0.
 */
import { configureStore } from '@reduxjs/toolkit'
import {
  Endpoint,
  ExpiryStatus,
  NEVER_EXPIRES,
  NetworkError,
  createEntityCache,
  fixture,
  fixtureState,
  loadFixtures,
} from 'rtk-resources'
import type { EntityCacheState } from 'rtk-resources'
import { User } from '../../fixtures/entities'
import { failingUser } from '../../fixtures/failing'
import { expectPlain, makeStore } from '../../fixtures/store'

/** A store whose cache at `data` starts from `saved` (a state that went through JSON). */
function restore(saved: unknown) {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    preloadedState: { data: saved as EntityCacheState },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  return { cache, store, controller: cache.controller(store) }
}

const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

test('Infinity on an endpoint: never-expiring data and errors, stored as JSON numbers', async () => {
  const { store, controller, replay, expectSilentChecks } = makeStore()
  const { endpoint, control } = failingUser({
    dataExpiryLength: Infinity,
    errorExpiryLength: Infinity,
  })
  await controller.fetch(endpoint, { id: 1 })
  control.failWith = new NetworkError(503, 'Unavailable')
  await controller.fetch(endpoint, { id: 2 }).catch(() => undefined)
  const slice = store.getState().data
  expectPlain(slice)
  expect(throughJson(slice)).toEqual(slice)
  const user1 = controller.getResponse(endpoint, { id: 1 }, store.getState())
  expect(user1.expiresAt).toBe(NEVER_EXPIRES)
  expect(slice.entitiesMeta.User?.['1']?.expiresAt).toBe(NEVER_EXPIRES)

  // Restored from JSON (redux-persist, an SSR payload): still fresh, the error still stands.
  const restored = restore(throughJson(slice))
  const read = restored.controller.getResponse(endpoint, { id: 1 }, restored.store.getState())
  expect(read.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(read.expiresAt).toBe(NEVER_EXPIRES)
  control.failWith = undefined
  await restored.controller.fetchIfStale(endpoint, { id: 1 }) // fresh: no request
  await expect(restored.controller.fetchIfStale(endpoint, { id: 2 })).rejects.toBeInstanceOf(
    NetworkError,
  ) // never retried by readers
  expect(restored.store.getState().data.meta).toEqual(slice.meta)
  expect(replay().data).toEqual(slice)
  expectSilentChecks()
})

test('Infinity as the cache default, through setResponse, setError and fixtures', () => {
  const { store, cache, controller } = makeStore({
    dataExpiryLength: Infinity,
    errorExpiryLength: Infinity,
  })
  const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: 'Ada', posts: [] }), {
    schema: User,
    name: 'user',
  })
  controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'Ada', posts: [] })
  controller.setError(getUser, { id: 2 }, new NetworkError(500, 'Oops'))
  const fixtures = [
    fixture({
      endpoint: getUser,
      args: [{ id: 3 }],
      response: { id: 3, name: 'Grace', posts: [] },
    }),
    fixture({ endpoint: getUser, args: [{ id: 4 }], error: true }),
  ]
  loadFixtures(cache, store, fixtures)
  expectPlain(store.getState().data)
  const call = (id: number) => cache.selectCall(getUser, { id })(store.getState())
  expect(call(1).expiresAt).toBe(NEVER_EXPIRES)
  expect(call(2).errorExpiresAt).toBe(NEVER_EXPIRES)
  expect(call(3).expiresAt).toBe(NEVER_EXPIRES)
  expect(call(4).errorExpiresAt).toBe(NEVER_EXPIRES)

  // fixtureState: the endpoint's own Infinity, and the option's.
  const forever = new Endpoint(async () => [] as unknown[], {
    name: 'forever',
    dataExpiryLength: Infinity,
    errorExpiryLength: Infinity,
  })
  const state = fixtureState(
    cache,
    [
      fixture({ endpoint: forever, args: [], response: [] }),
      fixture({ endpoint: getUser, args: [{ id: 5 }], error: true }),
      fixture({ endpoint: getUser, args: [{ id: 6 }], response: { id: 6, name: 'Al', posts: [] } }),
    ],
    { dataExpiryLength: Infinity },
  )
  expectPlain(state)
  const restored = restore(throughJson(state))
  const root = restored.store.getState()
  expect(restored.cache.selectCall(forever)(root).expiresAt).toBe(NEVER_EXPIRES)
  expect(restored.cache.selectCall(getUser, { id: 6 })(root).expiresAt).toBe(NEVER_EXPIRES)
})

test('NaN or a negative length counts as 0: expired at once, never "never"', async () => {
  const { store, controller } = makeStore()
  let requests = 0
  const endpoint = (dataExpiryLength: number) =>
    new Endpoint(
      async () => {
        requests += 1
        return { ok: true }
      },
      { name: `length ${dataExpiryLength}`, dataExpiryLength },
    )
  for (const length of [NaN, -1_000]) {
    const before = requests
    await controller.fetch(endpoint(length))
    const { expiresAt } = controller.getResponse(endpoint(length), store.getState())
    expect(Number.isFinite(expiresAt)).toBe(true)
    expect(expiresAt).toBeLessThanOrEqual(Date.now())
    expectPlain(store.getState().data)
    // Stale at once: the next fetchIfStale sends a request (a later millisecond).
    await new Promise((resolve) => setTimeout(resolve, 2))
    await controller.fetchIfStale(endpoint(length))
    expect(requests).toBe(before + 2)
  }
})

test('a state saved by an older version with expiresAt: null reads as stale, without throwing', async () => {
  const { store, controller } = makeStore()
  const { endpoint, control } = failingUser()
  await controller.fetch(endpoint, { id: 1 })
  control.failWith = new NetworkError(503, 'Unavailable')
  await controller.fetch(endpoint, { id: 2 }).catch(() => undefined)
  // What Infinity became in JSON before this version: null, in the meta and the entity meta.
  const saved = throughJson(store.getState().data) as unknown as {
    meta: Record<string, Record<string, unknown>>
    entitiesMeta: { User: Record<string, Record<string, unknown>> }
  }
  for (const meta of Object.values(saved.meta)) {
    meta.expiresAt = null
    delete meta.errorExpiresAt
  }
  for (const meta of Object.values(saved.entitiesMeta.User)) meta.expiresAt = null
  const restored = restore(saved)
  const root = restored.store.getState()
  const user1 = restored.cache.selectCall(endpoint, { id: 1 })(root)
  expect(user1.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(user1.expiresAt).toBe(0) // stale: refetched once by the next reader
  const user2 = restored.cache.selectCall(endpoint, { id: 2 })(root)
  expect(user2.errorExpiresAt).toBe(0) // the error no longer stands: retried
  control.failWith = undefined
  await expect(restored.controller.fetchIfStale(endpoint, { id: 1 })).resolves.toBeInstanceOf(User)
  await expect(restored.controller.fetchIfStale(endpoint, { id: 2 })).resolves.toBeInstanceOf(User)
  const refetched = restored.cache.selectCall(endpoint, { id: 1 })(restored.store.getState())
  expect(refetched.expiresAt).toBeGreaterThan(Date.now())
})
