import { Endpoint, ExpiryStatus, NetworkError } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { deferred, expectPlain, makeStore } from '../fixtures/store'
import { failingUser } from '../fixtures/failing'

let served = 0
const getUser = new Endpoint(
  async ({ id }: { id: number }) => {
    served += 1
    return { id, name: `User ${id} #${served}`, posts: [] }
  },
  { schema: User, name: 'user', dataExpiryLength: 1000 },
)
const strict = new Endpoint(async () => ({ id: 7, name: 'strict', posts: [] }), {
  schema: User,
  name: 'strict',
  invalidIfStale: true,
})

beforeEach(() => {
  served = 0
})

test('fresh → Valid with expiresAt; fetchIfStale serves it without a request', async () => {
  const { store, controller } = makeStore()
  const first = await controller.fetch(getUser, { id: 1 })
  const response = controller.getResponse(getUser, { id: 1 }, store.getState())
  expect(response.data).toBe(first)
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(response.expiresAt).toBeGreaterThan(Date.now())
  expect(response.expiresAt).toBeLessThanOrEqual(Date.now() + 1000)
  expect(await controller.fetchIfStale(getUser, { id: 1 })).toBe(first)
  expect(served).toBe(1)
})

test('invalidate → Invalid (must refetch); the next fetch clears it', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(getUser, { id: 1 })
  controller.invalidate(getUser, { id: 1 })
  expect(controller.getResponse(getUser, { id: 1 }, store.getState()).expiryStatus).toBe(
    ExpiryStatus.Invalid,
  )
  const refetched = await controller.fetchIfStale(getUser, { id: 1 })
  expect(served).toBe(2)
  expect(refetched.name).toBe('User 1 #2')
  expect(controller.getResponse(getUser, { id: 1 }, store.getState()).expiryStatus).toBe(
    ExpiryStatus.Valid,
  )
})

test('expireAll marks matching keys stale: data still shown, fetchIfStale refetches', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(getUser, { id: 1 })
  await controller.fetch(getUser, { id: 2 })
  controller.expireAll({ testKey: (key) => key.includes('"id":1') })
  const one = controller.getResponse(getUser, { id: 1 }, store.getState())
  expect(one.data?.name).toBe('User 1 #1')
  expect(one.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(one.expiresAt).toBe(0)
  expect(controller.getResponse(getUser, { id: 2 }, store.getState()).expiresAt).toBeGreaterThan(0)
  await controller.fetchIfStale(getUser, { id: 1 })
  await controller.fetchIfStale(getUser, { id: 2 })
  expect(served).toBe(3)
})

test('invalidateAll invalidates only matching keys', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(getUser, { id: 1 })
  await controller.fetch(getUser, { id: 2 })
  controller.invalidateAll({ testKey: (key) => key.includes('"id":2') })
  const state = store.getState()
  expect(controller.getResponse(getUser, { id: 1 }, state).expiryStatus).toBe(ExpiryStatus.Valid)
  expect(controller.getResponse(getUser, { id: 2 }, state).expiryStatus).toBe(ExpiryStatus.Invalid)
  expectPlain(state)
})

test('invalidIfStale endpoints report InvalidIfStale', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(strict)
  expect(controller.getResponse(strict, store.getState()).expiryStatus).toBe(
    ExpiryStatus.InvalidIfStale,
  )
})

test('resetEntireStore empties the cache and keeps other slices', async () => {
  const { store, cache, controller, replay } = makeStore()
  await controller.fetch(getUser, { id: 1 })
  controller.resetEntireStore()
  const state = store.getState()
  expect(state.data.entities).toEqual({})
  expect(state.data.results).toEqual({})
  expect(state.data.resetAt).toBeGreaterThan(0)
  expect(cache.select(getUser, { id: 1 })(state)).toBeUndefined()
  expect(state.todos).toEqual({ filter: 'all', count: 0 })
  expect(replay()).toEqual(state)
})

test('fetchIfStale never answers a mutation from the cache', async () => {
  const { controller } = makeStore()
  let calls = 0
  const save = new Endpoint(
    async () => {
      calls += 1
      return { id: 9, name: `saved ${calls}`, posts: [] }
    },
    { schema: User, sideEffect: true, name: 'save' },
  )
  await controller.fetchIfStale(save)
  const second = await controller.fetchIfStale(save)
  expect(calls).toBe(2)
  expect(second.name).toBe('saved 2')
})

test('an invalidation holds through a failed request, made before it or while it was in flight', async () => {
  const { store, controller, replay, expectSilentChecks } = makeStore()
  const { endpoint, control } = failingUser({ errorExpiryLength: 60_000 })
  const status = () => controller.getResponse(endpoint, { id: 1 }, store.getState()).expiryStatus
  await controller.fetch(endpoint, { id: 1 })
  // Invalidated, then a refetch fails (a soft 503): the known-wrong data is still not usable.
  controller.invalidate(endpoint, { id: 1 })
  control.failWith = new NetworkError(503, 'Unavailable')
  await expect(controller.fetch(endpoint, { id: 1 })).rejects.toBeInstanceOf(NetworkError)
  expect(status()).toBe(ExpiryStatus.Invalid)
  expect(controller.getError(endpoint, { id: 1 }, store.getState())).toBeInstanceOf(NetworkError)
  // Invalidated while a request is in flight, which then fails: the mark holds too.
  control.failWith = undefined
  await controller.fetch(endpoint, { id: 1 })
  expect(status()).toBe(ExpiryStatus.Valid)
  const gate = deferred<void>()
  control.failWith = new NetworkError(503, 'Unavailable')
  control.wait = gate.promise
  const failing = controller.fetch(endpoint, { id: 1 })
  await Promise.resolve()
  controller.invalidate(endpoint, { id: 1 })
  gate.resolve()
  await expect(failing).rejects.toBeInstanceOf(NetworkError)
  expect(status()).toBe(ExpiryStatus.Invalid)
  expect(replay().data).toEqual(store.getState().data)
  expectSilentChecks()
})
