/**
 * Empty items and empty definitions, as data-client's own schema tests have them: a `null` in a
 * polymorphic list (left out, as `schema.Array` leaves out every `null` item), a `null` member of `schema.Values`, the `[]` shorthand, and a
 * `schema.Delete` given something that is not an entity.
 */
import { Endpoint, MemoCache, SchemaDefinitionError, schema } from 'rtk-resources'
import { Cat, Dog, pets } from '../fixtures/entities'
import { makeStore } from '../fixtures/store'
import { write } from '../fixtures/tables'

const kindOf = (item: { type: string }) => item.type

describe('a null item in a polymorphic list', () => {
  it('is left out (data-client filters it), without asking a function attribute, through a store', async () => {
    const feed = new schema.Array(pets, kindOf)
    const getFeed = new Endpoint(async () => [null, { id: '1', type: 'cat' }], {
      schema: feed,
      name: 'feed',
    })
    const { store, cache, controller } = makeStore()
    await controller.fetch(getFeed)
    const data = cache.select(getFeed)(store.getState()) as unknown[]
    expect(data).toHaveLength(1)
    expect(data[0]).toBeInstanceOf(Cat)
  })

  it('with a string attribute, gives no warning about the mapping', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const { result } = write(new schema.Array(pets, 'type'), [null, { id: 'd', type: 'dog' }])
      expect(result).toEqual([{ id: 'd', schema: 'dog' }])
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })

  it('in schema.All and schema.Values with a function attribute', () => {
    const all = write(new schema.All(pets, kindOf), [null, { id: 'c', type: 'cat' }])
    expect(all.tables.entities.Cat).toHaveProperty('c')
    const values = new schema.Values(pets, kindOf)
    const { result, source } = write(values, { a: undefined, b: null, d: { id: 'd', type: 'dog' } })
    expect(result).toEqual({ d: { id: 'd', schema: 'dog' } })
    const read = new MemoCache().denormalize(values, result, source).data as Record<string, Dog>
    expect(read.d).toBeInstanceOf(Dog)
  })
})

describe('the [] shorthand', () => {
  it('is a list whose items pass through as they are, on write and on read', () => {
    const shape = { cat: Cat, tags: [] }
    const { result, source } = write(shape, { cat: { id: 'c' }, tags: ['a', { b: 1 }] })
    expect(result).toEqual({ cat: 'c', tags: ['a', { b: 1 }] })
    const read = new MemoCache().denormalize(shape, result, source).data as {
      cat: Cat
      tags: unknown[]
    }
    expect(read.tags).toEqual(['a', { b: 1 }])
    expect(read.cat).toBeInstanceOf(Cat)
    const absent = new MemoCache().denormalize(shape, { cat: 'c' }, source).data
    expect(absent).not.toHaveProperty('tags')
  })

  it('[A, B] still throws, naming both forms', () => {
    expect(() => write([Cat, Dog], [])).toThrow(SchemaDefinitionError)
    expect(() => write([Cat, Dog], [])).toThrow(/\[User\].*\[\] keeps the items/)
  })
})

describe('schema.Delete of something that is not an entity', () => {
  it('throws SchemaDefinitionError when built', () => {
    const make = (value: unknown) => () => new schema.Delete(value as typeof Cat)
    expect(make(undefined)).toThrow(SchemaDefinitionError)
    expect(make({ id: 1 })).toThrow(
      'schema.Delete takes an Entity class, like new schema.Delete(User)',
    )
    // A class that is not an Entity is named, not printed as its source.
    class NotEntity {
      id = 1
      secret = 'body of the class'
    }
    expect(make(NotEntity)).toThrow(/got class NotEntity\./)
    expect(make(NotEntity)).not.toThrow(/body of the class/)
  })
})
