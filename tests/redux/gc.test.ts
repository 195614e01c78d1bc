import { configureStore } from '@reduxjs/toolkit'
import type { UnknownAction } from '@reduxjs/toolkit'
import { Endpoint, Entity, Query, createEntityCache, schema } from 'rtk-resources'
import type { OptimisticSnapshot } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { deferred, expectPlain, makeStore } from '../fixtures/store'

const MINUTE = 60_000
/** A time well past the default gcTime (5 minutes). */
const later = () => Date.now() + 10 * MINUTE

const postsOf = (userId: number) => [
  {
    id: userId * 10 + 1,
    title: `post ${userId}.1`,
    author: { id: userId, name: `user ${userId}` },
  },
  {
    id: userId * 10 + 2,
    title: `post ${userId}.2`,
    author: { id: userId, name: `user ${userId}` },
  },
]
const getPosts = new Endpoint(async ({ userId }: { userId: number }) => postsOf(userId), {
  schema: [Post],
  name: 'posts',
})
const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: `user ${id}` }), {
  schema: User,
  name: 'user',
})
const pks = (state: { data: { entities: Record<string, Record<string, object>> } }, key: string) =>
  Object.keys(state.data.entities[key] ?? {}).sort()
const collectedActions = (recorded: UnknownAction[]) =>
  recorded.filter((action) => action.type === 'data/collected')

test('a retained reader keeps its data however old; released and old, it goes in one action', async () => {
  const { store, cache, controller, recorded, replay, expectSilentChecks } = makeStore()
  await controller.fetch(getPosts, { userId: 1 })
  await controller.fetch(getPosts, { userId: 2 })
  const release = cache.retain(store, getPosts, { userId: 1 })

  // Nothing is collected while it is young, whatever holds it.
  expect(controller.collectGarbage()).toEqual({ keys: [], entities: {} })
  expect(collectedActions(recorded)).toHaveLength(0)

  // Old: the unretained list goes with the records only it reached; the retained one stays.
  const first = controller.collectGarbage({ now: later() })
  expect(first.keys).toEqual(['posts [{"userId":2}]'])
  expect(first.entities).toEqual({ Post: ['21', '22'], User: ['2'] })
  expect(collectedActions(recorded)).toEqual([{ type: 'data/collected', payload: first }])
  expect(Object.keys(store.getState().data.results)).toEqual(['posts [{"userId":1}]'])
  expect(pks(store.getState(), 'Post')).toEqual(['11', '12'])
  expect(pks(store.getState(), 'User')).toEqual(['1'])
  expect(cache.select(getPosts, { userId: 1 })(store.getState())?.[0]?.author?.name).toBe('user 1')

  // Released: kept for gcTime after the release, then forgotten.
  release()
  expect(controller.collectGarbage({ now: Date.now() + MINUTE }).keys).toEqual([])
  const second = controller.collectGarbage({ now: later() })
  expect(second.keys).toEqual(['posts [{"userId":1}]'])
  expect(store.getState().data).toMatchObject({ results: {}, meta: {}, entities: {} })
  expect(store.getState().data.entitiesMeta).toEqual({})
  expect(cache.select(getPosts, { userId: 1 })(store.getState())).toBeUndefined()

  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
  expectSilentChecks()
})

test('a record another remaining result reaches stays', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getPosts, { userId: 1 })
  await controller.fetch(getUser, { id: 1 })
  const release = cache.retain(store, getUser, { id: 1 })
  expect(controller.collectGarbage({ now: later() })).toEqual({
    keys: ['posts [{"userId":1}]'],
    entities: { Post: ['11', '12'] },
  })
  expect(cache.select(getUser, { id: 1 })(store.getState())?.name).toBe('user 1')
  release()
  expect(controller.collectGarbage({ now: later() }).entities).toEqual({ User: ['1'] })
})

