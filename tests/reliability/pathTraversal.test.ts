/**
 * Path params are data, never path segments: a value that would change which path a request goes
 * to (`..`, `.`, `''`) is refused before anything is sent. Checked on the wire (a real node:http
 * server records every request line), for every member of a resource and for `Resource`.
 */
import {
  Entity,
  PathParamError,
  Resource,
  RestEndpoint,
  createResource,
  schema,
} from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import type { Loopback, WireRequest } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'

class Post extends Entity {
  id = 0
  userId = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Post'
}

/** Answers like an API: a record for GET of one, a list for the collection, the body echoed. */
function respond(request: WireRequest) {
  const json = (body: unknown) => ({
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (request.method === 'DELETE') return { status: 204 }
  if (request.method === 'GET') {
    return /\/posts\/\d+$/.test(request.url) ? json({ id: 5, userId: 1, title: 'p' }) : json([])
  }
  return json({ id: 5, userId: 1, ...(request.body ? JSON.parse(request.body) : {}) })
}

let server: Loopback
beforeAll(async () => {
  server = await startLoopback(respond)
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

const BAD = ['..', '.', ''] as const
const resource = () =>
  createResource({ urlPrefix: server.origin, path: '/users/:userId/posts/:id', schema: Post })

/** Every member of the resource, called with `params` (and a body where it takes one). */
function calls(params: { userId: string | number; id: string | number }) {
  const posts = resource()
  return {
    get: [posts.get, [params]],
    getList: [posts.getList, [{ userId: params.userId }]],
    create: [posts.create, [{ userId: params.userId }, { title: 'new' }]],
    update: [posts.update, [params, { title: 'all' }]],
    partialUpdate: [posts.partialUpdate, [params, { title: 'some' }]],
    delete: [posts.delete, [params]],
  } as const
}

describe.each(BAD)('a path param of %j', (bad) => {
  it.each(['get', 'update', 'partialUpdate', 'delete'] as const)(
    '%s: refused in either position, nothing sent, nothing written',
    async (member) => {
      for (const params of [
        { userId: bad, id: 5 },
        { userId: 1, id: bad },
      ]) {
        const { store, controller, recorded, check } = makeRestStore()
        const [endpoint, args] = calls(params)[member]
        const before = store.getState()
        const error = await (controller.fetch as (...a: unknown[]) => Promise<unknown>)(
          endpoint,
          ...args,
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(PathParamError)
        expect(error).toMatchObject({
          code: 'bad-path-param',
          problem: bad === '' ? 'empty' : 'dot-segment',
          param: params.userId === bad ? 'userId' : 'id',
          path: '/users/:userId/posts/:id',
        })
        // Called directly too (no cache): the same refusal.
        await expect((endpoint as (...a: unknown[]) => Promise<unknown>)(...args)).rejects.toThrow(
          PathParamError,
        )
        expect(server.requests).toEqual([])
        expect(recorded).toEqual([])
        expect(store.getState()).toBe(before)
        check()
      }
    },
  )

  it.each(['getList', 'create'] as const)('%s: refused in the list path', async (member) => {
    const { controller } = makeRestStore()
    const [endpoint, args] = calls({ userId: bad, id: 5 })[member]
    await expect(
      (controller.fetch as (...a: unknown[]) => Promise<unknown>)(endpoint, ...args),
    ).rejects.toThrow(PathParamError)
    expect(server.requests).toEqual([])
  })
})

test('the message names the param, the value and the fix', () => {
  const posts = resource()
  expect(() => posts.get.url({ userId: 1, id: '..' })).toThrow(
    /the param "id" is "\.\."\. Nothing was sent\. URL parsers resolve "\." and "\.\." segments.*query param/s,
  )
  expect(() => posts.get.url({ userId: 1 })).toThrow(/the param "id" is missing/)
})

test('values that only look like dot segments are data: encoded, sent, answered', async () => {
  const posts = resource()
  const { controller, check } = makeRestStore()
  for (const id of ['...', '.hidden', '%2E%2E', '..%2F', 'a/../b', '..\\']) {
    await controller.fetch(posts.get, { userId: 1, id }).catch(() => undefined)
  }
  expect(server.requests.map((request) => request.url)).toEqual([
    '/users/1/posts/...',
    '/users/1/posts/.hidden',
    '/users/1/posts/%252E%252E',
    '/users/1/posts/..%252F',
    '/users/1/posts/a%2F..%2Fb',
    '/users/1/posts/..%5C',
  ])
  check()
})

test('optional params: left out is fine, an empty or dot value is refused', async () => {
  const todos = new RestEndpoint({ urlPrefix: server.origin, path: '/posts{/:id}' })
  expect(todos.url({})).toBe(`${server.origin}/posts`)
  expect(todos.url({ id: undefined })).toBe(`${server.origin}/posts`)
  for (const id of BAD) expect(() => todos.url({ id })).toThrow(PathParamError)
})

test('wildcards: each segment is checked, and arrays build the path', async () => {
  const files = new RestEndpoint({ urlPrefix: server.origin, path: '/files/*path' })
  expect(files.url({ path: ['docs', 'a b', 'readme.md'] })).toBe(
    `${server.origin}/files/docs/a%20b/readme.md`,
  )
  // A single value is one segment: its slash is data.
  expect(files.url({ path: 'docs/readme.md' } as never)).toBe(
    `${server.origin}/files/docs%2Freadme.md`,
  )
  for (const bad of BAD) {
    expect(() => files.url({ path: ['docs', bad, 'secret'] })).toThrow(PathParamError)
  }
  expect(() => files.url({ path: [] })).toThrow(/the param "path" is missing/)
  await expect(files({ path: ['..', 'admin'] })).rejects.toThrow(PathParamError)
  expect(server.requests).toEqual([])
})

test('Resource: detail, update, partialUpdate and delete refuse dot ids on the wire', async () => {
  class Article extends Resource {
    id = 0
    title = ''
    pk() {
      return this.id
    }
    static key = 'Article'
    static urlRoot = `${server.origin}/articles`
  }
  const { controller } = makeRestStore()
  for (const bad of BAD) {
    const attempts = [
      controller.fetch(Article.detail(), { id: bad }),
      controller.fetch(Article.update(), { id: bad }, { title: 'x' }),
      controller.fetch(Article.partialUpdate(), { id: bad }, { title: 'x' }),
      controller.fetch(Article.delete(), { id: bad }),
    ]
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(PathParamError)
  }
  expect(server.requests).toEqual([])
})

test('a schema-less endpoint and a Values schema are refused the same way', async () => {
  const raw = new RestEndpoint({ urlPrefix: server.origin, path: '/raw/:name' })
  const map = new RestEndpoint({
    urlPrefix: server.origin,
    path: '/maps/:name',
    schema: new schema.Values(Post),
  })
  const { controller } = makeRestStore()
  await expect(controller.fetch(raw, { name: '..' })).rejects.toThrow(PathParamError)
  await expect(controller.fetchIfStale(map, { name: '.' })).rejects.toThrow(PathParamError)
  expect(server.requests).toEqual([])
})
