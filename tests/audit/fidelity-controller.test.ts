/**
 * Fidelity audit: the Controller and Endpoint options, against data-client's docs and tests of
 * the createResource era. Real store (dev checks on), real fetch through msw.
 *
 * Sources (reactive/data-client): packages/core/src/controller/__tests__/getResponse.ts,
 * packages/core/src/controller/__tests__/Controller.ts,
 * packages/react/src/hooks/__tests__/useController/*.tsx, docs/core/api/Controller.md,
 * docs/rest/api/Endpoint.md (update, errorPolicy, extra).
 */
import { configureStore } from '@reduxjs/toolkit'
import { http, HttpResponse } from 'msw'
import {
  createEntityCache,
  createResource,
  Endpoint,
  Entity,
  ExpiryStatus,
  NetworkError,
  schema,
} from 'rtk-resources'
import { server } from '../mocks/server'

class Article extends Entity {
  id = 0
  title = ''
  content = ''
  tags: string[] = []
  pk() {
    return this.id
  }
  static key = 'Article'
}

const payload = { id: 5, title: 'hi ho', content: 'whatever', tags: ['a', 'best', 'react'] }
const API = 'http://test.com'
const ArticleResource = createResource({ urlPrefix: API, path: '/article/:id', schema: Article })

function makeStore() {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  return { cache, store, controller: cache.controller(store) }
}

function serveArticles() {
  const counts = { get: 0, list: 0, post: 0 }
  let title = payload.title
  server.use(
    http.get(`${API}/article/5`, () => {
      counts.get += 1
      return HttpResponse.json({ ...payload, title })
    }),
    http.get(`${API}/article`, () => {
      counts.list += 1
      return HttpResponse.json([
        { ...payload, title },
        { id: 3, title: 'the next time' },
      ])
    }),
    http.post(`${API}/article`, async ({ request }) => {
      counts.post += 1
      return HttpResponse.json({ id: 1, ...((await request.json()) as object) })
    }),
    http.get(`${API}/article/404`, () => HttpResponse.json({}, { status: 404 })),
  )
  return {
    counts,
    setTitle(next: string) {
      title = next
    },
  }
}

describe('fetch', () => {
  test('concurrent fetches of one GET make one request', async () => {
    const { counts } = serveArticles()
    const { controller } = makeStore()
    const results = await Promise.all([
      controller.fetch(ArticleResource.get, { id: 5 }),
      controller.fetch(ArticleResource.get, { id: 5 }),
      controller.fetch(ArticleResource.get, { id: 5 }),
    ])
    expect(counts.get).toBe(1)
    expect(results[0].content).toBe(payload.content)
  })

  test('sideEffect endpoints are never deduplicated', async () => {
    const { counts } = serveArticles()
    const { controller } = makeStore()
    await Promise.all([
      controller.fetch(ArticleResource.create, { title: 'a' }),
      controller.fetch(ArticleResource.create, { title: 'a' }),
    ])
    expect(counts.post).toBe(2)
  })

  test('fetch rejects with the error, which getError then reads', async () => {
    serveArticles()
    const { controller, store } = makeStore()
    const error = await controller.fetch(ArticleResource.get, { id: 404 }).catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.status).toBe(404)
    const recorded = controller.getError(ArticleResource.get, { id: 404 }, store.getState())
    expect(recorded).toBeDefined()
    expect((recorded as { status?: number }).status).toBe(404)
  })

  test('destructured methods work', async () => {
    serveArticles()
    const { controller, store } = makeStore()
    const { fetch, getResponse, invalidate } = controller
    await fetch(ArticleResource.get, { id: 5 })
    expect(getResponse(ArticleResource.get, { id: 5 }, store.getState()).data?.title).toBe('hi ho')
    invalidate(ArticleResource.get, { id: 5 })
    expect(getResponse(ArticleResource.get, { id: 5 }, store.getState()).expiryStatus).toBe(
      ExpiryStatus.Invalid,
    )
  })
})

describe('fetchIfStale (data-client Controller.ts)', () => {
  test('does not fetch while fresh; resolves to the data', async () => {
    const { counts } = serveArticles()
    const { controller } = makeStore()
    await controller.fetch(ArticleResource.get, { id: 5 })
    const article = await controller.fetchIfStale(ArticleResource.get, { id: 5 })
    expect(counts.get).toBe(1)
    expect(article.title).toBe(payload.title)
  })

  test('fetches when stale', async () => {
    const { counts } = serveArticles()
    const { controller } = makeStore()
    await controller.fetch(ArticleResource.get, { id: 5 })
    controller.expireAll({ testKey: ArticleResource.get.testKey.bind(ArticleResource.get) })
    await controller.fetchIfStale(ArticleResource.get, { id: 5 })
    expect(counts.get).toBe(2)
  })
})

