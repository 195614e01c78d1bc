/**
 * The documented layout boundaries, through the public API: plain up to 1,024 records, split past
 * it, kept split from 1,001 to 1,024, plain again at 1,000 or fewer (by deletes or a sweep), and
 * reads identical in each.
 */
import { Endpoint, Entity, Query, schema } from 'rtk-resources'
import { makeStore } from '../fixtures/store'

class Row extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'Row'
}
const rows = (from: number, to: number, name = 'r') =>
  Array.from({ length: to - from }, (_, i) => ({ id: from + i, name }))

function setup() {
  const s = makeStore()
  const list = new Endpoint(async (_: { k: string }) => [], { schema: [Row], name: 'list' })
  const del = new Endpoint(async (_: { n: number }) => [], {
    schema: [new schema.Delete(Row)],
    sideEffect: true,
    name: 'del',
  })
  const split = () =>
    (s.store.getState().data.layout as unknown as { splitTables: string[] }).splitTables.includes(
      'Row',
    )
  const size = () => Object.keys(s.cache.selectTable('Row')(s.store.getState())).length
  return { ...s, list, del, split, size }
}

test('1,024 plain, 1,025 split; deletes to 1,001 keep it split, to 1,000 plain', () => {
  const { controller, list, del, split, size, store, cache, replay, expectSilentChecks } = setup()
  controller.setResponse(list, { k: 'a' }, rows(0, 1024))
  expect([size(), split()]).toEqual([1024, false])
  controller.setResponse(list, { k: 'b' }, rows(1024, 1025))
  expect([size(), split()]).toEqual([1025, true])
  const before = cache.select(list, { k: 'a' })(store.getState())!
  controller.setResponse(del, { n: 1 }, rows(1001, 1025))
  expect([size(), split()]).toEqual([1001, true])
  const after = cache.select(list, { k: 'a' })(store.getState())!
  expect(after).toHaveLength(1001)
  expect(after[5]).toBe(before[5])
  controller.setResponse(del, { n: 2 }, rows(1000, 1001))
  expect([size(), split()]).toEqual([1000, false])
  const plain = cache.select(list, { k: 'a' })(store.getState())!
  expect(plain).toHaveLength(1000)
  expect(plain[5]).toBe(before[5]) // untouched record, same instance across the conversion
  expect((store.getState().data.entities as any).Row['5']).toEqual({ id: 5, name: 'r' })
  expect(replay().data).toEqual(store.getState().data)
  expectSilentChecks()
})

test('a sweep leaving exactly 1,000 records makes the table plain; 1,001 keeps it split', () => {
  for (const keep of [1000, 1001]) {
    const { controller, list, split, size, store, cache, replay, expectSilentChecks } = setup()
    const release = cache.retain(store, list, { k: 'kept' })
    controller.setResponse(list, { k: 'kept' }, rows(0, keep))
    controller.setResponse(list, { k: 'gone' }, rows(keep, 1600))
    expect(split()).toBe(true)
    controller.collectGarbage({ now: Date.now() + 1e10 })
    expect([size(), split()]).toEqual([keep, keep > 1000])
    const after = cache.select(list, { k: 'kept' })(store.getState())!
    expect(after).toHaveLength(keep)
    expect(after[3]!.name).toBe('r')
    expect(replay().data).toEqual(store.getState().data)
    expectSilentChecks()
    release()
  }
})

test('a split table whose records all go reads as an empty table, not missing', () => {
  const { controller, list, del, split, size, store, cache } = setup()
  controller.setResponse(list, { k: 'a' }, rows(0, 1100))
  controller.setResponse(del, { n: 1 }, rows(0, 1100))
  expect(size()).toBe(0)
  expect(split()).toBe(false)
  expect(cache.select(list, { k: 'a' })(store.getState())).toEqual([])
  const all = cache.select(new Query(new schema.All(Row)))(store.getState())
  expect(all).toEqual([])
  expect(cache.selectRecord('Row', 5)(store.getState())).toBeUndefined()
})

test.each([10, 1100])(
  'odd numeric ids in a table of %i records: stored, read, deleted',
  (count) => {
    const { controller, list, del, store, cache, replay, expectSilentChecks } = setup()
    const odd = [1.5, 1e9, 2 ** 53, 1e21, -0.5, 0.1, 999_999_999, -7, 2 ** 31, -(2 ** 31)]
    controller.setResponse(list, { k: 'a' }, [
      ...rows(0, count),
      ...odd.map((id) => ({ id, name: `odd${id}` })),
    ])
    const getRow = new Endpoint(async (_: { id: number }) => ({}), { schema: Row, name: 'getRow' })
    for (const id of odd) {
      expect(cache.selectRecord('Row', String(id))(store.getState())).toEqual({
        id,
        name: `odd${id}`,
      })
      expect(cache.select(getRow, { id })(store.getState())?.name).toBe(`odd${id}`)
    }
    expect(Object.keys(cache.selectTable('Row')(store.getState())).sort()).toEqual(
      [...rows(0, count).map((r) => String(r.id)), ...odd.map(String)].sort(),
    )
    controller.setResponse(
      del,
      { n: 1 },
      odd.map((id) => ({ id })),
    )
    for (const id of odd) expect(cache.select(getRow, { id })(store.getState())).toBeUndefined()
    expect(cache.select(list, { k: 'a' })(store.getState())).toHaveLength(count)
    expect(replay().data).toEqual(store.getState().data)
    expectSilentChecks()
  },
)
