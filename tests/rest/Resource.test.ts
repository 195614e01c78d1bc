import { http, HttpResponse } from 'msw'
import { NetworkError, Resource, createResource } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

const ROOT = 'http://legacy.test/api/articles'
const wire: string[] = []
const articles = new Map([
  [1, { id: 1, title: 'One', body: 'first' }],
  [2, { id: 2, title: 'Two', body: 'second' }],
])

serveHandlers(
  http.get(ROOT, ({ request }) => {
    wire.push(`GET ${request.url}`)
    const page = new URL(request.url).searchParams.get('page')
    if (page === 'html') return new HttpResponse('<html>oops</html>', { status: 200 })
    const results = [...articles.values()]
    if (page !== null) {
      return HttpResponse.json(results, {
        headers: { link: `<${ROOT}?page=${Number(page) + 1}>; rel="next"` },
      })
    }
    return HttpResponse.json({ results, nextPage: '2', prevPage: null })
  }),
  http.get(`${ROOT}/:id`, ({ params, request }) => {
    wire.push(`GET ${request.url}`)
    return HttpResponse.json(articles.get(Number(params.id)))
  }),
  http.post(ROOT, async ({ request }) => {
    const body = (await request.json()) as { title: string }
    wire.push(`POST ${request.url} ${JSON.stringify(body)}`)
    const created = { id: 3, title: body.title, body: '' }
    articles.set(3, created)
    return HttpResponse.json(created)
  }),
  http.put(`${ROOT}/:id`, async ({ params, request }) => {
    wire.push(`PUT ${request.url} ${await request.text()}`)
    return HttpResponse.json({ id: Number(params.id), title: 'Put', body: 'put' })
  }),
  http.patch(`${ROOT}/:id`, async ({ params, request }) => {
    wire.push(`PATCH ${request.url} ${await request.text()}`)
    return HttpResponse.json({ ...articles.get(Number(params.id)), title: 'Patched' })
  }),
  http.delete(`${ROOT}/:id`, ({ request }) => {
    wire.push(`DELETE ${request.url}`)
    return new HttpResponse(null, { status: 204 })
  }),
)
beforeEach(() => {
  wire.length = 0
  articles.delete(3)
})

class ArticleResource extends Resource {
  id = 0
  title = ''
  body = ''
  pk() {
    return this.id
  }
  static key = 'Article'
  static urlRoot = `${ROOT}/`
}

test('static factories build RestEndpoints on urlRoot and urlRoot/:id', async () => {
  const { store, controller, cache } = makeStore()
  const one = await controller.fetch(ArticleResource.detail(), { id: 1 })
  expect(one).toBeInstanceOf(ArticleResource)
  expect(ArticleResource.detail()).toBe(ArticleResource.detail())
  await controller.fetch(ArticleResource.create(), { title: 'Three' })
  await controller.fetch(ArticleResource.update(), { id: 2 }, { title: 'Put' })
  await controller.fetch(ArticleResource.partialUpdate(), { id: 1 }, { title: 'Patched' })
  const deleted = await controller.fetch(ArticleResource.delete(), { id: 3 })
  expect(deleted).toEqual({ id: 3 })
  expect(wire).toEqual([
    `GET ${ROOT}/1`,
    `POST ${ROOT} {"title":"Three"}`,
    `PUT ${ROOT}/2 {"title":"Put"}`,
    `PATCH ${ROOT}/1 {"title":"Patched"}`,
    `DELETE ${ROOT}/3`,
  ])
  expect(cache.select(ArticleResource.detail(), { id: 1 })(store.getState())?.title).toBe('Patched')
  expect(cache.select(ArticleResource.detail(), { id: 3 })(store.getState())).toBeUndefined()
  expectPlain(store.getState())
})

test('list() takes query params; the older body-pagination recipe extends it', async () => {
  class PagedArticle extends ArticleResource {
    static list<R extends typeof Resource>(this: R) {
      return super.list().extend({ schema: { results: [this], nextPage: '', prevPage: '' } })
    }
  }
  const { controller } = makeStore()
  const page = await controller.fetch(PagedArticle.list(), {})
  expect(page.results.map((a) => a.title)).toEqual(['One', 'Two'])
  expect(page.nextPage).toBe('2')
  expect(page.prevPage).toBeNull()
})

test('a subclass fetchResponse reads the link header into { link, results }', async () => {
  class LinkedArticle extends ArticleResource {
    static async fetchResponse(input: string, init: RequestInit) {
      const response = (await super.fetchResponse(input, init)) as Response
      try {
        const results: unknown = await response.json()
        return { link: response.headers.get('link'), results }
      } catch (error) {
        ;(error as { status?: number }).status = 400
        throw error
      }
    }
    static list<R extends typeof Resource>(this: R) {
      return super.list().extend({ schema: { results: [this], link: '' } })
    }
  }
  const { store, cache, controller } = makeStore()
  const page = await controller.fetch(LinkedArticle.list(), { page: 1 })
  expect(page.link).toBe(`<${ROOT}?page=2>; rel="next"`)
  expect(page.results[1]).toBeInstanceOf(LinkedArticle)
  expect(wire).toEqual([`GET ${ROOT}?page=1`])
  const error = await controller.fetch(LinkedArticle.list(), { page: 'html' }).catch((e) => e)
  expect((error as { status?: number }).status).toBe(400)
  expect(
    store.getState().data.meta[LinkedArticle.list().key({ page: 'html' })]?.error?.status,
  ).toBe(400)
  void cache
})

test('the default pipeline rejects bodies that are not JSON with a NetworkError 400', async () => {
  const { controller } = makeStore()
  const error = await controller.fetch(ArticleResource.list(), { page: 'html' }).catch((e) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(400)
})

test('a Resource and a createResource entity with the same key share records', async () => {
  const { store, cache, controller } = makeStore()
  class Article extends ArticleResource {}
  const ArticleRest = createResource({
    urlPrefix: 'http://legacy.test',
    path: '/api/articles/:id',
    schema: Article,
  })
  await controller.fetch(ArticleResource.detail(), { id: 2 })
  await controller.fetch(ArticleRest.partialUpdate, { id: 2 }, { title: 'Patched' })
  expect(cache.select(ArticleResource.detail(), { id: 2 })(store.getState())?.title).toBe('Patched')
  expect(wire).toEqual([`GET ${ROOT}/2`, `PATCH ${ROOT}/2 {"title":"Patched"}`])
})