describe('getResponse (data-client getResponse.ts)', () => {
  test('returns data, expiryStatus and expiresAt; data keeps its reference', async () => {
    serveArticles()
    const { controller, store } = makeStore()
    const before = Date.now()
    await controller.fetch(ArticleResource.get, { id: 5 })
    const first = controller.getResponse(ArticleResource.get, { id: 5 }, store.getState())
    expect(first.expiryStatus).toBe(ExpiryStatus.Valid)
    expect(first.data).toBeInstanceOf(Article)
    expect(first.expiresAt).toBeGreaterThanOrEqual(before)
    const second = controller.getResponse(ArticleResource.get, { id: 5 }, store.getState())
    expect(second.data).toBe(first.data)
    expect(second.expiresAt).toBe(first.expiresAt)
  })

  test('expiresAt follows dataExpiryLength', async () => {
    server.use(http.get(`${API}/short/5`, () => HttpResponse.json(payload)))
    const get = ArticleResource.get.extend({ path: '/short/:id', dataExpiryLength: 10_000 })
    const { controller, store } = makeStore()
    const before = Date.now()
    await controller.fetch(get, { id: 5 })
    const after = Date.now()
    const { expiresAt } = controller.getResponse(get, { id: 5 }, store.getState())
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10_000)
    expect(expiresAt).toBeLessThanOrEqual(after + 10_000)
  })

  test('a stored result keeps members it lacks missing (no defaults)', () => {
    class Tacos extends Entity {
      type = ''
      id = ''
      pk() {
        return this.id
      }
      static key = 'Tacos'
    }
    const ep = new Endpoint(async () => ({}), {
      key: () => 'mytest',
      name: 'mytest',
      schema: { data: [Tacos], extra: '', page: { first: null, third: 0 } },
    })
    const { controller, store } = makeStore()
    controller.setResponse(ep, {
      data: [
        { id: '1', type: 'foo' },
        { id: '2', type: 'bar' },
      ],
    } as never)
    const { data, expiryStatus } = controller.getResponse(ep, store.getState())
    expect(expiryStatus).toBe(ExpiryStatus.Valid)
    expect((data as { data: Tacos[] }).data.map((t) => t.type)).toEqual(['foo', 'bar'])
    expect((data as { data: Tacos[] }).data[0]).toBeInstanceOf(Tacos)
  })

  test('an entity found by its pk from the args, with no result of its own', async () => {
    serveArticles()
    const { controller, store, cache } = makeStore()
    await controller.fetch(ArticleResource.getList)
    const { data, expiryStatus } = controller.getResponse(
      ArticleResource.get,
      { id: 5 },
      store.getState(),
    )
    expect(data).toBeInstanceOf(Article)
    expect(data?.title).toBe('hi ho')
    expect(expiryStatus).toBe(ExpiryStatus.Valid)
    expect(cache.select(ArticleResource.get, { id: 3 })(store.getState())?.title).toBe(
      'the next time',
    )
  })
})

describe('getResponse: results inferred from the args (data-client getResponse.ts)', () => {
  class Tacos extends Entity {
    type = ''
    id = ''
    pk() {
      return this.id
    }
    static key = 'InferTacos'
  }
  const TacosResource = createResource({ urlPrefix: API, path: '/tacos/:id', schema: Tacos })

  // DEFECT: an inferred object-schema result drops nested defaults and reports expiresAt 0
  test('an object schema whose entity member is found from the args', async () => {
    server.use(http.get(`${API}/tacos`, () => HttpResponse.json([{ id: '1', type: 'foo' }])))
    const ep = new Endpoint(async (_: { id: string }) => ({}), {
      key: ({ id }: { id: string }) => `mytest ${id}`,
      name: 'mytest',
      schema: {
        data: Tacos,
        extra: '',
        page: { first: null, second: '', third: 0, complex: { complex: true, next: false } },
      },
    })
    const { controller, store } = makeStore()
    await controller.fetch(TacosResource.getList)
    const list = controller.getResponse(TacosResource.getList, store.getState())
    const { data, expiryStatus, expiresAt } = controller.getResponse(
      ep,
      { id: '1' },
      store.getState(),
    )
    expect(expiryStatus).toBe(ExpiryStatus.Valid)
    expect(data).toEqual({
      data: expect.any(Tacos),
      extra: '',
      page: { first: null, second: '', third: 0, complex: { complex: true, next: false } },
    })
    // the entity's own expiry (data-client: the oldest entity found dictates it)
    expect(expiresAt).toBe(list.expiresAt)
    const again = controller.getResponse(ep, { id: '1' }, store.getState())
    expect(again.data).toBe(data)
  })
})

