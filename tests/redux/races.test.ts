import { Endpoint, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { deferred, expectPlain, makeStore } from '../fixtures/store'

type Reply = { id: number; name: string; posts: never[] }

/** An endpoint whose every call waits for the test to answer it. */
function controlledEndpoint(options: { sideEffect?: boolean } = {}) {
  const calls: Array<ReturnType<typeof deferred<Reply>>> = []
  const endpoint = new Endpoint(
    (_params: { id: number }) => {
      const call = deferred<Reply>()
      calls.push(call)
      return call.promise
    },
    { schema: User, name: 'controlled', ...options },
  )
  return { endpoint, calls }
}

test('concurrent identical GETs share one request', async () => {
  const { controller } = makeStore()
  const { endpoint, calls } = controlledEndpoint()
  const a = controller.fetch(endpoint, { id: 1 })
  const b = controller.fetch(endpoint, { id: 1 })
  const c = controller.fetch(endpoint, { id: 2 })
  await Promise.resolve()
  expect(calls).toHaveLength(2)
  calls[0]?.resolve({ id: 1, name: 'one', posts: [] })
  calls[1]?.resolve({ id: 2, name: 'two', posts: [] })
  const [ra, rb, rc] = await Promise.all([a, b, c])
  expect(ra).toBe(rb)
  expect(rc.name).toBe('two')
})

test('mutations are never deduplicated', async () => {
  const { controller } = makeStore()
  const { endpoint, calls } = controlledEndpoint({ sideEffect: true })
  const a = controller.fetch(endpoint, { id: 1 })
  const b = controller.fetch(endpoint, { id: 1 })
  await Promise.resolve()
  expect(calls).toHaveLength(2)
  calls.forEach((call, i) => call.resolve({ id: 1, name: `v${i}`, posts: [] }))
  await Promise.all([a, b])
})

test('an earlier-started response arriving last never overwrites newer data', async () => {
  const { store, cache, controller } = makeStore()
  const { endpoint, calls } = controlledEndpoint({ sideEffect: true })
  const older = controller.fetch(endpoint, { id: 1 })
  await new Promise((resolve) => setTimeout(resolve, 2))
  const newer = controller.fetch(endpoint, { id: 1 })
  await Promise.resolve()
  calls[1]?.resolve({ id: 1, name: 'newer', posts: [] })
  await newer
  calls[0]?.resolve({ id: 1, name: 'older', posts: [] })
  await older
  const read = cache.select(endpoint, { id: 1 })(store.getState())
  expect(read?.name).toBe('newer')
  expectPlain(store.getState())
})

test('a response to a request started before resetEntireStore is dropped', async () => {
  const { store, controller, recorded } = makeStore()
  const { endpoint, calls } = controlledEndpoint()
  const pending = controller.fetch(endpoint, { id: 1 })
  await Promise.resolve()
  controller.resetEntireStore()
  calls[0]?.resolve({ id: 1, name: 'late', posts: [] })
  // Nothing is stored, but the promise still resolves to what its type says: a User.
  const late = await pending
  expect(late).toBeInstanceOf(User)
  expect(late.name).toBe('late')
  expect(store.getState().data.entities).toEqual({})
  expect(recorded.map((a) => a.type)).not.toContain('data/received')
  // A new request after the reset is not deduplicated onto the dropped one.
  const again = controller.fetch(endpoint, { id: 1 })
  await Promise.resolve()
  expect(calls).toHaveLength(2)
  calls[1]?.resolve({ id: 1, name: 'fresh', posts: [] })
  expect((await again).name).toBe('fresh')
})

test('a GET that lost to a confirmed delete still resolves to an instance, read from its response', async () => {
  const { store, cache, controller } = makeStore()
  const { endpoint: getUser, calls } = controlledEndpoint()
  const deleteUser = new Endpoint(async ({ id }: { id: number }) => ({ id }), {
    schema: new schema.Delete(User),
    sideEffect: true,
    name: 'deleteUser',
  })
  const reading = controller.fetch(getUser, { id: 1 })
  await Promise.resolve()
  await controller.fetch(deleteUser, { id: 1 })
  calls[0]?.resolve({ id: 1, name: 'from before the delete', posts: [] })
  const read = await reading
  // The delete wins in the store; the caller still gets a User, not the wire's plain object.
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBeUndefined()
  expect(read).toBeInstanceOf(User)
  expect(read.name).toBe('from before the delete')
  expectPlain(store.getState())
})

test("a delete runs its endpoint's update once: what it resolves to is not read again", async () => {
  const { store, cache, controller } = makeStore()
  const getUsers = new Endpoint(
    async () => [
      { id: 1, name: 'one', posts: [] },
      { id: 2, name: 'two', posts: [] },
    ],
    { schema: [User], name: 'getUsers' },
  )
  let updates = 0
  const deleteUser = new Endpoint(async ({ id }: { id: number }) => ({ id }), {
    schema: new schema.Delete(User),
    sideEffect: true,
    name: 'deleteUserOnce',
    update: (id: string) => {
      updates += 1
      return { [getUsers.key()]: (ids: string[]) => ids.filter((other) => other !== id) }
    },
  })
  await controller.fetch(getUsers)
  await expect(controller.fetch(deleteUser, { id: 1 })).resolves.toEqual({ id: 1 })
  expect(updates).toBe(1)
  expect(
    cache
      .select(getUsers)(store.getState())
      ?.map((user) => user.id),
  ).toEqual([2])
})

test('invalidate while a deduplicated request is in flight is not lost', async () => {
  const { store, controller } = makeStore()
  const { endpoint, calls } = controlledEndpoint()
  controller.setResponse(endpoint, { id: 1 }, { id: 1, name: 'cached', posts: [] })
  const pending = controller.fetch(endpoint, { id: 1 })
  await Promise.resolve()
  controller.invalidate(endpoint, { id: 1 })
  calls[0]?.resolve({ id: 1, name: 'from before the invalidate', posts: [] })
  await pending
  const meta = store.getState().data.meta['controlled [{"id":1}]']
  expect(meta?.invalidated).toBe(true)
})
