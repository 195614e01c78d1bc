/**
 * A response with the same values as what is stored (a refetch, a poll) changes no reference:
 * the stored records and result are kept, so entities, lists, Query results and the entities
 * that point at them stay the same objects, and readers do not render again. A changed value
 * still gives new objects for what it reaches, and nothing else.
 */
import { Endpoint, Query, schema } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { expectPlain, makeStore } from '../fixtures/store'

const rows = () => [
  {
    id: 1,
    name: 'Ada',
    posts: [{ id: 10, title: 'Notes', createdAt: '2024-01-01T00:00:00.000Z' }],
  },
  { id: 2, name: 'Grace', posts: [] },
]
const getUsers = new Endpoint(async () => rows(), { schema: [User], name: 'users' })
const getPost = new Endpoint(
  async ({ id }: { id: number }) => ({ id, title: 'Notes', createdAt: '2024-01-01T00:00:00.000Z' }),
  { schema: Post, name: 'post' },
)
const names = new Query(new schema.All(User), (users) => users.map((user) => user.name))

test('a refetch with the same values keeps every reference; a change makes new ones only where it reaches', () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  controller.setResponse(getUsers, rows())
  const read = () => ({
    list: cache.select(getUsers)(store.getState()),
    names: cache.select(names)(store.getState()),
    post: cache.select(getPost, { id: 10 })(store.getState()),
  })
  const before = read()
  const records = store.getState().data.entities
  controller.setResponse(getUsers, rows())
  controller.setResponse(
    getPost,
    { id: 10 },
    { id: 10, title: 'Notes', createdAt: '2024-01-01T00:00:00.000Z' },
  )
  const same = read()
  expect(same.list).toBe(before.list)
  expect(same.names).toBe(before.names)
  expect(same.post).toBe(before.post)
  expect(store.getState().data.entities.User?.['1']).toBe(records.User?.['1'])
  // The fetch times moved on: the data is fresh again.
  expect(controller.getResponse(getUsers, store.getState()).expiresAt).toBeGreaterThan(Date.now())

  const changed = rows()
  changed[1]!.name = 'Grace H.'
  controller.setResponse(getUsers, changed)
  const after = read()
  expect(after.list).not.toBe(before.list)
  expect(after.list?.[0]).toBe(before.list?.[0])
  expect(after.list?.[1]?.name).toBe('Grace H.')
  expect(after.names).toEqual(['Ada', 'Grace H.'])
  expect(after.post).toBe(before.post)
  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
  expectSilentChecks()
})

test('a record met twice in one response (one author, two posts) is kept too when its values are the same', () => {
  const { store, cache, controller } = makeStore()
  const ada = { id: 1, name: 'Ada', posts: [] }
  const posts = () => [
    { id: 10, title: 'One', author: ada, createdAt: '2024-01-01T00:00:00.000Z' },
    { id: 11, title: 'Two', author: ada, createdAt: '2024-01-02T00:00:00.000Z' },
  ]
  const getPosts = new Endpoint(async () => posts(), { schema: [Post], name: 'posts' })
  controller.setResponse(getPosts, posts())
  const list = cache.select(getPosts)(store.getState())
  const author = store.getState().data.entities.User?.['1']
  controller.setResponse(getPosts, posts())
  expect(store.getState().data.entities.User?.['1']).toBe(author)
  expect(cache.select(getPosts)(store.getState())).toBe(list)
})

test('an entity met twice in one response, the second undoing the first, keeps its reference', () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: 'Ada' }), {
    schema: User,
    name: 'one user',
  })
  const twice = new Endpoint(async () => [] as unknown[], { schema: [User], name: 'twice' })
  controller.setResponse(getUsers, rows())
  const list = cache.select(getUsers)(store.getState())
  const ada = cache.select(getUser, { id: 1 })(store.getState())
  const stored = store.getState().data.entities.User?.['1']
  expect(stored).toBeDefined()
  controller.setResponse(twice, [
    { id: 1, name: 'Changed' },
    { id: 1, name: 'Ada' },
  ])
  expect(store.getState().data.entities.User?.['1']).toBe(stored)
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBe(ada)
  expect(cache.select(getUsers)(store.getState())).toBe(list)
  // Met twice and changed: a new record, read as new.
  controller.setResponse(twice, [
    { id: 1, name: 'Ada' },
    { id: 1, name: 'Changed' },
  ])
  expect(cache.select(getUser, { id: 1 })(store.getState())?.name).toBe('Changed')
  expect(replay()).toEqual(store.getState())
  expectSilentChecks()
})
