/**
 * Fidelity audit: RestEndpoint, createResource, paths and requests, checked against what
 * data-client's own docs and tests of the createResource era say (rest-hooks 7 /
 * @data-client/rest 0.2-0.7). Written against our public API, with a real store and msw.
 *
 * Sources (reactive/data-client): packages/rest/src/__tests__/createResource.test.ts,
 * packages/rest/src/__tests__/RestEndpoint.ts, packages/rest/src/RestEndpoint.js,
 * docs/rest/api/createResource.md, docs/rest/api/RestEndpoint.md.
 */
import { configureStore } from '@reduxjs/toolkit'
import { http, HttpResponse } from 'msw'
import {
  createEntityCache,
  createResource,
  Endpoint,
  Entity,
  NetworkError,
  RestEndpoint,
  schema,
  shortenPath,
} from 'rtk-resources'
import type { RestGenerics } from 'rtk-resources'
import { server } from '../mocks/server'

class User extends Entity {
  id: number | undefined = undefined
  username = ''
  email = ''
  isAdmin = false
  pk() {
    return this.id?.toString()
  }
  static key = 'User'
}

const userPayload = { id: 5, username: 'ntucker', email: 'bob@vila.com', isAdmin: true }

function makeStore() {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  return { cache, store, controller: cache.controller(store) }
}

/** A custom endpoint class as in data-client's createResource test (MyEndpoint). */
class MyEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  getRequestInit(body?: unknown) {
    if (typeof body === 'object' && body !== null) {
      return super.getRequestInit({ ...body, email: 'always@always.com' })
    }
    return super.getRequestInit(body)
  }
  additional = 5
}

const UserResource = createResource({
  path: 'http\\://test.com/groups/:group/users/:id',
  schema: User,
  Endpoint: MyEndpoint,
})

function serveUsers() {
  const bodies: unknown[] = []
  server.use(
    http.get('http://test.com/groups/five/users/5', () => HttpResponse.json(userPayload)),
    http.get('http://test.com/groups/five/users', () => HttpResponse.json([userPayload])),
    http.put('http://test.com/groups/five/users/5', async ({ request }) => {
      const body = (await request.json()) as object
      bodies.push(body)
      return HttpResponse.json({ ...userPayload, ...body })
    }),
    http.post('http://test.com/groups/five/users', async ({ request }) => {
      const body = (await request.json()) as object
      bodies.push(body)
      return HttpResponse.json({ id: 5, ...body })
    }),
    http.delete('http://test.com/groups/five/users/5', () => HttpResponse.json({})),
  )
  return bodies
}

