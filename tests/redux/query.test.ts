import { Endpoint, Query, schema, SchemaDefinitionError } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { makeStore, todosSlice } from '../fixtures/store'

class Todo extends User {}
const seed = [
  { id: 1, name: 'write docs', posts: [] },
  { id: 2, name: 'fix bug', posts: [] },
  { id: 3, name: 'add tests', posts: [] },
]
const getUsers = new Endpoint(async () => structuredClone(seed), { schema: [User], name: 'users' })
const rename = new Endpoint(async ({ id, name }: { id: number; name: string }) => ({ id, name }), {
  schema: User,
  sideEffect: true,
  name: 'rename',
})

test('a Query sorts, filters and counts from the tables, with referential equality', async () => {
  const { store, cache, controller } = makeStore()
  const process = jest.fn((users: User[], { prefix }: { prefix: string }) =>
    users.filter((u) => u.name.startsWith(prefix)).sort((a, b) => a.name.localeCompare(b.name)),
  )
  const matching = new Query(new schema.All(User), process)
  const count = new Query(new schema.All(User), (users) => users.length)
  expect(cache.select(matching, { prefix: 'a' })(store.getState())).toBeUndefined()

  await controller.fetch(getUsers)
  const select = cache.select(matching, { prefix: 'a' })
  expect(cache.select(matching, { prefix: 'a' })).toBe(select)
  const first = select(store.getState())
  expect(first?.map((u) => u.name)).toEqual(['add tests'])
  expect(cache.select(count)(store.getState())).toBe(3)
  expect(process).toHaveBeenCalledTimes(1)

  // Unrelated dispatches: no recomputation, same reference.
  store.dispatch(todosSlice.actions.bump())
  expect(select(store.getState())).toBe(first)
  expect(process).toHaveBeenCalledTimes(1)

  // A related change recomputes.
  await controller.fetch(rename, { id: 2, name: 'a renamed bug' })
  const second = select(store.getState())
  expect(second?.map((u) => u.name)).toEqual(['a renamed bug', 'add tests'])
  expect(second?.[1]).toBe(first?.[0])
  expect(process).toHaveBeenCalledTimes(2)

  // Other args: another selector, its own memo.
  expect(
    cache
      .select(matching, { prefix: 'w' })(store.getState())
      ?.map((u) => u.id),
  ).toEqual([1])
  expect(controller.getResponse(count, store.getState())).toMatchObject({ data: 3 })
})

test('a Query over an Entity finds it by the args; missing → undefined', async () => {
  const { store, cache, controller } = makeStore()
  const byId = new Query(User)
  await controller.fetch(getUsers)
  const select = cache.select(byId, { id: 2 })
  const grace = select(store.getState())
  expect(grace).toBeInstanceOf(User)
  expect(grace?.name).toBe('fix bug')
  expect(cache.select(byId, { id: 99 })(store.getState())).toBeUndefined()
  store.dispatch(todosSlice.actions.bump())
  expect(select(store.getState())).toBe(grace)
})

test('two classes sharing a key read the same table', async () => {
  const { store, cache, controller } = makeStore()
  class TodoSummary extends Todo {
    static key = 'User'
  }
  await controller.fetch(getUsers)
  const summaries = cache.select(new Query(new schema.All(TodoSummary)))(store.getState())
  expect(summaries?.map((t) => t.id)).toEqual([1, 2, 3])
  expect(summaries?.[0]).toBeInstanceOf(TodoSummary)
})

test('a Query joining two tables: process runs only once both exist, never with a member missing', () => {
  const { store, cache, controller } = makeStore()
  const seen: unknown[] = []
  const getPosts = new Endpoint(async () => [] as Array<{ id: number; title: string }>, {
    schema: [Post],
    name: 'posts',
  })
  const counts = new Query(
    { users: new schema.All(User), posts: new schema.All(Post) },
    ({ users, posts }) => {
      seen.push(posts)
      return `${users.length} users, ${posts.length} posts`
    },
  )
  controller.setResponse(getUsers, structuredClone(seed))
  // An empty list creates no Post table: no data yet, and process is not called.
  controller.setResponse(getPosts, [])
  expect(cache.select(counts)(store.getState())).toBeUndefined()
  expect(seen).toEqual([])
  controller.setResponse(getPosts, [{ id: 1, title: 'One' }])
  expect(cache.select(counts)(store.getState())).toBe(`${seed.length} users, 1 posts`)
})

test('new Query without a schema (a circular import) throws where it is written', () => {
  // Before: a Query that read undefined forever.
  const make = () => new Query(undefined as any)
  expect(make).toThrow(SchemaDefinitionError)
  expect(make).toThrow(/takes the schema it reads.*circular import/s)
  expect(() => new Query(new schema.All(User), 'count' as any)).toThrow(SchemaDefinitionError)
})

test('new Query over a list, schema.Array, schema.Values or schema.Delete throws, naming schema.All', () => {
  // Before: each compiled and read undefined forever (only a response says which ids a list
  // holds), with no word of why.
  for (const unanswerable of [
    [User],
    new schema.Array(User),
    new schema.Values(User),
    new schema.Delete(User),
  ]) {
    const make = () => new Query(unanswerable as never)
    expect(make).toThrow(SchemaDefinitionError)
    expect(make).toThrow(/entity tables alone.*new Query\(new schema\.All\(Todo\), process\)/s)
  }
  expect(() => new Query([User] as never)).toThrow(/a list schema \(\[Todo\]\)/)
  expect(() => new Query(new schema.Values(User) as never)).toThrow(/schema\.Values cannot be read/)
  // What the tables can answer is still taken: All, an Entity, a Union, an object of those.
  const union = new schema.Union({ user: User, post: Post }, 'type')
  for (const answerable of [new schema.All(User), User, union, { users: new schema.All(User) }]) {
    expect(() => new Query(answerable)).not.toThrow()
  }
})