test('gcTime sets how long unused data is kept; olderThan overrides it per sweep', async () => {
  const { store, controller } = makeStore({ gcTime: 1000 })
  await controller.fetch(getUser, { id: 1 })
  expect(controller.collectGarbage({ now: Date.now() + 2000, olderThan: 5000 }).keys).toEqual([])
  expect(controller.collectGarbage({ now: Date.now() + 2000 }).keys).toEqual(['user [{"id":1}]'])
  expect(store.getState().data.results).toEqual({})
})

test('cycles: records reached around a cycle stay, an unreached cycle goes', async () => {
  const { store, cache, controller, replay } = makeStore()
  // user 1 ↔ posts 11, 12 (author back to the user); user 3 ↔ post 31.
  const getUserWithPosts = new Endpoint(
    async ({ id }: { id: number }) => ({
      id,
      name: `user ${id}`,
      posts: [{ id: id * 10 + 1, title: 'x', author: id }],
    }),
    { schema: User, name: 'userWithPosts' },
  )
  await controller.fetch(getUserWithPosts, { id: 1 })
  await controller.fetch(getUserWithPosts, { id: 3 })
  cache.retain(store, getUserWithPosts, { id: 1 })
  const payload = controller.collectGarbage({ now: later() })
  expect(payload.entities).toEqual({ Post: ['31'], User: ['3'] })
  const user = cache.select(getUserWithPosts, { id: 1 })(store.getState())
  expect(user?.posts[0]?.author).toBe(user)
  expect(replay()).toEqual(store.getState())
})

test('a retained Query over schema.All keeps its tables (and the tables they point to)', async () => {
  const { store, cache, controller } = makeStore()
  const allPosts = new Query(new schema.All(Post))
  await controller.fetch(getPosts, { userId: 1 })
  await controller.fetch(getPosts, { userId: 2 })
  const release = cache.retain(store, allPosts)
  const payload = controller.collectGarbage({ now: later() })
  expect(payload.keys).toHaveLength(2)
  expect(payload.entities).toEqual({})
  expect(
    cache
      .select(allPosts)(store.getState())
      ?.map((post) => post.author?.id),
  ).toEqual([1, 1, 2, 2])
  release()
  expect(controller.collectGarbage({ now: later() }).entities).toEqual({
    Post: ['11', '12', '21', '22'],
    User: ['1', '2'],
  })
})

test('a retained get answered from the tables keeps its table', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getPosts, { userId: 1 })
  const getPost = new Endpoint(async ({ id }: { id: number }) => ({ id }), {
    schema: Post,
    name: 'post',
  })
  expect(cache.select(getPost, { id: 11 })(store.getState())?.title).toBe('post 1.1')
  cache.retain(store, getPost, { id: 11 })
  const payload = controller.collectGarbage({ now: later() })
  expect(payload.keys).toEqual(['posts [{"userId":1}]'])
  expect(payload.entities).toEqual({})
  expect(cache.select(getPost, { id: 11 })(store.getState())?.author?.name).toBe('user 1')
})

test('the key of a request in flight is not collected, nor what its old result reaches', async () => {
  const { store, controller } = makeStore()
  let answer = deferred<ReturnType<typeof postsOf>>()
  const slowPosts = new Endpoint(() => answer.promise, { schema: [Post], name: 'slow' })
  const first = controller.fetch(slowPosts)
  answer.resolve(postsOf(1))
  await first
  answer = deferred()
  const refetch = controller.fetch(slowPosts)
  expect(controller.collectGarbage({ now: later() })).toEqual({ keys: [], entities: {} })
  answer.resolve(postsOf(1))
  await refetch
  expect(controller.collectGarbage({ now: later() }).keys).toEqual(['slow []'])
  expect(store.getState().data.results).toEqual({})
})

