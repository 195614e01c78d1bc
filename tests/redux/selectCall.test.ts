/**
 * `cache.selectCall`: one memoized selector per call, giving everything a reader needs from one
 * snapshot; `select`, `getResponse` and `getError` are parts of it.
 */
import { Endpoint, Entity, ExpiryStatus, NetworkError, Query, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { serverErrorsSoft } from '../fixtures/failing'
import { deferred, makeStore, todosSlice } from '../fixtures/store'

const answers: Array<ReturnType<typeof deferred<unknown>>> = []
const getUser = new Endpoint(
  ({ id }: { id: number }) => {
    const answer = deferred<unknown>()
    answers.push(answer)
    return answer.promise.then((value) => value ?? { id, name: `user ${id}` })
  },
  // Fails as a REST call does: a 5xx is soft.
  { schema: User, name: 'getUser', errorPolicy: serverErrorsSoft },
)
const everyone = new Query(new schema.All(User), (users) => users.map((user) => user.name))

beforeEach(() => {
  answers.length = 0
})
/** The endpoint is called a microtask after the fetch starts: wait for its nth call. */
async function answer(n: number, value?: unknown, error?: unknown) {
  await new Promise((resolve) => setTimeout(resolve, 0))
  if (error) answers[n]?.reject(error)
  else answers[n]?.resolve(value)
}

test('pending, then data: one object per state, kept while nothing it holds changes', async () => {
  const { store, cache, controller, expectSilentChecks } = makeStore()
  const select = cache.selectCall(getUser, { id: 1 })
  expect(cache.selectCall(getUser, { id: 1 })).toBe(select)
  const empty = select(store.getState())
  expect(empty).toEqual({
    data: undefined,
    expiryStatus: ExpiryStatus.Invalid,
    expiresAt: 0,
    error: undefined,
    errorExpiresAt: 0,
    pending: false,
    incomplete: false,
  })
  const request = controller.fetch(getUser, { id: 1 })
  const pending = select(store.getState())
  expect(pending).not.toBe(empty)
  expect(pending.pending).toBe(true)
  await answer(0)
  const user = await request
  const loaded = select(store.getState())
  expect(loaded.data).toBe(user)
  expect(loaded).toMatchObject({ pending: false, expiryStatus: ExpiryStatus.Valid })
  expect(loaded.expiresAt).toBeGreaterThan(Date.now())
  // Unrelated dispatches: the very same object.
  store.dispatch(todosSlice.actions.bump())
  expect(select(store.getState())).toBe(loaded)
  // Another call's request: still the same object.
  const other = controller.fetch(getUser, { id: 2 })
  expect(select(store.getState())).toBe(loaded)
  await answer(1)
  await other
  expect(select(store.getState())).toBe(loaded)
  // select, getResponse and getError are its parts.
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBe(loaded.data)
  const response = controller.getResponse(getUser, { id: 1 }, store.getState())
  expect(response).toEqual({
    data: loaded.data,
    expiryStatus: loaded.expiryStatus,
    expiresAt: loaded.expiresAt,
  })
  expect(controller.getResponse(getUser, { id: 1 }, store.getState())).toBe(response)
  expectSilentChecks()
})

test('an error: the same Error object while stored; data of an earlier success beside it', async () => {
  const { store, cache, controller } = makeStore()
  const select = cache.selectCall(getUser, { id: 3 })
  const first = controller.fetch(getUser, { id: 3 })
  await answer(0)
  await first
  const failing = controller.fetch(getUser, { id: 3 })
  await answer(1, undefined, new NetworkError(503, 'down'))
  await expect(failing).rejects.toThrow('down')
  const call = select(store.getState())
  expect(call.error).toBeInstanceOf(NetworkError)
  expect((call.error as NetworkError).status).toBe(503)
  expect(call.errorExpiresAt).toBeGreaterThanOrEqual(Date.now())
  expect(call.data).toBeInstanceOf(User)
  expect(select(store.getState()).error).toBe(call.error)
  // A soft error (5xx) beside usable data: getError, like useError, gives undefined.
  expect(controller.getError(getUser, { id: 3 }, store.getState())).toBeUndefined()
  controller.invalidate(getUser, { id: 3 })
  expect(controller.getError(getUser, { id: 3 }, store.getState())).toBe(call.error)
})

test('invalidating changes the status, not the data reference', async () => {
  const { store, cache, controller } = makeStore()
  const request = controller.fetch(getUser, { id: 4 })
  await answer(0)
  await request
  const before = cache.selectCall(getUser, { id: 4 })(store.getState())
  controller.invalidate(getUser, { id: 4 })
  const after = cache.selectCall(getUser, { id: 4 })(store.getState())
  expect(after).not.toBe(before)
  expect(after.data).toBe(before.data)
  expect(after.expiryStatus).toBe(ExpiryStatus.Invalid)
})

test('a Query: its data, Valid when there is some, never pending or failed', async () => {
  const { store, cache, controller } = makeStore()
  const select = cache.selectCall(everyone)
  expect(select(store.getState())).toMatchObject({
    data: undefined,
    expiryStatus: ExpiryStatus.Invalid,
  })
  const request = controller.fetch(getUser, { id: 5 })
  await answer(0)
  await request
  const call = select(store.getState())
  expect(call).toEqual({
    data: ['user 5'],
    expiryStatus: ExpiryStatus.Valid,
    expiresAt: 0,
    error: undefined,
    errorExpiresAt: 0,
    pending: false,
    incomplete: false,
  })
  expect(cache.select(everyone)(store.getState())).toBe(call.data)
})

test('a record with a field named pk (Django REST framework) reads, as a get answered from the tables too', async () => {
  class Item extends Entity {
    id = 0
    label = ''
    pk() {
      return this.id
    }
    static key = 'Item'
  }
  const getItems = new Endpoint(async () => [{ id: 1, pk: 1, label: 'one' }], {
    schema: [Item],
    name: 'getItems',
  })
  const getItem = new Endpoint(async ({ id }: { id: number }) => ({ id, pk: id, label: 'x' }), {
    schema: Item,
    name: 'getItem',
  })
  const { store, controller } = makeStore()
  await controller.fetch(getItems)
  // Answered from the table (derived read): its expiry comes from the entity's meta.
  const response = controller.getResponse(getItem, { id: 1 }, store.getState())
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(response.expiresAt).toBeGreaterThan(Date.now())
  expect((response.data as unknown as { label: string }).label).toBe('one')
  const item = await controller.fetchIfStale(getItem, { id: 1 })
  expect((item as unknown as { label: string }).label).toBe('one')
  // invalidateAll and expireAll match the keys the slice holds: the derived read stays valid.
  controller.invalidateAll({ testKey: (key) => key.startsWith('getItem ') })
  controller.expireAll({ testKey: (key) => key.startsWith('getItem ') })
  const kept = controller.getResponse(getItem, { id: 1 }, store.getState())
  expect(kept.expiryStatus).toBe(ExpiryStatus.Valid)
  // invalidate names the call: it is marked all the same (as data-client), so readers fetch it.
  controller.invalidate(getItem, { id: 1 })
  const marked = controller.getResponse(getItem, { id: 1 }, store.getState())
  expect(marked.expiryStatus).toBe(ExpiryStatus.Invalid)
  expect((marked.data as unknown as { label: string }).label).toBe('one')
})

test('a sweep drops the selectors of the calls it forgot, and keeps the others', async () => {
  const { store, cache, controller } = makeStore()
  for (const [n, id] of [10, 11].entries()) {
    const request = controller.fetch(getUser, { id })
    await answer(n)
    await request
  }
  const kept = cache.selectCall(getUser, { id: 10 })
  const forgotten = cache.selectCall(getUser, { id: 11 })
  const before = kept(store.getState())
  const release = cache.retain(store, getUser, { id: 10 })
  const payload = controller.collectGarbage({ now: Date.now() + 3_600_000 })
  expect(payload.keys).toEqual(['getUser [{"id":11}]'])
  // The retained call keeps its selector, and its state object: a mounted reader does not render.
  expect(cache.selectCall(getUser, { id: 10 })).toBe(kept)
  expect(kept(store.getState())).toBe(before)
  expect(cache.selectCall(getUser, { id: 11 })).not.toBe(forgotten)
  release()
})

test('getResponse keeps its object while data, status and expiry stay (a request starting)', async () => {
  const { store, cache, controller } = makeStore()
  const request = controller.fetch(getUser, { id: 1 })
  await answer(0)
  await request
  const before = controller.getResponse(getUser, { id: 1 }, store.getState())
  const refetch = controller.fetch(getUser, { id: 1 })
  // The call's state changed (pending); its response did not.
  expect(controller.getResponse(getUser, { id: 1 }, store.getState())).toBe(before)
  // A failure leaves the data's expiry as it was (the error has its own): the same response.
  await answer(1, undefined, new Error('offline'))
  await expect(refetch).rejects.toThrow('offline')
  expect(controller.getResponse(getUser, { id: 1 }, store.getState())).toBe(before)
  expect(cache.selectCall(getUser, { id: 1 })(store.getState()).error?.message).toBe('offline')
})

test('setResponse or setError while a request is in flight: still pending until it settles', async () => {
  const { store, cache, controller, replay } = makeStore()
  const pending = () => cache.selectCall(getUser, { id: 1 })(store.getState()).pending
  const request = controller.fetch(getUser, { id: 1 })
  expect(pending()).toBe(true)
  controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'by hand' })
  expect(pending()).toBe(true)
  controller.setError(getUser, { id: 1 }, new Error('by hand'))
  expect(pending()).toBe(true)
  // The request's own answer is older than both: it writes nothing of its own, and ends.
  await answer(0, { id: 1, name: 'late' })
  await request
  expect(pending()).toBe(false)
  expect(cache.select(getUser, { id: 1 })(store.getState())?.name).toBe('by hand')
  expect(replay().data).toEqual(store.getState().data)
})
