/**
 * Query params and keys keep every own member of the params, whatever its name: a `__proto__`,
 * `constructor` or `toString` param is sent, and keys the call apart from one without it.
 */
import { Endpoint, Entity, createResource } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import type { Loopback } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'

class Item extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'Item'
}

let server: Loopback
beforeAll(async () => {
  server = await startLoopback(() => ({
    headers: { 'Content-Type': 'application/json' },
    body: '[]',
  }))
})
afterAll(() => server.close())

test('a __proto__ query param is sent, and keys its own list', async () => {
  const items = createResource({ urlPrefix: server.origin, path: '/items/:id', schema: Item })
  const withProto = { ['__proto__']: 'p', constructor: 'c', toString: 't' }
  expect(Object.keys(withProto)).toContain('__proto__')
  expect(items.getList.key(withProto)).not.toBe(items.getList.key())
  const { store, cache, controller, check } = makeRestStore()
  await controller.fetch(items.getList, withProto)
  expect(server.requests.map((request) => request.url)).toEqual([
    '/items?__proto__=p&constructor=c&toString=t',
  ])
  expect(cache.select(items.getList)(store.getState())).toBeUndefined()
  expect(cache.select(items.getList, withProto)(store.getState())).toEqual([])
  check()
})

test('Endpoint keys keep a __proto__ member apart from an empty object', () => {
  const find = new Endpoint(async (_params: object) => null, { name: 'find' })
  expect(find.key({ ['__proto__']: 'p' })).not.toBe(find.key({}))
  expect(find.key({ ['__proto__']: 'p' })).toBe('find [{"__proto__":"p"}]')
})
