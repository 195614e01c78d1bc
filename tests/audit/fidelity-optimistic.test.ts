/**
 * Fidelity audit: optimistic updates as documented for the createResource era.
 *
 * Source (reactive/data-client): docs/rest/guides/optimistic-updates.md (rest-hooks 7 version:
 * partialUpdate / delete getOptimisticResponse, "Optimistic Transforms" with
 * snap.getResponse(getCount) and snap.fetchedAt, getRequestInit calling
 * this.constructor.prototype.getRequestInit), docs/core/api/Snapshot.md.
 */
import { configureStore } from '@reduxjs/toolkit'
import { http, HttpResponse } from 'msw'
import { createEntityCache, createResource, Entity, RestEndpoint } from 'rtk-resources'
import { server } from '../mocks/server'

const API = 'http://test.com'

function makeStore() {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  return { cache, store, controller: cache.controller(store) }
}

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

class Article extends Entity {
  id: string | undefined = undefined
  title = ''
  content = ''
  published = false
  pk() {
    return this.id
  }
  static key = 'OArticle'
}
const BaseArticleResource = createResource({
  urlPrefix: API,
  path: '/articles/:id',
  schema: Article,
})

test('partialUpdate with getOptimisticResponse(snap, params, body) shows at once', async () => {
  const wait = gate()
  server.use(
    http.get(`${API}/articles/a1`, () => HttpResponse.json({ id: 'a1', title: 'T' })),
    http.patch(`${API}/articles/a1`, async ({ request }) => {
      const body = (await request.json()) as object
      await wait.opened
      return HttpResponse.json({ id: 'a1', title: 'T', ...body })
    }),
  )
  const ArticleResource = {
    ...BaseArticleResource,
    partialUpdate: BaseArticleResource.partialUpdate.extend({
      getOptimisticResponse(_snap: unknown, params: { id: string }, body: object) {
        return { id: params.id, ...body }
      },
    }),
  }
  const { controller, cache, store } = makeStore()
  await controller.fetch(ArticleResource.get, { id: 'a1' })
  const select = cache.select(ArticleResource.get, { id: 'a1' })
  const done = controller.fetch(ArticleResource.partialUpdate, { id: 'a1' }, { published: true })
  expect(select(store.getState())?.published).toBe(true)
  expect(select(store.getState())?.title).toBe('T')
  wait.open()
  await done
  expect(select(store.getState())?.published).toBe(true)
})

test('optimistic delete (getOptimisticResponse returns the params)', async () => {
  const wait = gate()
  server.use(
    http.get(`${API}/articles`, () =>
      HttpResponse.json([
        { id: 'a1', title: 'one' },
        { id: 'a2', title: 'two' },
      ]),
    ),
    http.delete(`${API}/articles/a1`, async () => {
      await wait.opened
      return new HttpResponse(null, { status: 204 })
    }),
  )
  const ArticleResource = {
    ...BaseArticleResource,
    delete: BaseArticleResource.delete.extend({
      getOptimisticResponse(_snap: unknown, params: { id: string }) {
        return params
      },
    }),
  }
  const { controller, cache, store } = makeStore()
  await controller.fetch(ArticleResource.getList)
  const done = controller.fetch(ArticleResource.delete, { id: 'a1' })
  expect(
    cache
      .select(ArticleResource.getList)(store.getState())
      ?.map((a) => a.id),
  ).toEqual(['a2'])
  wait.open()
  await done
  expect(
    cache
      .select(ArticleResource.getList)(store.getState())
      ?.map((a) => a.id),
  ).toEqual(['a2'])
})

describe('optimistic transforms (snap.getResponse, snap.fetchedAt)', () => {
  class CountEntity extends Entity {
    count = 0
    updatedAt = 0
    pk() {
      return 'SINGLETON'
    }
    static key = 'OCount'
    static useIncoming(_em: unknown, _im: unknown, existing: any, incoming: any) {
      return existing.updatedAt <= incoming.updatedAt
    }
  }
  const getCount = new RestEndpoint({
    urlPrefix: API,
    path: '/api/count',
    schema: CountEntity,
    name: 'get',
  })

  test('getRequestInit may call this.constructor.prototype.getRequestInit (docs pattern)', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post(`${API}/api/count/increment`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ count: 1, updatedAt: 1 })
      }),
    )
    const increment = new RestEndpoint({
      urlPrefix: API,
      path: '/api/count/increment',
      method: 'POST',
      name: 'increment',
      schema: CountEntity,
      getRequestInit(this: any) {
        return this.constructor.prototype.getRequestInit.call(this, { updatedAt: 42 })
      },
    })
    const { controller } = makeStore()
    await controller.fetch(increment as unknown as typeof getCount)
    expect(bodies).toEqual([{ updatedAt: 42 }])
  })

  // DEFECT: the optimistic snapshot has no getResponse(endpoint, ...args) (data-client's Snapshot API), so this documented example silently skips its optimistic write
  test('getOptimisticResponse reads the cache with snap.getResponse', async () => {
    const wait = gate()
    let server_count = 0
    server.use(
      http.get(`${API}/api/count`, () => HttpResponse.json({ count: server_count, updatedAt: 0 })),
      http.post(`${API}/api/count/increment`, async () => {
        await wait.opened
        server_count += 1
        return HttpResponse.json({ count: server_count, updatedAt: Date.now() })
      }),
    )
    const seen: unknown[] = []
    const increment = new RestEndpoint({
      urlPrefix: API,
      path: '/api/count/increment',
      method: 'POST',
      name: 'increment',
      schema: CountEntity,
      getOptimisticResponse(snap: any) {
        const { data } = snap.getResponse(getCount)
        seen.push(snap.fetchedAt)
        if (!data) throw new Error('abort')
        return { count: data.count + 1, updatedAt: snap.fetchedAt }
      },
    })
    const { controller, cache, store } = makeStore()
    await controller.fetch(getCount)
    const done = controller.fetch(increment as unknown as typeof getCount)
    expect(cache.select(getCount)(store.getState())?.count).toBe(1)
    expect(typeof seen[0]).toBe('number')
    wait.open()
    await done
    expect(cache.select(getCount)(store.getState())?.count).toBe(1)
  })
})
