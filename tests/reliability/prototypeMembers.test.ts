/**
 * Members named `__proto__`, `constructor`, `toString` inside records and schema-less results
 * (as JSON.parse makes them: own properties) are ordinary keys in both table layouts: stored as
 * own members, read back, JSON round-trips, replay rebuilds, nothing polluted.
 */
import { Endpoint, Entity } from 'rtk-resources'
import { makeStore } from '../fixtures/store'

class Doc extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'Doc'
}
const wire = (id: number) =>
  JSON.parse(
    `{"id":${id},"name":"d${id}","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"toString":"str","meta":{"__proto__":{"x":1}}}`,
  )

test.each([3, 1500])('a table of %i records with __proto__ members', (count) => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  const list = new Endpoint(async () => [], { schema: [Doc], name: 'list' })
  const raw = new Endpoint(async () => ({}), { name: 'raw' })
  controller.setResponse(
    list,
    Array.from({ length: count }, (_, i) => wire(i)),
  )
  controller.setResponse(raw, JSON.parse('{"__proto__":{"polluted":true},"a":{"__proto__":[1]}}'))
  const state = store.getState()
  const rec = cache.selectRecord('Doc', 1)(state) as Record<string, unknown>
  expect(Object.getPrototypeOf(rec)).not.toEqual({ polluted: true })
  expect(Object.prototype.hasOwnProperty.call(rec, '__proto__')).toBe(true)
  expect(rec['__proto__']).toEqual({ polluted: true })
  expect(Object.prototype.hasOwnProperty.call(rec.meta, '__proto__')).toBe(true)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  const data = cache.select(raw)(state) as Record<string, unknown>
  expect(Object.prototype.hasOwnProperty.call(data, '__proto__')).toBe(true)
  expect((data as { polluted?: boolean }).polluted).toBeUndefined()
  const doc = cache.select(list)(state)![1]!
  expect(doc.name).toBe('d1')
  expect(doc instanceof Doc).toBe(true)
  expect(typeof doc.pk).toBe('function')
  const slice = state.data
  expect(JSON.stringify(JSON.parse(JSON.stringify(slice)))).toBe(JSON.stringify(slice))
  expect(JSON.stringify(replay().data)).toBe(JSON.stringify(slice))
  expectSilentChecks()
})
