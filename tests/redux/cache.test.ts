import { Endpoint, ExpiryStatus, schema } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { expectPlain, makeStore, todosSlice } from '../fixtures/store'

const users = [
  { id: 1, name: 'Ada', posts: [{ id: 10, title: 'Hello', author: { id: 1, name: 'Ada' } }] },
  { id: 2, name: 'Grace', posts: [] },
]
const calls: unknown[] = []
const getUsers = new Endpoint(
  async () => {
    calls.push('getUsers')
    return structuredClone(users)
  },
  { schema: [User], name: 'getUsers' },
)
const getUser = new Endpoint(
  async ({ id }: { id: number }) => structuredClone(users.find((u) => u.id === id)),
  { schema: User, name: 'getUser' },
)
const getPost = new Endpoint(
  async ({ id }: { id: number }) => ({
    id,
    title: `Post ${id} v2`,
    createdAt: '2024-05-01T00:00:00.000Z',
  }),
  { schema: Post, name: 'getPost' },
)

beforeEach(() => {
  calls.length = 0
})

test('fetch normalizes into the slice and resolves to the denormalized value', async () => {
  const { store, controller, expectSilentChecks } = makeStore()
  const result = await controller.fetch(getUsers)
  expect(result).toHaveLength(2)
  expect(result[0]).toBeInstanceOf(User)
  expect(result[0]?.posts[0]).toBeInstanceOf(Post)
  expect(result[0]?.posts[0]?.author).toBe(result[0])
  const state = store.getState().data
  expect(Object.keys(state.entities).sort()).toEqual(['Post', 'User'])
  expect(state.results['getUsers []']).toEqual([1, 2])
  expectPlain(store.getState())
  expectSilentChecks()
})

test('the slice sits beside other slices; unrelated dispatches keep selector results ===', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const selectUsers = cache.select(getUsers)
  expect(cache.select(getUsers)).toBe(selectUsers)
  const before = selectUsers(store.getState())
  store.dispatch(todosSlice.actions.bump())
  store.dispatch(todosSlice.actions.setFilter('done'))
  expect(selectUsers(store.getState())).toBe(before)
  expect(store.getState().todos).toEqual({ filter: 'done', count: 1 })
})

test('one action per response; replaying the recorded actions rebuilds the state exactly', async () => {
  const { store, controller, recorded, replay } = makeStore()
  await controller.fetch(getUsers)
  await controller.fetch(getPost, { id: 10 })
  store.dispatch(todosSlice.actions.bump())
  controller.invalidate(getUser, { id: 1 })
  const types = recorded.map((a) => a.type)
  expect(types.filter((t) => t === 'data/received')).toHaveLength(2)
  expect(types.every((t) => t.startsWith('data/') || t.startsWith('todos/'))).toBe(true)
  for (const action of recorded) expectPlain(action)
  expect(replay()).toEqual(store.getState())
})

test('an entity fetched by one endpoint updates every view of it', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const selectUsers = cache.select(getUsers)
  const beforeUsers = selectUsers(store.getState())
  const beforeGrace = beforeUsers?.[1]
  await controller.fetch(getPost, { id: 10 })
  const afterUsers = selectUsers(store.getState())
  expect(afterUsers).not.toBe(beforeUsers)
  expect(afterUsers?.[0]?.posts[0]?.title).toBe('Post 10 v2')
  expect(afterUsers?.[0]?.posts[0]?.createdAt).toEqual(new Date('2024-05-01T00:00:00.000Z'))
  // Grace reaches nothing that changed: same instance.
  expect(afterUsers?.[1]).toBe(beforeGrace)
  // Dates are strings in the state, Dates when read.
  const stored = JSON.stringify(store.getState().data.entities)
  expect(stored).toContain('"createdAt":"2024-05-01T00:00:00.000Z"')
})

test('get answers from the tables when the entity is already stored (no request)', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(getUsers)
  const response = controller.getResponse(getUser, { id: 2 }, store.getState())
  expect(response.data).toBeInstanceOf(User)
  expect(response.data?.name).toBe('Grace')
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(response.expiresAt).toBeGreaterThan(Date.now())
  const missing = controller.getResponse(getUser, { id: 99 }, store.getState())
  expect(missing).toEqual({ data: undefined, expiryStatus: ExpiryStatus.Invalid, expiresAt: 0 })
})

test('setResponse writes like a fetch; schema-less endpoints store the response as is', async () => {
  const { store, cache, controller } = makeStore()
  const getConfig = new Endpoint(async () => ({ theme: 'dark' }), { name: 'config' })
  controller.setResponse(getConfig, { theme: 'light' })
  expect(cache.select(getConfig)(store.getState())).toEqual({ theme: 'light' })
  controller.setResponse(getUser, { id: 5 }, { id: 5, name: 'Eve', posts: [] })
  expect(cache.select(getUser, { id: 5 })(store.getState())?.name).toBe('Eve')
  expect(await controller.fetch(getConfig)).toEqual({ theme: 'dark' })
  expectPlain(store.getState())
})

test('a plain object schema reads member by member and keeps passthrough members', async () => {
  const { store, cache, controller } = makeStore()
  const page = new Endpoint(async () => ({ results: structuredClone(users), nextPage: 'abc' }), {
    schema: { results: new schema.Array(User), nextPage: '' },
    name: 'page',
  })
  const data = await controller.fetch(page)
  expect(data.nextPage).toBe('abc')
  expect(data.results.map((u) => u.name)).toEqual(['Ada', 'Grace'])
  expect(cache.select(page)(store.getState())).toBe(data)
})