test('a mutation with an optimistic write in flight keeps its key and the records it shows', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(getPosts, { userId: 1 })
  type Patch = { id: number; name: string }
  const answer = deferred<unknown>()
  const rename = new Endpoint((_patch: Patch) => answer.promise, {
    schema: User,
    sideEffect: true,
    name: 'rename',
    getOptimisticResponse: (_snapshot: OptimisticSnapshot, patch: Patch) => patch,
  })
  const pending = controller.fetch(rename, { id: 1, name: 'Ann' })
  expect(store.getState().data.optimistic).toHaveLength(1)
  const payload = controller.collectGarbage({ now: later() })
  expect(payload.keys).toEqual(['posts [{"userId":1}]'])
  expect(payload.entities).toEqual({ Post: ['11', '12'] })
  expect(pks(store.getState(), 'User')).toEqual(['1'])
  answer.resolve({ id: 1, name: 'Ann' })
  await pending
  expect(controller.collectGarbage({ now: later() }).entities).toEqual({ User: ['1'] })
})

test('a tombstone stays while a request that started before the delete is in flight', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUser, { id: 5 })
  const answer = deferred<{ id: number; name: string }>()
  const slowUser = new Endpoint(() => answer.promise, { schema: User, name: 'slowUser' })
  const slow = controller.fetch(slowUser)
  await Promise.resolve()
  const remove = new Endpoint(async () => ({ id: 5 }), {
    schema: new schema.Delete(User),
    sideEffect: true,
    name: 'remove',
  })
  await controller.fetch(remove)
  const first = controller.collectGarbage({ now: later() })
  expect(first.keys.sort()).toEqual(['remove []', 'user [{"id":5}]'])
  expect(first.entities).toEqual({}) // the tombstone guards against the slow GET
  answer.resolve({ id: 5, name: 'stale' })
  await slow
  // Still deleted: the slow GET did not bring it back.
  expect(cache.select(getUser, { id: 5 })(store.getState())).toBeUndefined()
  expect(controller.collectGarbage({ now: later() }).entities).toEqual({ User: ['5'] })
  expect(store.getState().data.entitiesMeta).toEqual({})
})

test('unknown schemas (state restored from JSON) keep every record; results still go', async () => {
  const source = makeStore()
  await source.controller.fetch(getPosts, { userId: 1 })
  const json = JSON.parse(JSON.stringify(source.store.getState().data))
  json.meta['posts [{"userId":1}]'].date = later() // restored, and recent: it stays
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    preloadedState: { data: json },
  })
  const controller = cache.controller(store)
  await controller.fetch(getUser, { id: 7 })
  // The restored list was never read here: what it reaches is unknown, so no record goes.
  expect(controller.collectGarbage({ now: later() })).toEqual({
    keys: ['user [{"id":7}]'],
    entities: {},
  })
  // Once read, its schema is known: the records nothing reaches go.
  expect(cache.select(getPosts, { userId: 1 })(store.getState())).toHaveLength(2)
  expect(controller.collectGarbage({ now: later() })).toEqual({
    keys: [],
    entities: { User: ['7'] },
  })
})

test('a pendingSince without a request behind it (restored, or dispatched by hand) is not in flight', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const build = (preloadedState?: object) =>
    configureStore({
      reducer: { data: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
      ...(preloadedState ? { preloadedState } : {}),
    })
  const store = build()
  const answer = deferred<{ id: number; name: string }>()
  const slowUser = new Endpoint(
    ({ id }: { id: number }) => answer.promise.then(() => ({ id, name: 'x' })),
    {
      schema: User,
      name: 'slowUser',
    },
  )
  const pending = cache.controller(store).fetch(slowUser, { id: 1 })
  store.dispatch(cache.actions.requested({ key: 'by hand', fetchedAt: 1 }))
  const restored = build({ data: JSON.parse(JSON.stringify(store.getState().data)) })
  // Restored: both marks are history, not requests.
  expect(cache.controller(restored).collectGarbage({ now: later() }).keys.sort()).toEqual([
    'by hand',
    'slowUser [{"id":1}]',
  ])
  // In the store that started it, the real request is in flight; the hand-made mark is not.
  expect(cache.controller(store).collectGarbage({ now: later() }).keys).toEqual(['by hand'])
  answer.resolve({ id: 1, name: 'x' })
  await pending
  expect(cache.controller(store).collectGarbage({ now: later() }).keys).toEqual([
    'slowUser [{"id":1}]',
  ])
})

