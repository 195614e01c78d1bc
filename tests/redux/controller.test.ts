/** Every public Controller method works detached, as in Reactive Data Client. */
import { Endpoint, ExpiryStatus } from 'rtk-resources'
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
    await jest.advanceTimersByTimeAsync(3_000)
    expect(calls).toHaveLength(3)
    unsubscribe(poll)
    await jest.advanceTimersByTimeAsync(1_000)
    expect(calls).toHaveLength(4)
    unsubscribe(poll)
    await jest.advanceTimersByTimeAsync(5_000)
    expect(calls).toHaveLength(4)
  } finally {
    jest.useRealTimers()
  }
})
