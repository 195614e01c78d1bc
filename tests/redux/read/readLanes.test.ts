/**
 * One cache serving several stores (a store per test, per server request, two Providers on one
 * page): each store reads in its own lane, so reading another store in between never rebuilds
 * what this store's readers hold.
 */
import { configureStore } from '@reduxjs/toolkit'
import { http, HttpResponse } from 'msw'
import { Endpoint, Query, createEntityCache, schema } from 'rtk-resources'
import { Post, User } from '../../fixtures/entities'
import { API, TodoResource } from '../../fixtures/resources'
import { server } from '../../mocks/server'

const getUsers = new Endpoint(async () => [] as Array<{ id: number; name: string }>, {
  schema: [User],
  name: 'users',
})
const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '', posts: [] }), {
  schema: User,
  name: 'user',
})
const usersByName = new Query(new schema.All(User), (users) =>
  [...users].sort((a, b) => a.name.localeCompare(b.name)),
)

function twoStores(preloaded?: () => unknown) {
  const cache = createEntityCache({ reducerPath: 'data' })
  const make = () =>
    configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
      ...(preloaded ? { preloadedState: preloaded() as never } : {}),
    })
  const a = make()
  const b = make()
  return { cache, a, b, ca: cache.controller(a), cb: cache.controller(b) }
}

const people = (names: string[]) => names.map((name, i) => ({ id: i + 1, name, posts: [] }))

test('reads of two stores, alternated, keep each store’s references', () => {
  const { cache, a, b, ca, cb } = twoStores()
  ca.setResponse(getUsers, people(['Ada', 'Grace']))
  cb.setResponse(getUsers, people(['Edsger', 'Barbara']))
  const list = cache.select(getUsers)
  const call = cache.selectCall(getUsers)
  const sorted = cache.select(usersByName)
  const one = cache.selectEntity(User, 1)

  const readAll = (root: unknown) => [list(root), call(root), sorted(root), one(root)] as const
  const fromA = readAll(a.getState())
  const fromB = readAll(b.getState())
  expect(fromA[0]?.map((u) => u.name)).toEqual(['Ada', 'Grace'])
  expect(fromB[0]?.map((u) => u.name)).toEqual(['Edsger', 'Barbara'])
  expect(fromB[3]?.name).toBe('Edsger')

  for (let round = 0; round < 3; round++) {
    readAll(a.getState()).forEach((value, i) => expect(value).toBe(fromA[i]))
    readAll(b.getState()).forEach((value, i) => expect(value).toBe(fromB[i]))
  }
  // The same record in both lists is one instance per store, not across stores.
  expect(fromA[0]?.[0]).toBe(fromA[3])
  expect(fromA[0]?.[0]).not.toBe(fromB[0]?.[0])
})

test('a change in one store rebuilds only what reaches it there; the other store keeps all', () => {
  const { cache, a, b, ca, cb } = twoStores()
  const posts = new Endpoint(async () => [] as unknown[], { schema: [Post], name: 'posts' })
  const written = [
    { id: 1, title: 'One', author: { id: 7, name: 'Ada', posts: [] }, createdAt: '2024-01-01' },
    { id: 2, title: 'Two', author: { id: 8, name: 'Grace', posts: [] }, createdAt: '2024-01-02' },
  ]
  ca.setResponse(posts, written)
  cb.setResponse(posts, written)
  const select = cache.select(posts)
  const beforeA = select(a.getState()) as Post[]
  const beforeB = select(b.getState()) as Post[]

  // In A, a user no post reaches; in B, a post's author.
  ca.setResponse(getUsers, people(['Zed']))
  cb.setResponse(getUser, { id: 8 }, { id: 8, name: 'Grace Hopper', posts: [] })
  const afterB = select(b.getState()) as Post[]
  const afterA = select(a.getState()) as Post[]
  expect(afterA).toBe(beforeA)
  expect(afterB).not.toBe(beforeB)
  expect(afterB[0]).toBe(beforeB[0])
  expect(afterB[1]?.author?.name).toBe('Grace Hopper')
  expect(afterA[1]?.author?.name).toBe('Grace')
})

