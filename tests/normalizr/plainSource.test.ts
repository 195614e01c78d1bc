import { applyNormalized, createPlainSource, normalize, schema } from 'rtk-resources'
import { Cat, User } from '../fixtures/entities'
import { emptyTables, expectPlainJson, write } from '../fixtures/tables'

describe('createPlainSource and applyNormalized', () => {
  it('the same entities object gives the same source and token; the token does not hold the tables', () => {
    const tables = write([User], [{ id: 1 }]).tables
    const source = createPlainSource(tables)
    expect(createPlainSource({ ...tables })).toBe(source)
    // The token identifies the snapshot without being it (memo nodes keep tokens, not tables).
    expect(source.token).not.toBe(tables.entities)
    expect(Object.keys(source.token)).toEqual([])
    expect(createPlainSource({ ...tables, entities: { ...tables.entities } }).token).not.toBe(
      source.token,
    )
  })

  it('reads records, meta and tables; lists live records in order', () => {
    const first = write([User], [{ id: 2 }, { id: 1 }, { id: 3 }])
    const { source } = write(new schema.Delete(User), { id: 1 }, first.tables)
    expect(source.getEntity('User', '2')).toEqual({ id: 2 })
    expect(source.getEntity('User', '1')).toBeUndefined()
    expect(source.getMeta('User', '1')?.deleted).toBe(true)
    expect(source.getTable('Nope')).toBeUndefined()
    const seen: string[] = []
    source.forEachEntity('User', (pk) => seen.push(pk))
    source.forEachEntity('Nope', (pk) => seen.push(pk))
    // Integer-like keys iterate in numeric order (JS object order).
    expect(seen).toEqual(['2', '3'])
  })

  it('returns new tables, keeping untouched ones and never mutating the input', () => {
    const first = write([User], [{ id: 1 }])
    const withCat = write(Cat, { id: 'c' }, first.tables)
    const frozen = JSON.stringify(withCat.tables)
    const userTable = withCat.tables.entities.User
    const next = applyNormalized(withCat.tables, normalize(Cat, { id: 'd' }))
    expect(next.entities).not.toBe(withCat.tables.entities)
    expect(next.entities.User).toBe(userTable)
    expect(next.entities.Cat).not.toBe(withCat.tables.entities.Cat)
    expect(Object.keys(next.entities.Cat ?? {})).toEqual(['c', 'd'])
    expect(JSON.stringify(withCat.tables)).toBe(frozen)
    expectPlainJson(next)
  })

  it('an empty response changes nothing', () => {
    const tables = emptyTables()
    const next = applyNormalized(tables, normalize({ cursor: '' }, { cursor: 'x' }))
    expect(next.entities).toBe(tables.entities)
    expect(next.entitiesMeta).toBe(tables.entitiesMeta)
  })
})