describe('RestEndpoint (data-client RestEndpoint tests)', () => {
  const getUser = new RestEndpoint({
    path: 'http\\://test.com/user/:id',
    name: 'User.get',
    schema: User,
    method: 'GET',
  })

  test('an absolute path with an escaped colon builds the URL', () => {
    expect(getUser.url({ id: '5' })).toBe('http://test.com/user/5')
    expect(getUser.url({ id: '100' })).toBe('http://test.com/user/100')
    expect(getUser.path).toBe('http\\://test.com/user/:id')
  })

  test('members: sideEffect follows the method, an explicit sideEffect wins', () => {
    expect(getUser.sideEffect).toBe(undefined)
    expect(getUser.method).toBe('GET')
    const updateUser = new RestEndpoint({
      path: 'http\\://test.com/user/:id',
      name: 'update',
      schema: User,
      method: 'POST',
    })
    expect(updateUser.sideEffect).toBe(true)
    const weird = new RestEndpoint({
      path: 'http\\://test.com/user/:id',
      name: 'getter',
      schema: User,
      method: 'POST',
      sideEffect: undefined,
    })
    expect(weird.sideEffect).toBe(undefined)
  })

  test('extend({ method }) recomputes sideEffect', () => {
    expect(getUser.extend({ method: 'POST' }).sideEffect).toBe(true)
    expect(getUser.extend({ method: 'DELETE' }).sideEffect).toBe(true)
    const post = new RestEndpoint({ path: '/x', method: 'POST' })
    expect(post.extend({ method: 'GET' }).sideEffect).toBe(undefined)
  })

  test('multi-param urls; a missing required param throws', () => {
    const getMyUser = new RestEndpoint({
      path: 'http\\://test.com/groups/:group/users/:id',
      schema: User,
      method: 'GET',
    })
    expect(getMyUser.url({ group: 'big', id: '5' })).toBe('http://test.com/groups/big/users/5')
    expect(() => (getMyUser.url as (p: object) => string)({ id: '5' })).toThrow()
  })

  test('the name of an unnamed endpoint is urlPrefix + path', () => {
    const list = new RestEndpoint({
      urlPrefix: 'http://test.com',
      path: '/article-paginated',
      method: 'GET',
    })
    expect(getUser.name).toBe('User.get')
    expect(list.name).toBe('http://test.com/article-paginated')
  })

  // DEFECT: extend({ path }) of an unnamed RestEndpoint keeps the old path as its name
  test('the name of an unnamed endpoint follows a path given to extend', () => {
    const list = new RestEndpoint({
      urlPrefix: 'http://test.com',
      path: '/article-paginated',
      method: 'GET',
    })
    // data-client RestEndpoint.ts 'should automatically name methods'
    expect(list.extend({ path: '/:something' }).name).toBe('http://test.com/:something')
    // an explicit name is kept
    expect(getUser.extend({ path: '/other/:id' }).name).toBe('User.get')
  })

  test('urlPrefix ending in a slash and a path starting with a param', () => {
    const ep = new RestEndpoint({
      urlPrefix: 'http://test.com/article-paginated/',
      path: ':group',
      name: 'get',
    })
    expect(ep.url({ group: 'happy' })).toBe('http://test.com/article-paginated/happy')
    expect(ep.url({ group: 'happy', cursor: 2 })).toBe(
      'http://test.com/article-paginated/happy?cursor=2',
    )
  })

  test('optional path params (":id?") are left out when missing', () => {
    const ep = new RestEndpoint({ path: '/users/:id?' })
    expect(ep.url({})).toBe('/users')
    expect(ep.url({ id: 5 })).toBe('/users/5')
    expect(ep.url({ id: undefined })).toBe('/users')
  })

  test('testKey matches the keys the endpoint makes', () => {
    const list = new RestEndpoint({ urlPrefix: 'http://test.com', path: '/article-paginated' })
    expect(list.testKey(list.key())).toBe(true)
    expect(getUser.testKey(getUser.key({ id: '100', extra: '345' } as { id: string }))).toBe(true)
    expect(getUser.testKey(getUser.key({ id: 'xxx?*' }))).toBe(true)
    expect(getUser.testKey('GET http://test.com/other/5')).toBe(false)
    expect(getUser.testKey('POST http://test.com/user/5')).toBe(false)
  })

  test('key is METHOD + url; body endpoints key by their params only', () => {
    expect(getUser.key({ id: '5' })).toBe('GET http://test.com/user/5')
    expect(UserResource.create.key({ group: 'five' }, { username: 'x' })).toBe(
      'POST http://test.com/groups/five/users',
    )
    expect(UserResource.update.key({ group: 'five', id: 5 }, { username: 'x' })).toBe(
      'PUT http://test.com/groups/five/users/5',
    )
  })

  test('search params: sorted, encoded, undefined left out', () => {
    const ep = new RestEndpoint({ urlPrefix: 'http://test.com', path: '/api/:group' })
    expect(ep.url({ group: 'abc', isExtra: 'xyz' })).toBe('http://test.com/api/abc?isExtra=xyz')
    expect(ep.url({ group: 'abc', z: 1, a: 'b c', m: true })).toBe(
      'http://test.com/api/abc?a=b+c&m=true&z=1',
    )
    expect(ep.url({ group: 'abc', a: undefined, b: 2 })).toBe('http://test.com/api/abc?b=2')
  })

  test('path params are URL-encoded', () => {
    expect(getUser.url({ id: 'a b/c?d' })).toBe('http://test.com/user/a%20b%2Fc%3Fd')
  })

  test('process(value, ...args) receives the call args', async () => {
    server.use(http.get('http://test.com/user/7', () => HttpResponse.json({ id: 7 })))
    const seen: unknown[] = []
    const ep = getUser.extend({
      process(value: any, ...args: unknown[]) {
        seen.push(args)
        return { ...value, username: 'processed' }
      },
    })
    const { controller } = makeStore()
    const user = await controller.fetch(ep, { id: '7' })
    expect(seen).toEqual([[{ id: '7' }]])
    expect(user.username).toBe('processed')
  })

  test('getRequestInit: plain bodies as JSON with Content-Type, FormData untouched', async () => {
    const ep = new RestEndpoint({ path: 'http\\://test.com/echo', method: 'POST' })
    const init = await ep.getRequestInit({ a: 1 })
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"a":1}')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    const form = new FormData()
    form.append('a', '1')
    const formInit = await ep.getRequestInit(form)
    expect(formInit.body).toBe(form)
    expect(new Headers(formInit.headers).get('content-type')).not.toBe('application/json')
  })

  test('a user Content-Type header overrides the default', async () => {
    const ep = new RestEndpoint({
      path: 'http\\://test.com/echo',
      method: 'POST',
      requestInit: { headers: { 'Content-Type': 'application/vnd.api+json' } },
    })
    const init = await ep.getRequestInit({ a: 1 })
    expect(new Headers(init.headers).get('content-type')).toBe('application/vnd.api+json')
  })

  test('getHeaders can be async and add headers to the request', async () => {
    let auth: string | null = null
    server.use(
      http.get('http://test.com/user/9', ({ request }) => {
        auth = request.headers.get('authorization')
        return HttpResponse.json({ id: 9 })
      }),
    )
    class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
      async getHeaders(headers: Record<string, string>) {
        return { ...headers, Authorization: 'Bearer token' }
      }
    }
    const ep = new AuthdEndpoint({ path: 'http\\://test.com/user/:id', schema: User })
    const { controller } = makeStore()
    await controller.fetch(ep, { id: 9 })
    expect(auth).toBe('Bearer token')
  })

  test('a non-2xx response rejects with a NetworkError carrying status and response', async () => {
    server.use(http.get('http://test.com/user/0', () => HttpResponse.json({}, { status: 403 })))
    const error = await getUser({ id: '0' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).status).toBe(403)
    expect((error as NetworkError).response).toBeInstanceOf(Response)
    expect((error as NetworkError).response?.status).toBe(403)
  })

  test('204 resolves to null', async () => {
    server.use(
      http.delete(
        'http://test.com/article-cooler/5',
        () => new HttpResponse(null, { status: 204 }),
      ),
    )
    const del = new RestEndpoint({
      path: 'http\\://test.com/article-cooler/:id',
      method: 'DELETE',
    })
    await expect(del({ id: 5 })).resolves.toBeNull()
  })

  test('a JSON content type with a body that is not JSON rejects with status 400', async () => {
    server.use(
      http.get(
        'http://test.com/user/1',
        () => new HttpResponse('{not json', { headers: { 'Content-Type': 'application/json' } }),
      ),
    )
    const error = await getUser({ id: '1' }).catch((e: unknown) => e)
    expect((error as NetworkError).status).toBe(400)
  })

  // DEFECT: a response of the wrong shape for the schema rejects with an error that has no `status` (data-client: >= 400, so boundaries and errorPolicy treat it as a client error)
  test('a malformed response for an entity schema rejects with a status >= 400', async () => {
    const { controller } = makeStore()
    for (const [id, body] of [
      [401, []],
      [402, {}],
      [403, 5],
      [404, 'hi'],
    ] as const) {
      server.use(http.get(`http://test.com/user/${id}`, () => HttpResponse.json(body as never)))
      const error = await controller.fetch(getUser, { id: String(id) }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      expect((error as { status?: number }).status).toBeGreaterThan(399)
    }
  })

  test('the wrapped function is called with the endpoint as `this` (Endpoint)', async () => {
    const ep = new Endpoint(
      async function (this: { base: string }, { id }: { id: number }) {
        return { id, from: this.base }
      },
      { name: 'thisTest', base: 'members' } as never,
    )
    await expect(ep({ id: 1 })).resolves.toEqual({ id: 1, from: 'members' })
  })

  test('Endpoint: key is name + JSON of the args; options become members', () => {
    const ep = new Endpoint(async ({ id }: { id: number }) => ({ id }), {
      name: 'getThing',
      dataExpiryLength: 1000,
      pollFrequency: 500,
    })
    expect(ep.key({ id: 1 })).toBe('getThing [{"id":1}]')
    expect(ep.dataExpiryLength).toBe(1000)
    expect(ep.pollFrequency).toBe(500)
    expect(ep.sideEffect).toBe(undefined)
    const custom = new Endpoint(async () => 1, { key: () => 'mykey', name: 'x' })
    expect(custom.key()).toBe('mykey')
    const extended = ep.extend({ dataExpiryLength: 5 })
    expect(extended.dataExpiryLength).toBe(5)
    expect(extended.pollFrequency).toBe(500)
    expect(extended.key({ id: 2 })).toBe('getThing [{"id":2}]')
  })
})

