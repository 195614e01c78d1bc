/** Every public Controller method works detached, as in Reactive Data Client. */
import { combineReducers, configureStore } from '@reduxjs/toolkit'
import { createEntityCache, Endpoint, ExpiryStatus, Query, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { makeStore } from '../fixtures/store'

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: `user ${id}` }), {
  schema: User,
  name: 'getUser',
  pollFrequency: 60_000,
})

test('destructured methods act on their store', async () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  const {
    fetch,
    fetchIfStale,
    fetchWithSignal,
    invalidate,
    invalidateAll,
    expireAll,
    setResponse,
    setError,
    getResponse,
    getError,
    resetEntireStore,
    collectGarbage,
    subscribe,
    unsubscribe,
  } = controller
  const user = await fetch(getUser, { id: 1 })
  expect(user.name).toBe('user 1')
  expect(await fetchIfStale(getUser, { id: 1 })).toBe(user)
  expect(await fetchWithSignal(new AbortController().signal, getUser, { id: 2 })).toBeInstanceOf(
    User,
  )
  invalidate(getUser, { id: 1 })
  expect(getResponse(getUser, { id: 1 }, store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid)
  setResponse(getUser, { id: 3 }, { id: 3, name: 'set' })
  expect(cache.select(getUser, { id: 3 })(store.getState())?.name).toBe('set')
  setError(getUser, { id: 4 }, new Error('nope'))
  expect(getError(getUser, { id: 4 }, store.getState())?.message).toBe('nope')
  expireAll({ testKey: (key) => key.startsWith('getUser') })
  invalidateAll({ testKey: () => true })
  subscribe(getUser, { id: 1 })
  unsubscribe(getUser, { id: 1 })
  expect(collectGarbage({ now: Date.now() })).toEqual({ keys: [], entities: {} })
  resetEntireStore()
  expect(store.getState().data.results).toEqual({})
  expect(replay()).toEqual(store.getState())
  expectSilentChecks()
})

test('one Controller per store; subscribe polls once per call however many subscribers', async () => {
  jest.useFakeTimers()
  try {
    const { cache, store, controller } = makeStore()
    expect(cache.controller(store)).toBe(controller)
    const calls: number[] = []
    const poll = new Endpoint(
      async () => {
        calls.push(Date.now())
        return { ok: true }
      },
      { name: 'poll', pollFrequency: 1_000 },
    )
    const { subscribe, unsubscribe } = controller
    subscribe(poll)
    subscribe(poll)
    // Nothing stored yet: the first poll goes at once, then one a second.
    await jest.advanceTimersByTimeAsync(3_000)
    expect(calls).toHaveLength(4)
    unsubscribe(poll)
    await jest.advanceTimersByTimeAsync(1_000)
    expect(calls).toHaveLength(5)
    unsubscribe(poll)
    await jest.advanceTimersByTimeAsync(5_000)
    expect(calls).toHaveLength(5)
  } finally {
    jest.useRealTimers()
  }
})

