/**
 * Plain data made in another realm: `fetch(...).json()` and `structuredClone` under Jest (their
 * objects come from Node's own context, not the test's), an iframe's or a `vm` context's objects.
 * Their prototype is that realm's Object.prototype; they are plain data all the same.
 */
import { runInNewContext } from 'node:vm'
import { http, HttpResponse } from 'msw'
import { Endpoint, Entity, RestEndpoint, createResource, schema } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { server } from '../mocks/server'

const API = 'http://realm.test'

class Item extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'RealmItem'
}
class Event extends Entity {
  id = 0
  meta = { at: new Date(0) }
  pk() {
    return this.id
  }
  static key = 'RealmEvent'
  static schema = { meta: { at: Date } }
}

/** `value` rebuilt in a new vm context: every object and array is that realm's. */
const foreign = <T>(value: T): T => runInNewContext(`(${JSON.stringify(value)})`) as T

const page = {
  results: [
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ],
  nextPage: 'p2',
}

test('the fixture makes objects of another realm', () => {
  const made = foreign({ a: 1 })
  expect(Object.getPrototypeOf(made)).not.toBe(Object.prototype)
  expect(Object.getPrototypeOf(Object.getPrototypeOf(made))).toBeNull()
})

test.each([
  ['a vm context', async () => foreign(page)],
  ['structuredClone', async () => structuredClone(page)],
  [
    'fetch().json()',
    async () => {
      server.use(http.get(`${API}/page`, () => HttpResponse.json(page)))
      return (await fetch(`${API}/page`)).json() as Promise<typeof page>
    },
  ],
])('an object schema normalizes a response made by %s', async (_, load) => {
  const { store, cache } = makeStore()
  const endpoint = new Endpoint(load, { schema: { results: [Item], nextPage: '' }, name: 'page' })
  const value = await cache.controller(store).fetch(endpoint)
  expect(value.results[0]).toBeInstanceOf(Item)
  expect(value.nextPage).toBe('p2')
  expect(store.getState().data.entities.RealmItem).toEqual({
    1: { id: 1, name: 'a' },
    2: { id: 2, name: 'b' },
  })
})

test('Values, Union and nested Date members read foreign objects as plain data', async () => {
  const { store, cache } = makeStore()
  const controller = cache.controller(store)
  const map = new Endpoint(async () => foreign({ x: { id: 3, name: 'c' } }), {
    schema: new schema.Values(Item),
    name: 'map',
  })
  expect((await controller.fetch(map)).x).toBeInstanceOf(Item)
  const union = new Endpoint(async () => foreign([{ id: 4, name: 'd', kind: 'item' }]), {
    schema: [new schema.Union({ item: Item }, 'kind')],
    name: 'union',
  })
  expect((await controller.fetch(union))[0]).toBeInstanceOf(Item)
  const event = new Endpoint(
    async () => foreign({ id: 1, meta: { at: '2021-01-01T00:00:00.000Z' } }),
    { schema: Event, name: 'event' },
  )
  const read = await controller.fetch(event)
  expect(read.meta.at).toBeInstanceOf(Date)
  expect(read.meta.at.toISOString()).toBe('2021-01-01T00:00:00.000Z')
})

test('a foreign plain body is sent as JSON', async () => {
  const seen: { type: string | null; body: string }[] = []
  server.use(
    http.post(`${API}/items`, async ({ request }) => {
      seen.push({ type: request.headers.get('Content-Type'), body: await request.text() })
      return HttpResponse.json({ id: 9, name: 'n' })
    }),
  )
  const ItemResource = createResource({ urlPrefix: API, path: '/items/:id', schema: Item })
  await ItemResource.create(foreign({ name: 'n' }))
  expect(seen).toEqual([{ type: 'application/json', body: '{"name":"n"}' }])
})

test('parseResponse overridden with response.json() still normalizes', async () => {
  server.use(http.get(`${API}/list`, () => HttpResponse.json(page)))
  const { store, cache } = makeStore()
  const list = new RestEndpoint({
    urlPrefix: API,
    path: '/list',
    schema: { results: [Item], nextPage: '' },
    parseResponse: (response: Response) => response.json(),
  })
  const value = await cache.controller(store).fetch(list)
  expect(value.results.map((item) => item instanceof Item)).toEqual([true, true])
})

test('class instances stay not plain', async () => {
  const { isPlainObject } = await import('../../src/internal/ownKeys')
  expect(isPlainObject(new Item())).toBe(false)
  expect(isPlainObject(new Date())).toBe(false)
  expect(isPlainObject(foreign([1]))).toBe(false)
  expect(isPlainObject(runInNewContext('new Date()'))).toBe(false)
  expect(isPlainObject(Object.create(null))).toBe(true)
})