describe('errorPolicy of RestEndpoint: 5xx is soft (data-client Controller.getError)', () => {
  // DEFECT: getError reports a 5xx error although the data it failed to refresh is still usable
  test('getError is undefined for a 5xx when the call has data; a 4xx is reported', async () => {
    let status = 200
    server.use(
      http.get(`${API}/article/5`, () =>
        status === 200 ? HttpResponse.json(payload) : HttpResponse.json({}, { status }),
      ),
    )
    const { controller, store } = makeStore()
    await controller.fetch(ArticleResource.get, { id: 5 })
    status = 500
    await controller.fetch(ArticleResource.get, { id: 5 }).catch(() => undefined)
    expect(
      controller.getResponse(ArticleResource.get, { id: 5 }, store.getState()).data,
    ).toBeDefined()
    expect(controller.getError(ArticleResource.get, { id: 5 }, store.getState())).toBeUndefined()
    status = 404
    await controller.fetch(ArticleResource.get, { id: 5 }).catch(() => undefined)
    expect(
      (controller.getError(ArticleResource.get, { id: 5 }, store.getState()) as NetworkError)
        ?.status,
    ).toBe(404)
  })
})

describe('invalidate, invalidateAll, expireAll, resetEntireStore (docs/core/api/Controller.md)', () => {
  test('invalidate makes the call Invalid; the next fetchIfStale fetches', async () => {
    const { counts } = serveArticles()
    const { controller, store } = makeStore()
    await controller.fetch(ArticleResource.get, { id: 5 })
    controller.invalidate(ArticleResource.get, { id: 5 })
    expect(
      controller.getResponse(ArticleResource.get, { id: 5 }, store.getState()).expiryStatus,
    ).toBe(ExpiryStatus.Invalid)
    await controller.fetchIfStale(ArticleResource.get, { id: 5 })
    expect(counts.get).toBe(2)
  })

  test('invalidateAll({ testKey }) invalidates every matching call, and only those', async () => {
    serveArticles()
    const { controller, store } = makeStore()
    await controller.fetch(ArticleResource.get, { id: 5 })
    await controller.fetch(ArticleResource.getList)
    controller.invalidateAll({ testKey: (key) => key === ArticleResource.get.key({ id: 5 }) })
    const state = store.getState()
    expect(controller.getResponse(ArticleResource.get, { id: 5 }, state).expiryStatus).toBe(
      ExpiryStatus.Invalid,
    )
    expect(controller.getResponse(ArticleResource.getList, state).expiryStatus).toBe(
      ExpiryStatus.Valid,
    )
  })

  test('invalidateAll(endpoint) uses the endpoint as testKey', async () => {
    serveArticles()
    const { controller, store } = makeStore()
    await controller.fetch(ArticleResource.get, { id: 5 })
    await controller.fetch(ArticleResource.getList)
    controller.invalidateAll(ArticleResource.getList)
    const state = store.getState()
    expect(controller.getResponse(ArticleResource.getList, state).expiryStatus).toBe(
      ExpiryStatus.Invalid,
    )
    expect(controller.getResponse(ArticleResource.get, { id: 5 }, state).expiryStatus).toBe(
      ExpiryStatus.Valid,
    )
  })

  test('expireAll({ testKey }) keeps the data but marks it stale', async () => {
    serveArticles()
    const { controller, store } = makeStore()
    await controller.fetch(ArticleResource.get, { id: 5 })
    controller.expireAll({ testKey: (key) => key.startsWith(`GET ${API}/article`) })
    const { data, expiryStatus, expiresAt } = controller.getResponse(
      ArticleResource.get,
      { id: 5 },
      store.getState(),
    )
    expect(data?.title).toBe('hi ho')
    expect(expiryStatus).not.toBe(ExpiryStatus.Invalid)
    expect(expiresAt).toBeLessThanOrEqual(Date.now())
  })

  test('resetEntireStore clears everything; a request in flight writes nothing', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.get(`${API}/article/5`, async () => {
        await gate
        return HttpResponse.json(payload)
      }),
      http.get(`${API}/article`, () => HttpResponse.json([{ id: 3, title: 'x' }])),
    )
    const { controller, store, cache } = makeStore()
    await controller.fetch(ArticleResource.getList)
    const pending = controller.fetch(ArticleResource.get, { id: 5 })
    controller.resetEntireStore()
    expect(cache.select(ArticleResource.getList)(store.getState())).toBeUndefined()
    release()
    await pending
    expect(cache.select(ArticleResource.get, { id: 5 })(store.getState())).toBeUndefined()
  })
})