test('fetch rejects (never throws) when the cache is not mounted, naming the fix', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  // Nested one level down: the cache is not at state.data.
  const store = configureStore({
    reducer: { app: combineReducers({ data: cache.reducer }) },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  const { fetch } = cache.controller(store)
  let request: Promise<unknown> | undefined
  expect(() => (request = fetch(getUser, { id: 1 }))).not.toThrow()
  await expect(request).rejects.toMatchObject({ name: 'SetupError', code: 'bad-setup' })
})

test('a Query cannot fetch: fetch rejects with a SetupError and writes nothing; fetchIfStale reads it', async () => {
  const { store, controller, recorded } = makeStore()
  const everyone = new Query(new schema.All(User), (users) => users.map((user) => user.name))
  const fetchQuery = controller.fetch as (readable: unknown) => Promise<unknown>
  const fetchIfStale = controller.fetchIfStale as (readable: unknown) => Promise<unknown>
  const before = recorded.length
  await expect(fetchQuery(everyone)).rejects.toMatchObject({ name: 'SetupError' })
  await expect(fetchIfStale(everyone)).rejects.toThrow(/A Query reads only from the cache/)
  expect(recorded.length).toBe(before)
  await controller.fetch(getUser, { id: 1 })
  expect(await fetchIfStale(everyone)).toEqual(['user 1'])
  expect(store.getState().data.meta).not.toHaveProperty(everyone.key())
})

test('null in place of the args is no call: writes do nothing, reads give nothing, as in data-client', async () => {
  jest.useFakeTimers()
  try {
    const { store, cache, controller, expectSilentChecks } = makeStore()
    const asked: unknown[] = []
    const polled = getUser.extend({
      name: 'polled',
      fetch: async (params: { id: number }) => {
        asked.push(params)
        return { id: params.id, name: 'polled' }
      },
    })
    await controller.fetch(getUser, { id: 1 })
    const before = store.getState()
    await controller.invalidate(getUser, null)
    await controller.subscribe(polled, null)
    await jest.advanceTimersByTimeAsync(120_000)
    await controller.unsubscribe(polled, null)
    expect(asked).toEqual([])
    expect(store.getState()).toBe(before)
    expect(cache.select(getUser, null)(store.getState())).toBeUndefined()
    expect(cache.select(getUser, null)).toBe(cache.select(getUser, null))
    expect(controller.getResponse(getUser, null, store.getState())).toEqual({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      expiresAt: 0,
    })
    expect(controller.getError(getUser, null, store.getState())).toBeUndefined()
    // A Query read with null runs no process either.
    const names = new Query(new schema.All(User), (users) => users.map((user) => user.name))
    expect(cache.select(names)(store.getState())).toEqual(['user 1'])
    expect(cache.select(names, null as never)(store.getState())).toBeUndefined()
    expectSilentChecks()
  } finally {
    jest.useRealTimers()
  }
})

test('controller.store is the store itself, though the middleware met the store first', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  store.dispatch({ type: 'any' })
  const controller = cache.controller(store)
  expect(controller.store).toBe(store)
  // Detached, too.
  const { store: detached } = controller
  expect(detached).toBe(store)
})

test('invalidateAll and expireAll without a testKey throw a SetupError naming the option', async () => {
  const { controller } = makeStore()
  const getOne = new Endpoint(async ({ id }: { id: number }) => ({ id }), { name: 'getOne' })
  await controller.fetch(getOne, { id: 1 })
  const { invalidateAll, expireAll } = controller
  for (const [call, name] of [
    [() => invalidateAll(undefined as never), 'controller.invalidateAll'],
    [() => expireAll({} as never), 'controller.expireAll'],
  ] as const) {
    let error: unknown
    try {
      call()
    } catch (caught) {
      error = caught
    }
    expect(error).toMatchObject({ name: 'SetupError', code: 'bad-setup' })
    expect((error as Error).message).toContain(`${name} needs { testKey: (key) => boolean }`)
  }
  expect(() => expireAll({} as never)).toThrow('it was given an object without testKey.')
  // With one, both work, destructured as well.
  invalidateAll({ testKey: (key) => key.startsWith('getOne') })
  expect(controller.getResponse(getOne, { id: 1 }, controller.store.getState()).expiryStatus).toBe(
    ExpiryStatus.Invalid,
  )
})

test("controller.getState() is the store's root state (data-client's idiom for getResponse), detached too", async () => {
  const { store, controller } = makeStore()
  const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: 'Ada', posts: [] }), {
    schema: User,
    name: 'getUserState',
  })
  await controller.fetch(getUser, { id: 1 })
  const { getState, getResponse } = controller
  expect(getState()).toBe(store.getState())
  expect(getResponse(getUser, { id: 1 }, controller.getState()).data?.name).toBe('Ada')
})
