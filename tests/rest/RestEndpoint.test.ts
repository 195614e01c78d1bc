import { Endpoint, RestEndpoint } from 'rtk-resources'
import { API } from '../fixtures/resources'
import type { Echo } from '../mocks/handlers'
import { useMockApi } from '../mocks/server'

useMockApi()

const echo = new RestEndpoint({ urlPrefix: API, path: '/echo/:id', method: 'POST' })

test('an endpoint is callable, an Endpoint, and resolves to the parsed response', async () => {
  const get = new RestEndpoint({ urlPrefix: API, path: '/todos/:id' })
  expect(typeof get).toBe('function')
  expect(get).toBeInstanceOf(RestEndpoint)
  expect(get).toBeInstanceOf(Endpoint)
  expect(await get({ id: 1 })).toEqual({ id: 1, userId: 1, title: 'Buy milk', completed: false })
  expect(get.sideEffect).toBeUndefined()
  expect(get.method).toBe('GET')
  expect(get.name).toBe(`${API}/todos/:id`)
})

test('the pipeline runs url → getRequestInit → getHeaders → fetchResponse → parseResponse → process, with this = the endpoint', async () => {
  const steps: string[] = []
  const seen: unknown[] = []
  class TracedEndpoint extends RestEndpoint {
    url(params: object) {
      steps.push('url')
      seen.push(this)
      return super.url(params)
    }
    async getRequestInit(body?: unknown) {
      steps.push('getRequestInit')
      seen.push(this)
      return super.getRequestInit(body)
    }
    getHeaders(headers: Record<string, string>) {
      steps.push('getHeaders')
      seen.push(this)
      return { ...headers, 'X-Step': 'headers' }
    }
    fetchResponse(input: string, init: RequestInit) {
      steps.push('fetchResponse')
      seen.push(this)
      return super.fetchResponse(input, init)
    }
    async parseResponse(response: Response) {
      steps.push('parseResponse')
      seen.push(this)
      return { echo: (await super.parseResponse(response)) as Echo }
    }
    process(value: { echo: Echo }, ...args: unknown[]) {
      steps.push('process')
      seen.push(this)
      return { ...value, args }
    }
  }
  const endpoint = new TracedEndpoint({ urlPrefix: API, path: '/echo/:id', method: 'POST' })
  const result = await endpoint({ id: 7 }, { title: 'x' })
  expect(steps).toEqual([
    'url',
    'getRequestInit',
    'getHeaders',
    'fetchResponse',
    'parseResponse',
    'process',
  ])
  expect(seen.every((s) => s === endpoint)).toBe(true)
  expect(result.echo.headers['x-step']).toBe('headers')
  expect(result.args).toEqual([{ id: 7 }, { title: 'x' }])
})

describe('bodies', () => {
  const send = async (body: unknown) => (await echo({ id: 1 }, body)) as Echo

  it('plain objects and arrays are JSON with Content-Type: application/json', async () => {
    let seen = await send({ title: 'a', done: false })
    expect(seen.body).toBe('{"title":"a","done":false}')
    expect(seen.headers['content-type']).toBe('application/json')
    seen = await send([1, 2])
    expect(seen.body).toBe('[1,2]')
    expect(seen.headers['content-type']).toBe('application/json')
  })

  it('strings, FormData, URLSearchParams and Blobs pass through untouched', async () => {
    let seen = await send('raw text')
    expect(seen.body).toBe('raw text')
    expect(seen.headers['content-type']).toBe('text/plain;charset=UTF-8')

    const form = new FormData()
    form.append('name', 'Ada')
    seen = await send(form)
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen.body).toContain('name="name"')
    expect(seen.body).toContain('Ada')

    seen = await send(new URLSearchParams({ a: '1' }))
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8')
    expect(seen.body).toBe('a=1')

    seen = await send(new Blob(['bytes'], { type: 'application/octet-stream' }))
    expect(seen.headers['content-type']).toBe('application/octet-stream')
    expect(seen.body).toBe('bytes')
  })

  it('an explicit Content-Type in requestInit wins over the JSON default', async () => {
    const custom = echo.extend({
      requestInit: { headers: { 'content-type': 'application/merge-patch+json' } },
    })
    const seen = (await custom({ id: 1 }, { a: 1 })) as Echo
    expect(seen.headers['content-type']).toBe('application/merge-patch+json')
    expect(seen.body).toBe('{"a":1}')
  })

  it('GET and DELETE take no body; a POST without path params takes (body)', async () => {
    const get = new RestEndpoint({ urlPrefix: API, path: '/echo/:id' })
    const seen = (await get({ id: 1 })) as Echo
    expect(seen).toMatchObject({ method: 'GET', body: '' })
    expect(seen.headers['content-type']).toBeUndefined()
    const del = get.extend({ method: 'DELETE' })
    expect(((await del({ id: 2 })) as Echo).method).toBe('DELETE')
    const post = new RestEndpoint({ urlPrefix: API, path: '/echo/new', method: 'POST' })
    expect(post.key({ a: 1 })).toBe(`POST ${API}/echo/new`)
    expect(((await post({ a: 1 })) as Echo).body).toBe('{"a":1}')
  })

  it('body: undefined declares a mutation without a body: its argument is the params', async () => {
    const action = new RestEndpoint({
      urlPrefix: API,
      path: '/echo/:id/archive',
      method: 'POST',
      body: undefined,
      searchParams: {} as { force?: boolean },
    })
    const seen = (await action({ id: 3, force: true })) as Echo
    expect(seen.url).toBe(`${API}/echo/3/archive?force=true`)
    expect(seen.body).toBe('')
  })
})