describe('setResponse and setError', () => {
  test('setResponse normalizes: the entity shows up everywhere it is held', async () => {
    serveArticles()
    const { controller, store, cache } = makeStore()
    await controller.fetch(ArticleResource.getList)
    controller.setResponse(ArticleResource.get, { id: 5 }, { ...payload, title: 'pushed' })
    const list = cache.select(ArticleResource.getList)(store.getState())
    expect(list?.[0]?.title).toBe('pushed')
    expect(
      controller.getResponse(ArticleResource.get, { id: 5 }, store.getState()).expiryStatus,
    ).toBe(ExpiryStatus.Valid)
  })

  test('setError records the error for the call', () => {
    const { controller, store } = makeStore()
    const error = Object.assign(new Error('nope'), { status: 500 })
    controller.setError(ArticleResource.get, { id: 5 }, error)
    const recorded = controller.getError(ArticleResource.get, { id: 5 }, store.getState())
    expect(recorded?.message).toBe('nope')
  })
})

describe('Endpoint options documented in docs/rest/api/Endpoint.md', () => {
  class User extends Entity {
    id = ''
    name = ''
    isAdmin = false
    pk() {
      return this.id
    }
    static key = 'UpdUser'
  }

  // DEFECT: the documented Endpoint `update` option is silently ignored (no list is updated)
  test('update: a created user joins the lists named by the keys it returns', async () => {
    let users = [{ id: '1', name: 'a', isAdmin: false }]
    const userList = new Endpoint(
      async (params?: { admin?: boolean }) =>
        params?.admin ? users.filter((u) => u.isAdmin) : users,
      { schema: [User], name: 'userList' },
    )
    const createUser = new Endpoint(
      async (body: { name: string; isAdmin: boolean }) => {
        const made = { id: String(users.length + 1), ...body }
        users = [...users, made]
        return made
      },
      {
        schema: User,
        sideEffect: true,
        name: 'createUser',
        update: (newUserId: string, newUser: { isAdmin: boolean }) => {
          const updates: Record<string, (ids?: string[]) => string[]> = {
            [userList.key()]: (ids = []) => [newUserId, ...ids],
          }
          if (newUser.isAdmin) {
            updates[userList.key({ admin: true })] = (ids = []) => [newUserId, ...ids]
          }
          return updates
        },
      } as never,
    )
    const { controller, store, cache } = makeStore()
    await controller.fetch(userList)
    await controller.fetch(userList, { admin: true })
    await controller.fetch(createUser, { name: 'b', isAdmin: true })
    expect(
      cache
        .select(userList)(store.getState())
        ?.map((u) => u.id),
    ).toEqual(['2', '1'])
    expect(
      cache
        .select(userList, { admin: true })(store.getState())
        ?.map((u) => u.id),
    ).toEqual(['2'])
  })

  // DEFECT: the documented `errorPolicy` option is ignored: a 'soft' 4xx still replaces the data
  test("errorPolicy: 'soft' keeps showing stale data after a 4xx", async () => {
    let fail = false
    server.use(
      http.get(`${API}/soft/5`, () =>
        fail ? HttpResponse.json({}, { status: 404 }) : HttpResponse.json(payload),
      ),
    )
    const get = ArticleResource.get.extend({
      path: '/soft/:id',
      errorPolicy: () => 'soft' as const,
    })
    const { controller, store } = makeStore()
    await controller.fetch(get, { id: 5 })
    fail = true
    await controller.fetch(get, { id: 5 }).catch(() => undefined)
    // data-client's Controller.getError: a soft error with usable data is not an error
    expect(controller.getError(get, { id: 5 }, store.getState())).toBeUndefined()
    expect(controller.getResponse(get, { id: 5 }, store.getState()).data).toBeDefined()
  })

  test('schema.Delete in a custom endpoint removes the entity', async () => {
    const { controller, store, cache } = makeStore()
    serveArticles()
    await controller.fetch(ArticleResource.getList)
    const remove = new Endpoint(async ({ id }: { id: number }) => ({ id }), {
      schema: new schema.Delete(Article),
      sideEffect: true,
      name: 'removeArticle',
    })
    await controller.fetch(remove, { id: 5 })
    expect(
      cache
        .select(ArticleResource.getList)(store.getState())
        ?.map((a) => a.id),
    ).toEqual([3])
    expect(cache.select(ArticleResource.get, { id: 5 })(store.getState())).toBeUndefined()
  })

  test('an Endpoint with a primitive argument (docs: useSuspense(getTodo, 1))', async () => {
    const getTodo = new Endpoint(
      (id: number) => Promise.resolve({ id, title: `todo ${id}`, completed: false }),
      { name: 'getTodo' },
    )
    expect(getTodo.key(1)).toBe('getTodo [1]')
    const { controller, store, cache } = makeStore()
    await controller.fetch(getTodo, 1)
    expect(cache.select(getTodo, 1)(store.getState())).toEqual({
      id: 1,
      title: 'todo 1',
      completed: false,
    })
  })
})