describe('createResource (data-client createResource tests)', () => {
  test('shortenPath and the members paths', () => {
    expect(shortenPath('/:first/:second')).toBe('/:first')
    expect(shortenPath('/:first')).toBe('/')
    expect(createResource({ path: '/:first/:second', schema: User }).getList.path).toBe('/:first')
    expect(createResource({ path: '/:first', schema: User }).getList.path).toBe('/')
  })

  test('documented urls of each member', () => {
    const R = createResource({ urlPrefix: '//test.com', path: '/api/:group/:id', schema: User })
    expect(R.get.url({ group: 'abc', id: 'xyz' })).toBe('//test.com/api/abc/xyz')
    expect(R.getList.url({ group: 'abc', isExtra: 'xyz' })).toBe('//test.com/api/abc?isExtra=xyz')
    expect(R.create.url({ group: 'abc' })).toBe('//test.com/api/abc')
    expect(R.update.url({ group: 'abc', id: 'xyz' })).toBe('//test.com/api/abc/xyz')
    expect(R.partialUpdate.url({ group: 'abc', id: 'xyz' })).toBe('//test.com/api/abc/xyz')
    expect(R.delete.url({ group: 'abc', id: 'xyz' })).toBe('//test.com/api/abc/xyz')
  })

  test('members are built with the Endpoint class given', () => {
    for (const member of Object.values(UserResource)) {
      expect(member).toBeInstanceOf(MyEndpoint)
      expect((member as MyEndpoint).additional).toBe(5)
    }
  })

  test('extra endpoint options reach every member', () => {
    const R = createResource({
      path: '/users/:id',
      schema: User,
      dataExpiryLength: 1234,
      urlPrefix: 'http://x.com',
    })
    for (const member of Object.values(R)) {
      expect((member as RestEndpoint).dataExpiryLength).toBe(1234)
      expect((member as RestEndpoint).urlPrefix).toBe('http://x.com')
    }
  })

  test('UserResource.get and getList through the controller', async () => {
    serveUsers()
    const { controller, cache, store } = makeStore()
    const user = await controller.fetch(UserResource.get, { group: 'five', id: '5' })
    expect(user).toEqual(User.fromJS(userPayload))
    expect(user).toBeInstanceOf(User)
    const list = await controller.fetch(UserResource.getList, { group: 'five' })
    expect(list[0]).toEqual(User.fromJS(userPayload))
    // one table: the list item is the same entity
    expect(cache.select(UserResource.get, { group: 'five', id: '5' })(store.getState())).toBe(
      list[0],
    )
  })

  test('UserResource.update merges the response into the entity', async () => {
    const bodies = serveUsers()
    const { controller, cache, store } = makeStore()
    await controller.fetch(UserResource.get, { group: 'five', id: '5' })
    await controller.fetch(UserResource.update, { group: 'five', id: '5' }, { username: 'never' })
    const user = cache.select(UserResource.get, { group: 'five', id: '5' })(store.getState())
    expect(user?.username).toBe('never')
    // the custom Endpoint's getRequestInit added the email
    expect(bodies).toEqual([{ username: 'never', email: 'always@always.com' }])
  })

  test('UserResource.create: the created entity is readable through get', async () => {
    serveUsers()
    const { controller, cache, store } = makeStore()
    const select = cache.select(UserResource.get, { group: 'five', id: '5' })
    expect(select(store.getState())).toBeUndefined()
    await controller.fetch(
      UserResource.create,
      { group: 'five' },
      { username: 'createduser', email: 'haha@gmail.com' },
    )
    const user = select(store.getState())
    expect(user?.username).toBe('createduser')
    expect(user?.email).toBe('always@always.com')
  })

  test('UserResource.delete: {} response resolves to the params; the entity is gone', async () => {
    serveUsers()
    const { controller, cache, store } = makeStore()
    await controller.fetch(UserResource.getList, { group: 'five' })
    await controller.fetch(UserResource.get, { group: 'five', id: '5' })
    const res = await controller.fetch(UserResource.delete, { group: 'five', id: '5' })
    expect(res).toEqual({ group: 'five', id: '5' })
    expect(cache.select(UserResource.get, { group: 'five', id: '5' })(store.getState())).toBe(
      undefined,
    )
    expect(cache.select(UserResource.getList, { group: 'five' })(store.getState())).toEqual([])
  })

  test('delete resolves to the response when it has keys', async () => {
    server.use(
      http.delete('http://test.com/groups/five/users/5', () =>
        HttpResponse.json({ id: 5, username: 'gone' }),
      ),
    )
    const res = await UserResource.delete({ group: 'five', id: '5' })
    expect(res).toEqual({ id: 5, username: 'gone' })
  })

  test('complete overrides: extend get with another path and schema', async () => {
    server.use(
      http.get('http://test.com/groups/vi/users/5', () =>
        HttpResponse.json({ id: 5, title: 'hi', username2: 'bob' }),
      ),
    )
    class User2 extends Entity {
      id: number | undefined = undefined
      username2 = ''
      email = ''
      isAdmin = false
      pk() {
        return this.id?.toString()
      }
      static key = 'User2'
    }
    const UserResourceExtend = {
      ...UserResource,
      get: UserResource.get.extend({
        path: 'http\\://test.com/groups/:magic/users/:id',
        schema: User2,
      }),
    }
    const { controller } = makeStore()
    const user = await controller.fetch(UserResourceExtend.get, { magic: 'vi', id: 5 })
    expect(user.username2).toBe('bob')
    expect(user).toBeInstanceOf(User2)
    expect(UserResourceExtend.get).toBeInstanceOf(MyEndpoint)
  })

  describe('unions', () => {
    const feedPayload = {
      id: '5',
      title: 'my first feed',
      type: 'link' as const,
      url: 'https://true.io',
    }
    class Feed extends Entity {
      id = ''
      title = ''
      type: 'link' | 'post' = 'post'
      pk() {
        return this.id
      }
      static key = 'Feed'
    }
    class FeedLink extends Feed {
      url = ''
      type = 'link' as const
    }
    class FeedPost extends Feed {
      content = ''
      type = 'post' as const
    }
    const FeedUnion = new schema.Union({ post: FeedPost, link: FeedLink }, 'type')
    const FeedResource = createResource({
      path: 'http\\://test.com/feed/:id',
      schema: FeedUnion,
      Endpoint: MyEndpoint,
    })

    test('detail', async () => {
      server.use(http.get('http://test.com/feed/5', () => HttpResponse.json(feedPayload)))
      const { controller } = makeStore()
      const feed = await controller.fetch(FeedResource.get, { id: '5' })
      expect(feed).toBeInstanceOf(FeedLink)
      expect((feed as FeedLink).url).toBe(feedPayload.url)
    })

    test('list with no args', async () => {
      server.use(http.get('http://test.com/feed', () => HttpResponse.json([feedPayload])))
      const { controller } = makeStore()
      const feeds = await controller.fetch(FeedResource.getList)
      expect(feeds[0]).toBeInstanceOf(FeedLink)
    })

    test('create with the body only; readable through get with the union attribute', async () => {
      server.use(
        http.post('http://test.com/feed', async ({ request }) =>
          HttpResponse.json({ ...((await request.json()) as object), id: 5 }),
        ),
      )
      const { controller, cache, store } = makeStore()
      await controller.fetch(FeedResource.create, feedPayload)
      const feed = cache.select(FeedResource.get, { id: '5', type: 'link' } as { id: string })(
        store.getState(),
      )
      expect(feed).toBeInstanceOf(FeedLink)
      expect((feed as FeedLink | undefined)?.url).toBe(feedPayload.url)
    })
  })
})

