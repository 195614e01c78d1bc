import { MemoCache, normalize, schema, SchemaDefinitionError } from 'rtk-resources'
import { Cat, Dog, User, pets } from '../fixtures/entities'
import { write } from '../fixtures/tables'
import { silenceUnknownAttributeWarnings } from '../fixtures/warnings'

silenceUnknownAttributeWarnings()

const ids = (list: unknown) => (list as Array<{ id: unknown }>).map((item) => item.id)

describe('schema.All', () => {
  it('normalizes like a list, and reads every stored entity of the table', () => {
    const all = new schema.All(User)
    const first = write(all, [{ id: 1 }, { id: 2 }])
    expect(first.result).toEqual([1, 2])
    // Added by another response: All sees it.
    const second = write(User, { id: 3 }, first.tables)
    const memo = new MemoCache()
    expect(ids(memo.denormalize(all, first.result, second.source).data)).toEqual([1, 2, 3])
    // Also read by query, from the tables alone.
    expect(ids(memo.query(all, [], second.source).data)).toEqual([1, 2, 3])
  })

  it('has no data until its table exists', () => {
    const all = new schema.All(User)
    const args: unknown[] = []
    const memo = new MemoCache()
    const cats = write(Cat, { id: 'c' })
    expect(memo.query(all, args, cats.source)).toEqual({ data: undefined, incomplete: false })
    expect(memo.denormalize(all, undefined, cats.source).data).toBeUndefined()
    const users = write(User, { id: 1 }, cats.tables)
    expect(ids(memo.query(all, args, users.source).data)).toEqual([1])
  })

  it('drops deleted entities', () => {
    const all = new schema.All(User)
    const first = write(all, [{ id: 1 }, { id: 2 }, { id: 3 }])
    const deleted = write(new schema.Delete(User), { id: 2 }, first.tables)
    expect(ids(new MemoCache().query(all, [], deleted.source).data)).toEqual([1, 3])
  })

  it('polymorphic: reads every table of the mapping; unknown items are not stored', () => {
    const all = new schema.All(pets, 'type')
    const { response, result, source } = write(all, [
      { id: 'c', type: 'cat' },
      { id: 'd', type: 'dog' },
      { id: 'f', type: 'fish' },
    ])
    expect(Object.keys(response.entities)).toEqual(['Cat', 'Dog'])
    expect(result[2]).toEqual({ id: 'f', type: 'fish' })
    const read = new MemoCache().denormalize(all, result, source).data as unknown[]
    expect(read).toHaveLength(2)
    expect(read[0]).toBeInstanceOf(Cat)
    expect(read[1]).toBeInstanceOf(Dog)
  })

  it('define() merges a mapping member', () => {
    const all = new schema.All({ cat: Cat }, 'type')
    all.define({ dog: Dog })
    const { source } = write([Dog], [{ id: 'd', type: 'dog' }])
    expect(new MemoCache().query(all, [], source).data).toEqual([expect.any(Dog)])
  })

  it('keeps its reference until the table changes', () => {
    const all = new schema.All(User)
    const first = write(all, [{ id: 1 }, { id: 2 }])
    const memo = new MemoCache()
    const args: unknown[] = [] // query results are memoized per args array
    const before = memo.query(all, args, first.source).data as User[]
    const unrelated = write(Cat, { id: 'c' }, first.tables)
    expect(memo.query(all, args, unrelated.source).data).toBe(before)
    const changed = write(User, { id: 2, name: 'new' }, first.tables)
    const after = memo.query(all, args, changed.source).data as User[]
    expect(after).not.toBe(before)
    expect(after[0]).toBe(before[0])
    expect(after[1]?.name).toBe('new')
  })
})

test('new schema.All(undefined) throws a SchemaDefinitionError where it is used', () => {
  const everyone = new schema.All(undefined as any)
  // Before: normalized as plain data, and read as nothing, with no word.
  expect(() => normalize(everyone, [{ id: 1 }])).toThrow(SchemaDefinitionError)
  expect(() => new MemoCache().denormalize(everyone, [], write(User, { id: 1 }).source)).toThrow(
    /new schema.All\(undefined\).*circular import/s,
  )
})