describe('extend', () => {
  it('returns a new endpoint of the same class, keeping the name and every other option', async () => {
    class Tagged extends RestEndpoint {
      tag() {
        return 'tagged'
      }
    }
    const base = new Tagged({
      urlPrefix: API,
      path: '/echo/:id',
      name: 'echo',
      dataExpiryLength: 5,
    })
    const post = base.extend({ method: 'POST' })
    expect(post).not.toBe(base)
    expect(post).toBeInstanceOf(Tagged)
    expect(post.tag()).toBe('tagged')
    expect(post.name).toBe('echo')
    expect(post.dataExpiryLength).toBe(5)
    expect(post.urlPrefix).toBe(API)
    expect(post.sideEffect).toBe(true)
    expect(base.method).toBe('GET')
    expect(base.sideEffect).toBeUndefined()
    expect(((await post({ id: 1 }, { a: 1 })) as Echo).method).toBe('POST')
  })

  it('makes a name made from urlPrefix + path again from the new ones; a given name stays', () => {
    const list = new RestEndpoint({ urlPrefix: API, path: '/articles' })
    expect(list.extend({ path: '/articles/:id' }).name).toBe(`${API}/articles/:id`)
    expect(list.extend({ urlPrefix: 'http://other.test' }).name).toBe('http://other.test/articles')
    expect(list.extend({ method: 'POST' }).name).toBe(`${API}/articles`)
    // Chained: the derived name follows again.
    const nested = list.extend({ method: 'POST' }).extend({ path: '/posts' })
    expect(nested.name).toBe(`${API}/posts`)
    const named = new RestEndpoint({ urlPrefix: API, path: '/articles', name: 'articles' })
    expect(named.extend({ path: '/articles/:id' }).name).toBe('articles')
    expect(list.extend({ path: '/x', name: 'given' }).extend({ path: '/y' }).name).toBe('given')
  })

  it('replaces methods; inside them this is the new endpoint', async () => {
    const seen: unknown[] = []
    const withHeader = echo.extend({
      getHeaders(headers) {
        seen.push(this)
        return { ...headers, 'X-Api-Key': `key-for-${this.method}` }
      },
    })
    const result = (await withHeader({ id: 1 }, {})) as Echo
    expect(seen).toEqual([withHeader])
    expect(result.headers['x-api-key']).toBe('key-for-POST')
    // The original is untouched.
    expect(((await echo({ id: 1 }, {})) as Echo).headers['x-api-key']).toBeUndefined()
  })

  it('an explicit sideEffect is kept; extending the path keeps the prefix', () => {
    const get = new RestEndpoint({ urlPrefix: API, path: '/a/:id', sideEffect: true })
    expect(get.sideEffect).toBe(true)
    const other = get.extend({ path: '/b/:key' })
    expect(other.url({ key: 'k' })).toBe(`${API}/b/k`)
    expect(other.sideEffect).toBe(true)
  })
})
