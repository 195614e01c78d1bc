/**
 * Derived reads: a call with nothing stored of its own, answered from the entity tables, is as
 * fresh as the records it reads (data-client's `getResponse` falls back to the earliest expiry
 * among the entities a read visited), whatever the endpoint's schema: an Entity, a plain object
 * holding entities (a GraphQL query), `schema.All`.
 */
import { http, HttpResponse } from 'msw'
import { Endpoint, Entity, ExpiryStatus, GQLEndpoint, GQLEntity, schema } from 'rtk-resources'
import { makeStore } from '../../fixtures/store'
import { server } from '../../mocks/server'

const API = 'http://derived.test'
const wire: string[] = []

class Author extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'Author'
}
class Post extends Entity {
  id = 0
  title = ''
  author: Author | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Post'
  static schema = { author: Author }
}
/** The same `Post` table, read through GraphQL (string ids name the same records). */
class GPost extends GQLEntity {
  title = ''
  author: Author | undefined = undefined
  static key = 'Post'
  static schema = { author: Author }
}

async function getJson(path: string): Promise<unknown> {
  return (await fetch(`${API}${path}`)).json()
}
/** Authors stay fresh for 1 s, posts for 60 s: a post read with its author is fresh for 1 s. */
const getAuthors = new Endpoint(() => getJson('/authors'), {
  schema: [Author],
  name: 'getAuthors',
  dataExpiryLength: 1000,
})
const getPosts = new Endpoint(() => getJson('/posts'), {
  schema: [Post],
  name: 'getPosts',
  dataExpiryLength: 60_000,
})
const getPost = new Endpoint(({ id }: { id: number }) => getJson(`/posts/${id}`), {
  schema: Post,
  name: 'getPost',
  dataExpiryLength: 60_000,
})
const allPosts = new Endpoint(() => getJson('/posts'), {
  schema: new schema.All(Post),
  name: 'allPosts',
})
const gql = new GQLEndpoint(`${API}/graphql`)
const getGPost = gql.query<{ id: string }, { post: typeof GPost }>(
  'query GetPost($id: ID!) { post(id: $id) { id title author } }',
  { post: GPost },
)

beforeEach(() => {
  wire.length = 0
  server.use(
    http.get(`${API}/authors`, () => {
      wire.push('GET /authors')
      return HttpResponse.json([{ id: 1, name: 'Ada' }])
    }),
    http.get(`${API}/posts`, () => {
      wire.push('GET /posts')
      // Authors by pk: the posts response leaves their records (and meta) as they were.
      return HttpResponse.json([
        { id: 1, title: 'First', author: 1 },
        { id: 2, title: 'Second', author: 1 },
      ])
    }),
    http.get(`${API}/posts/:id`, ({ params }) => {
      wire.push(`GET /posts/${String(params.id)}`)
      return HttpResponse.json({ id: Number(params.id), title: 'Fetched', author: 1 })
    }),
    http.post(`${API}/graphql`, () => {
      wire.push('POST /graphql')
      return HttpResponse.json({ data: { post: { id: '1', title: 'Fetched', author: 1 } } })
    }),
  )
})
afterEach(() => jest.restoreAllMocks())

/** A store holding the authors (fresh 1 s) and the posts (fresh 60 s), both fetched. */
async function storeWithPosts() {
  const harness = makeStore()
  await harness.controller.fetch(getAuthors)
  await harness.controller.fetch(getPosts)
  const meta = harness.store.getState().data.entitiesMeta as Record<
    string,
    Record<string, { expiresAt: number }>
  >
  const authorExpiresAt = meta.Author?.['1']?.expiresAt as number
  const postExpiresAt = meta.Post?.['1']?.expiresAt as number
  expect(postExpiresAt).toBeGreaterThan(authorExpiresAt)
  wire.length = 0
  return { ...harness, authorExpiresAt, postExpiresAt }
}

test('a GraphQL query { post } answered from the tables: Valid, and as fresh as the records it reads', async () => {
  const { store, controller, authorExpiresAt } = await storeWithPosts()
  const response = controller.getResponse(getGPost, { id: '1' }, store.getState())
  expect(response.data?.post.title).toBe('First')
  expect(response.data?.post.author?.name).toBe('Ada')
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid)
  // The earliest among the post and its author (the author's response was the shorter one).
  expect(response.expiresAt).toBe(authorExpiresAt)
  const data = await controller.fetchIfStale(getGPost, { id: '1' })
  expect(data.post.title).toBe('First')
  expect(wire).toEqual([])
})

test('a get answered from the tables is as fresh as its own record (one lookup per read)', async () => {
  const { store, controller, postExpiresAt } = await storeWithPosts()
  const response = controller.getResponse(getPost, { id: 1 }, store.getState())
  expect(response.data?.author?.name).toBe('Ada')
  expect(response.expiresAt).toBe(postExpiresAt)
})

test('schema.All answered from the tables: shown, but stale until fetched (no walk of the table)', async () => {
  const { store, controller } = await storeWithPosts()
  const response = controller.getResponse(allPosts, store.getState())
  expect(response.data?.map((post) => post.title)).toEqual(['First', 'Second'])
  expect(response.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(response.expiresAt).toBe(0)
  await controller.fetchIfStale(allPosts)
  expect(wire).toEqual(['GET /posts'])
  // Fetched once, it has a response of its own, and its own expiry.
  expect(controller.getResponse(allPosts, store.getState()).expiresAt).toBeGreaterThan(Date.now())
})

test('once a record it reads has expired, fetchIfStale fetches the derived call', async () => {
  const { controller, authorExpiresAt, postExpiresAt } = await storeWithPosts()
  const now = Date.now
  const clock = jest.spyOn(Date, 'now')
  clock.mockImplementation(() => authorExpiresAt + 1)
  const data = await controller.fetchIfStale(getGPost, { id: '1' })
  expect(data.post.title).toBe('Fetched')
  // A get goes by its own record: still fresh while only its author has expired.
  await controller.fetchIfStale(getPost, { id: 2 })
  expect(wire).toEqual(['POST /graphql'])
  clock.mockImplementation(() => postExpiresAt + 1)
  const post = await controller.fetchIfStale(getPost, { id: 2 })
  expect(post.title).toBe('Fetched')
  expect(wire).toEqual(['POST /graphql', 'GET /posts/2'])
  clock.mockImplementation(now)
})

test('a derived response keeps its object until its data or expiry changes', async () => {
  const { store, controller, postExpiresAt } = await storeWithPosts()
  const before = controller.getResponse(getGPost, { id: '1' }, store.getState())
  // A write to records it does not read: the same object.
  controller.setResponse(getAuthors, [{ id: 9, name: 'Other' }])
  expect(controller.getResponse(getGPost, { id: '1' }, store.getState())).toBe(before)
  // The author's record written again, same data: fresher, so a new object with the same data.
  controller.setResponse(getPosts, [{ id: 1, title: 'First', author: { id: 1, name: 'Ada' } }])
  const after = controller.getResponse(getGPost, { id: '1' }, store.getState())
  expect(after).not.toBe(before)
  expect(after.data).toBe(before.data)
  expect(after.expiresAt).toBeGreaterThan(before.expiresAt)
  expect(after.expiresAt).toBeGreaterThanOrEqual(postExpiresAt)
})