describe('paginated (data-client RestEndpoint tests)', () => {
  class PaginatedArticle extends Entity {
    id: number | undefined = undefined
    title = ''
    author: User | null = null
    pk() {
      return this.id?.toString()
    }
    static key = 'PaginatedArticle'
    static schema = { author: User }
  }
  const first = {
    nextPage: '2',
    data: {
      results: [
        { id: 5, title: 'a', author: { id: 1 } },
        { id: 3, title: 'b', author: { id: 2 } },
      ],
    },
  }
  const second = {
    data: {
      results: [
        { id: 7, title: 'c', author: { id: 1 } },
        { id: 8, title: 'd', author: { id: 2 } },
      ],
    },
  }

  test('a function removing the cursor; pages append; nextPage is the newest', async () => {
    server.use(
      http.get('http://test.com/article-paginated', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === '2'
          ? HttpResponse.json(second)
          : HttpResponse.json(first),
      ),
    )
    const getArticleList = new RestEndpoint({
      urlPrefix: 'http://test.com',
      path: '/article-paginated',
      schema: { nextPage: '', data: { results: [PaginatedArticle] } },
      method: 'GET',
    })
    const getNextPage = getArticleList.paginated((_v: { cursor: string | number }) => [])
    const { controller, cache, store } = makeStore()
    const page1 = await controller.fetch(getArticleList)
    expect(page1.nextPage).toBe('2')
    await controller.fetch(getNextPage, { cursor: page1.nextPage })
    const all = cache.select(getArticleList)(store.getState())
    expect(all?.data.results?.map((a) => a?.id)).toEqual([5, 3, 7, 8])
    // the newest page has no nextPage: the default fills in
    expect(all?.nextPage).not.toBe('2')
    expect(all?.data.results?.[0]?.author).toBeInstanceOf(User)
  })

  test('with a parameter in the path: the function returns the list args', async () => {
    server.use(
      http.get('http://test.com/article-paginated/happy', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === '2'
          ? HttpResponse.json(second)
          : HttpResponse.json(first),
      ),
    )
    const getArticleList2 = new RestEndpoint({
      urlPrefix: 'http://test.com/article-paginated/',
      path: ':group',
      name: 'get',
      schema: { nextPage: '', data: { results: [PaginatedArticle] } },
      method: 'GET',
    })
    const getNextPage2 = getArticleList2.paginated(
      ({ cursor: _cursor, ...rest }: { cursor: string | number; group: string | number }) => [rest],
    )
    const { controller, cache, store } = makeStore()
    await controller.fetch(getArticleList2, { group: 'happy' })
    await controller.fetch(getNextPage2, { group: 'happy', cursor: 2 })
    const all = cache.select(getArticleList2, { group: 'happy' })(store.getState())
    expect(all?.data.results?.map((a) => a?.id)).toEqual([5, 3, 7, 8])
  })

  test('a page with duplicates keeps the first position of each item', async () => {
    server.use(
      http.get('http://test.com/dups', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === '2'
          ? HttpResponse.json([
              { id: 3, title: 'b2' },
              { id: 9, title: 'z' },
            ])
          : HttpResponse.json([
              { id: 5, title: 'a' },
              { id: 3, title: 'b' },
            ]),
      ),
    )
    const list = new RestEndpoint({ path: 'http\\://test.com/dups', schema: [PaginatedArticle] })
    const next = list.paginated(({ cursor: _c, ...rest }: { cursor: number }) => [rest])
    const { controller, cache, store } = makeStore()
    await controller.fetch(list, {})
    await controller.fetch(next, { cursor: 2 })
    const all = cache.select(list, {})(store.getState())
    expect(all?.map((a) => [a.id, a.title])).toEqual([
      [5, 'a'],
      [3, 'b2'],
      [9, 'z'],
    ])
  })
})
