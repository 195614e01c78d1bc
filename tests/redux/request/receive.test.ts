/**
 * A response is stored as JSON data whatever it holds: a Date in a member no schema converts, a
 * class instance, a function. State and actions stay plain, RTK's checks stay silent, and a
 * replay of the actions rebuilds the state.
 */
import { Endpoint } from 'rtk-resources'
import { Post, User } from '../../fixtures/entities'
import { expectPlain, makeStore } from '../../fixtures/store'

class Money {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
}

const seenAt = new Date('2024-05-01T10:00:00.000Z')

test('an entity member no schema converts: a Date is stored as its ISO string', async () => {
  const { store, controller, recorded, replay, expectSilentChecks } = makeStore()
  const getUser = new Endpoint(
    async () => ({ id: 1, name: 'Ann', posts: [], seenAt, price: new Money(5, 'EUR') }),
    { schema: User, name: 'getUser' },
  )
  const user = (await controller.fetch(getUser)) as User & Record<string, unknown>
  expect(store.getState().data.entities.User?.[1]).toEqual({
    id: 1,
    name: 'Ann',
    posts: [],
    seenAt: '2024-05-01T10:00:00.000Z',
    price: { amount: 5, currency: 'EUR' },
  })
  expect(user.seenAt).toBe('2024-05-01T10:00:00.000Z')
  expectPlain(store.getState().data)
  for (const action of recorded) expectPlain(action)
  expect(replay().data).toEqual(store.getState().data)
  expectSilentChecks()
})

test('an undefined member is left out and an undefined item is null, as a JSON copy holds them', async () => {
  const { store, controller, cache, recorded, replay, expectSilentChecks } = makeStore()
  const getUser = new Endpoint(async () => ({ id: 1, name: undefined, posts: [] }), {
    schema: User,
    name: 'getUser',
  })
  const user = await controller.fetch(getUser)
  expect(Object.keys(store.getState().data.entities.User?.[1] ?? {})).toEqual(['id', 'posts'])
  // Read live as it reads once restored from JSON: the field's default.
  expect(user.name).toBe('')
  const restored = JSON.parse(JSON.stringify(store.getState())) as ReturnType<typeof store.getState>
  expect(cache.select(getUser)(restored)?.name).toBe('')
  const loose = new Endpoint(async () => ({ items: [1, undefined], note: undefined }), {
    name: 'loose',
  })
  expect(await controller.fetch(loose)).toStrictEqual({ items: [1, null] })
  expectPlain(store.getState().data)
  for (const action of recorded) expectPlain(action)
  expect(replay().data).toStrictEqual(store.getState().data)
  expectSilentChecks()
})

test('a response without a schema, and the members an object schema passes through', async () => {
  const { store, controller, cache, expectSilentChecks } = makeStore()
  const clock = new Endpoint(async () => ({ now: seenAt, format: () => 'iso' }), {
    name: 'clock',
  })
  expect(await controller.fetch(clock)).toEqual({ now: '2024-05-01T10:00:00.000Z' })
  const feed = new Endpoint(
    async () => ({
      posts: [{ id: 7, title: 't', createdAt: seenAt, author: { id: 1, name: 'A', posts: [] } }],
      generatedAt: seenAt,
    }),
    { schema: { posts: [Post], generatedAt: '' }, name: 'feed' },
  )
  await controller.fetch(feed)
  const read = cache.select(feed)(store.getState())
  expect(read?.generatedAt).toBe('2024-05-01T10:00:00.000Z')
  // A member the schema declares `Date` reads as a Date, as it always did.
  expect(read?.posts[0]?.createdAt).toEqual(seenAt)
  expect(read?.posts[0]?.author).toBeInstanceOf(User)
  expectPlain(store.getState().data)
  expectSilentChecks()
})

test('Entity instances given to setResponse are stored as their records', () => {
  const { store, controller, expectSilentChecks } = makeStore()
  const getPost = new Endpoint(async (_: { id: number }) => ({}), { schema: Post, name: 'post' })
  const post = Post.fromJS({ id: 3, title: 'x', createdAt: seenAt as never })
  controller.setResponse(getPost, { id: 3 }, post)
  expect(store.getState().data.entities.Post?.[3]).toEqual({
    id: 3,
    title: 'x',
    author: undefined,
    createdAt: '2024-05-01T10:00:00.000Z',
  })
  expectPlain(store.getState().data)
  expectSilentChecks()
})