test('summary and detail classes of one table: the detail members of a kept record stay', async () => {
  class Author extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'Author'
  }
  class BookSummary extends Entity {
    id = 0
    title = ''
    pk() {
      return this.id
    }
    static key = 'Book'
  }
  class Book extends BookSummary {
    author: Author | undefined = undefined
    static schema = { author: Author }
  }
  const { store, cache, controller } = makeStore()
  const getBooks = new Endpoint(async () => [{ id: 1, title: 'A' }], {
    schema: [BookSummary],
    name: 'books',
  })
  const getBook = new Endpoint(async () => ({ id: 1, title: 'A', author: { id: 9 } }), {
    schema: Book,
    name: 'book',
  })
  await controller.fetch(getBook)
  await controller.fetch(getBooks)
  cache.retain(store, getBooks)
  const payload = controller.collectGarbage({ now: later() })
  expect(payload).toEqual({ keys: ['book []'], entities: {} })
  expect(pks(store.getState(), 'Author')).toEqual(['9'])
})

test('__proto__ and friends are ordinary keys and pks', async () => {
  const { store, controller, replay } = makeStore()
  const odd = new Endpoint(async (id: string) => ({ id, name: id }), { schema: User, name: 'odd' })
  await controller.fetch(odd, '__proto__')
  await controller.fetch(odd, 'constructor')
  const payload = controller.collectGarbage({ now: later() })
  expect(payload.keys).toEqual(['odd ["__proto__"]', 'odd ["constructor"]'])
  expect(payload.entities).toEqual({ User: ['__proto__', 'constructor'] })
  expect(store.getState().data).toMatchObject({ results: {}, meta: {}, entities: {} })
  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
})

describe('automatic sweeps (gcInterval)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  })
  afterEach(() => {
    jest.useRealTimers()
  })

  test('sweep every interval from the first action, never what is retained', async () => {
    const { store, cache, controller, recorded } = makeStore({
      gcInterval: MINUTE,
      gcTime: 1.5 * MINUTE,
    })
    await controller.fetch(getPosts, { userId: 1 })
    await controller.fetch(getPosts, { userId: 2 })
    cache.retain(store, getPosts, { userId: 1 })
    jest.advanceTimersByTime(MINUTE)
    expect(collectedActions(recorded)).toHaveLength(0) // not old enough yet
    jest.advanceTimersByTime(MINUTE)
    expect(collectedActions(recorded)).toHaveLength(1)
    expect(Object.keys(store.getState().data.results)).toEqual(['posts [{"userId":1}]'])
    jest.advanceTimersByTime(10 * MINUTE)
    expect(collectedActions(recorded)).toHaveLength(1) // nothing more to forget: no action
    expect(Object.keys(store.getState().data.results)).toEqual(['posts [{"userId":1}]'])
  })

  test('no sweeps by default', async () => {
    const { controller, recorded } = makeStore()
    await controller.fetch(getPosts, { userId: 1 })
    jest.advanceTimersByTime(60 * MINUTE)
    expect(collectedActions(recorded)).toHaveLength(0)
  })
})

test('one cache, two stores: a sweep of one does not stop the other from collecting', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const storeOf = () =>
    configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
  const getMember = new Endpoint(async ({ id }: { id: number }) => ({ id, name: `u${id}` }), {
    schema: User,
    name: 'getMember',
  })
  const store = storeOf()
  const controller = cache.controller(store)
  await controller.fetch(getMember, { id: 1 })
  await controller.fetch(getMember, { id: 2 })
  const release = cache.retain(store, getMember, { id: 1 })
  // Another Provider's store (or another server request's) sweeps first; it holds nothing.
  cache.controller(storeOf()).collectGarbage({ now: later() })
  const swept = controller.collectGarbage({ now: later() })
  expect(swept.keys).toEqual([getMember.key({ id: 2 })])
  expect(swept.entities).toEqual({ User: ['2'] })
  expect(cache.selectRecord('User', 2)(store.getState())).toBeUndefined()
  expect(cache.selectRecord('User', 1)(store.getState())).toBeDefined()
  release()
})
