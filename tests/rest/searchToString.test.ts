/** RestEndpoint#searchToString: how query strings are built, overridable (data-client). */
import { http, HttpResponse } from 'msw'
import type { RestGenerics } from 'rtk-resources'
import { RestEndpoint, createResource } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo } from '../fixtures/resources'
import { recordRequests } from '../mocks/requests'
import { useMockApi } from '../mocks/server'

const server = useMockApi()
const seen = recordRequests(server)

/** Rails/PHP style: `tag[]=a&tag[]=b`, keys in the order given. */
function bracketArrays(searchParams: Record<string, unknown>): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(searchParams)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      const name = Array.isArray(value) ? `${key}[]` : key
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`)
    }
  }
  return parts.join('&')
}

class BracketEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  searchToString(searchParams: Record<string, unknown>) {
    return bracketArrays(searchParams)
  }
}

test('the default: sorted, undefined left out, arrays repeat the key', () => {
  const list = new RestEndpoint({ urlPrefix: API, path: '/todos' })
  expect(list.searchToString({ b: 2, a: ['x', 'y'], c: undefined })).toBe('a=x&a=y&b=2')
  expect(list.url({ b: 2, a: ['x', 'y'] })).toBe(`${API}/todos?a=x&a=y&b=2`)
})

test('a subclass override builds url, key and the request; path params stay in the path', async () => {
  const list = new BracketEndpoint({
    urlPrefix: API,
    path: '/users/:userId/todos',
    schema: [Todo],
    searchParams: {} as { tag?: string[]; page?: number },
  })
  const params = { userId: 1, tag: ['a', 'b'], page: 2 }
  expect(list.url(params)).toBe(`${API}/users/1/todos?tag%5B%5D=a&tag%5B%5D=b&page=2`)
  expect(list.key(params)).toBe(`GET ${list.url(params)}`)
  expect(list.testKey(list.key(params))).toBe(true)
  server.use(http.get(`${API}/users/:userId/todos`, () => HttpResponse.json([{ id: 1 }])))
  const { controller, check } = makeRestStore()
  await controller.fetch(list, params)
  const sent = new URL(seen[seen.length - 1]?.url ?? '')
  expect(sent.searchParams.getAll('tag[]')).toEqual(['a', 'b'])
  expect(sent.searchParams.get('page')).toBe('2')
  check()
})

test('extend({ searchToString }) and createResource({ searchToString }) use it too', () => {
  const base = new RestEndpoint({ urlPrefix: API, path: '/todos' })
  const commas = base.extend({
    searchToString(searchParams: Record<string, unknown>) {
      return Object.entries(searchParams)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
        .join('&')
    },
  })
  expect(commas.url({ ids: [1, 2, 3] })).toBe(`${API}/todos?ids=1,2,3`)
  expect(base.url({ ids: [1, 2] })).toBe(`${API}/todos?ids=1&ids=2`)

  const Resource = createResource({
    urlPrefix: API,
    path: '/todos/:id',
    schema: Todo,
    Endpoint: BracketEndpoint,
  })
  expect(Resource.getList.url({ tag: ['x'] })).toBe(`${API}/todos?tag%5B%5D=x`)
  expect(Resource.get.url({ id: 5, expand: ['owner'] })).toBe(`${API}/todos/5?expand%5B%5D=owner`)
})
