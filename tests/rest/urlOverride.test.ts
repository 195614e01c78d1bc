/**
 * `url()` overridden in the options or in `extend`: called with a call's params (path params
 * and search params, never the body), typed as the endpoint's; its URL is the request's and the
 * key's.
 */
import { http, HttpResponse } from 'msw'
import { RestEndpoint } from 'rtk-resources'
import { server } from '../mocks/server'

const API = 'http://url-override.test'
const requested: string[] = []
beforeEach(() => {
  requested.length = 0
  server.use(
    http.all(`${API}/*`, ({ request }) => {
      requested.push(`${request.method} ${request.url}`)
      return HttpResponse.json({ ok: true })
    }),
  )
})

const seen: unknown[] = []
const getPost = new RestEndpoint({
  urlPrefix: API,
  path: '/users/:userId/posts/:id',
  searchParams: {} as { expand?: string },
  url(params) {
    seen.push(params)
    const query = params.expand === undefined ? '' : `?with=${params.expand}`
    return `${this.urlPrefix}/p/${params.userId}-${params.id}${query}`
  },
})

test('an options url() gets each call params; its URL is requested and keyed', async () => {
  seen.length = 0
  expect(await getPost({ userId: 1, id: 2, expand: 'author' })).toEqual({ ok: true })
  expect(requested).toEqual([`GET ${API}/p/1-2?with=author`])
  expect(getPost.key({ userId: 1, id: 2 })).toBe(`GET ${API}/p/1-2`)
  expect(seen).toEqual([
    { userId: 1, id: 2, expand: 'author' },
    { userId: 1, id: 2 },
  ])
})

test('extend keeps the override and a new one replaces it; the body never reaches url()', async () => {
  seen.length = 0
  const updatePost = getPost.extend({ method: 'PUT', body: {} as { title: string } })
  await updatePost({ userId: 1, id: 3 }, { title: 'x' })
  expect(seen).toEqual([{ userId: 1, id: 3 }])
  const plain = updatePost.extend({
    url(params) {
      return `${API}/plain/${params.id}`
    },
  })
  await plain({ userId: 1, id: 4 }, { title: 'y' })
  expect(requested).toEqual([`PUT ${API}/p/1-3`, `PUT ${API}/plain/4`])
})

test('the default url() takes no argument for an endpoint without params', () => {
  const list = new RestEndpoint({ urlPrefix: API, path: '/todos' })
  expect(list.url()).toBe(`${API}/todos`)
  expect(list.url(undefined)).toBe(`${API}/todos`)
  expect(list.url({ page: 2 })).toBe(`${API}/todos?page=2`)
})
