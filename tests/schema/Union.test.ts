import { MemoCache, SchemaDefinitionError, schema } from 'rtk-resources'
import { Cat, Dog, pets, petUnion } from '../fixtures/entities'
import { expectPlainJson, write } from '../fixtures/tables'
import { silenceUnknownAttributeWarnings } from '../fixtures/warnings'

silenceUnknownAttributeWarnings()

describe('schema.Union', () => {
  it('stores the value in the table its discriminator names', () => {
    const { response, result, source } = write({ pet: petUnion }, { pet: { id: 'd', type: 'dog' } })
    expect(response).toMatchSnapshot()
    expect(result).toEqual({ pet: { id: 'd', schema: 'dog' } })
    expectPlainJson(response)
    const read = new MemoCache().denormalize({ pet: petUnion }, result, source).data as {
      pet: Dog
    }
    expect(read.pet).toBeInstanceOf(Dog)
  })

  it('an unknown discriminator leaves the value as it is, with no entity', () => {
    const value = { id: 'p', type: 'parrot', words: 3 }
    const { response, result, source } = write(petUnion, value)
    expect(result).toEqual(value)
    expect(response.entities).toEqual({})
    expect(new MemoCache().denormalize(petUnion, result, source).data).toEqual(value)
  })

  it('a value with no discriminator is left as it is', () => {
    expect(write(petUnion, { id: 'p' }).result).toEqual({ id: 'p' })
  })

  it('chooses by a function of (value, parent, key)', () => {
    const union = new schema.Union(pets, (value) => ('meow' in value ? 'cat' : 'dog'))
    const { result, source } = write([union], [{ id: 'a', meow: true }, { id: 'b' }])
    expect(result).toEqual([
      { id: 'a', schema: 'cat' },
      { id: 'b', schema: 'dog' },
    ])
    const read = new MemoCache().denormalize([union], result, source).data as unknown[]
    expect(read[0]).toBeInstanceOf(Cat)
    expect(read[1]).toBeInstanceOf(Dog)
  })

  it('needs a schema attribute', () => {
    expect(() => new schema.Union(pets, undefined as never)).toThrow(SchemaDefinitionError)
  })

  it('queries by the discriminator in the first argument', () => {
    const { source } = write(petUnion, { id: 'c', type: 'cat' })
    const memo = new MemoCache()
    expect(memo.query(petUnion, [{ id: 'c', type: 'cat' }], source).data).toBeInstanceOf(Cat)
    expect(memo.query(petUnion, [{ id: 'c', type: 'dog' }], source).data).toBeUndefined()
    expect(memo.query(petUnion, [{ id: 'c', type: 'fish' }], source).data).toBeUndefined()
    expect(memo.query(petUnion, ['c'], source).data).toBeUndefined()
  })
})

test('an unknown schema-attribute value warns once per schema and value, in development', () => {
  const union = new schema.Union(pets, 'type')
  const warn = jest.mocked(console.warn)
  warn.mockClear()
  write(
    { a: union, b: union, c: union },
    {
      a: { id: 'p', type: 'parrot' },
      b: { id: 'q', type: 'parrot' },
      c: { id: 'f', type: 'fish' },
    },
  )
  expect(warn).toHaveBeenCalledTimes(2)
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining(
      'the schema attribute "type" of an item is "parrot", which is not in the mapping',
    ),
  )
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('expected one of "cat", "dog"'))
})

test('a mapping member that is undefined (a circular import) is not in the mapping: the item is kept, with the warning', () => {
  const union = new schema.Union({ cat: Cat, dog: undefined as any }, 'type')
  const warn = jest.mocked(console.warn)
  warn.mockClear()
  const item = { id: 'd', type: 'dog' }
  const { response, result, source } = write({ pet: union }, { pet: item })
  // Before: `{ id: <the whole item>, schema: 'dog' }`, a reference to nothing, and no warning.
  expect(result).toEqual({ pet: item })
  expect(response.entities).toEqual({})
  expect(new MemoCache().denormalize({ pet: union }, result, source).data).toEqual({ pet: item })
  expect(warn).toHaveBeenCalledTimes(1)
  const text = String(warn.mock.calls[0]?.[0])
  expect(text).toContain('"dog", which is not in the mapping (expected one of "cat")')
  expect(text).toContain('circular import')
})

test('a reference stored for a member now undefined reads as it is stored', () => {
  const union = new schema.Union({ cat: Cat, dog: undefined as any }, 'type')
  const stored = { id: 'd', schema: 'dog' }
  expect(new MemoCache().denormalize(union, stored, { entities: {} } as never).data).toEqual(stored)
})

test('new schema.Union(undefined, attribute) throws a SchemaDefinitionError where it is used', () => {
  const union = new schema.Union(undefined as any, 'type')
  // Before: a bare TypeError from deep inside.
  expect(() => write(union, { id: 'd', type: 'dog' })).toThrow(SchemaDefinitionError)
  // Read from the tables by its args, or denormalized: the same error, where it is used.
  const { source } = write([Dog], [{ id: 'd', type: 'dog' }])
  expect(() => new MemoCache().query(union, [{ id: 'd', type: 'dog' }], source)).toThrow(
    SchemaDefinitionError,
  )
  expect(() => new MemoCache().denormalize(union, { id: 'd', schema: 'dog' }, source)).toThrow(
    SchemaDefinitionError,
  )
  union.define(pets)
  expect(write(union, { id: 'd', type: 'dog' }).result).toEqual({ id: 'd', schema: 'dog' })
})