test('a preloaded store reads its first state in its own lane: an unrelated action keeps it', () => {
  const { cache, a, ca } = twoStores()
  ca.setResponse(getUsers, people(['Ada']))
  const saved = JSON.stringify(a.getState())
  // Two more stores made from the saved state, read before any action of theirs.
  const { cache: other, a: c, b: d } = twoStores(() => JSON.parse(saved))
  expect(other).not.toBe(cache)
  const select = other.select(getUsers)
  const first = select(c.getState())
  const firstD = select(d.getState())
  expect(first?.[0]?.name).toBe('Ada')
  c.dispatch({ type: 'something/else' })
  d.dispatch({ type: 'something/else' })
  expect(select(d.getState())).toBe(firstD)
  expect(select(c.getState())).toBe(first)
  expect(first).not.toBe(firstD)
})

test('a reset in one store forgets its instances only', () => {
  const { cache, a, b, ca, cb } = twoStores()
  ca.setResponse(getUser, { id: 1 }, { id: 1, name: 'Ada', posts: [] })
  cb.setResponse(getUser, { id: 1 }, { id: 1, name: 'Ada', posts: [] })
  const select = cache.selectEntity(User, 1)
  const inA = select(a.getState())
  const inB = select(b.getState())
  ca.resetEntireStore()
  expect(select(a.getState())).toBeUndefined()
  expect(select(b.getState())).toBe(inB)
  ca.setResponse(getUser, { id: 1 }, { id: 1, name: 'Ada', posts: [] })
  const again = select(a.getState())
  expect(again?.name).toBe('Ada')
  expect(again).not.toBe(inA)
  expect(cache.select(getUser, { id: 1 })(b.getState())).toBe(inB)
})

test('garbage collection in one store leaves the other store’s reads as they were', async () => {
  const { cache, a, b, ca, cb } = twoStores()
  ca.setResponse(getUsers, people(['Ada', 'Grace']))
  cb.setResponse(getUsers, people(['Ada', 'Grace']))
  const select = cache.select(getUsers)
  const inB = select(b.getState())
  select(a.getState())
  const swept = ca.collectGarbage({ now: Date.now() + 10 * 60_000 })
  expect(swept.keys).toContain(getUsers.key())
  expect(select(a.getState())).toBeUndefined()
  expect(select(b.getState())).toBe(inB)
})

test('fetches into two stores resolve to each store’s own instances, kept by later reads', async () => {
  let version = 0
  server.use(
    http.get(`${API}/todos/:id`, ({ params }) =>
      HttpResponse.json({
        id: Number(params.id),
        userId: 1,
        title: `v${++version}`,
        completed: false,
      }),
    ),
  )
  const { cache, a, b, ca, cb } = twoStores()
  const fromA = await ca.fetch(TodoResource.get, { id: 3 })
  const fromB = await cb.fetch(TodoResource.get, { id: 3 })
  expect([fromA.title, fromB.title]).toEqual(['v1', 'v2'])
  const select = cache.select(TodoResource.get, { id: 3 })
  expect(select(a.getState())).toBe(fromA)
  expect(select(b.getState())).toBe(fromB)
  expect(select(a.getState())).toBe(fromA)
})

test('a subscriber that reads while its store dispatches reads in that store’s lane', () => {
  const { cache, a, b, ca, cb } = twoStores()
  ca.setResponse(getUsers, people(['Ada', 'Grace', 'Alan']))
  cb.setResponse(getUsers, people(['Ada', 'Grace', 'Alan']))
  const select = cache.select(getUsers)
  const seen: { a: Array<User[] | undefined>; b: Array<User[] | undefined> } = { a: [], b: [] }
  a.subscribe(() => seen.a.push(select(a.getState())))
  b.subscribe(() => seen.b.push(select(b.getState())))
  for (const [controller, id] of [
    [ca, 1],
    [cb, 2],
    [ca, 3],
    [cb, 1],
  ] as const) {
    controller.setResponse(getUser, { id }, { id, name: `Renamed ${id}`, posts: [] })
  }
  const [a1, a3] = seen.a as [User[], User[]]
  const [b2, b1] = seen.b as [User[], User[]]
  // In A, writing user 3 rebuilt user 3 only; in B, writing user 1 rebuilt user 1 only.
  expect([a3[0] === a1[0], a3[1] === a1[1], a3[2] === a1[2]]).toEqual([true, true, false])
  expect([b1[0] === b2[0], b1[1] === b2[1], b1[2] === b2[2]]).toEqual([false, true, true])
})
