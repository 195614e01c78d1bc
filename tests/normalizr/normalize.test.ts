import {
  Entity,
  InputTooDeepError,
  MissingPrimaryKeyError,
  NEVER_EXPIRES,
  normalize,
  schema,
  SchemaDefinitionError,
} from 'rtk-resources'
import { Post, User, petUnion } from '../fixtures/entities'
import { emptyTables, expectPlainJson, findNonJson, thrown, write } from '../fixtures/tables'

describe('normalize', () => {
  it('(the plain-JSON check used below rejects what JSON would not give back)', () => {
    expect(findNonJson({ a: [1, 'x', null, { b: true }] })).toBeUndefined()
    expect(findNonJson({ a: { when: new Date(0) } })).toBe('$.a.when: not a plain object')
    expect(findNonJson({ a: [undefined] })).toBe('$.a.0: undefined')
    expect(findNonJson({ n: Number.NaN })).toBe('$.n: NaN')
    expect(findNonJson(new User())).toBe('$: not a plain object')
  })

  it('returns plain JSON for every kind of schema at once', () => {
    const everything = {
      posts: [Post],
      byName: new schema.Values(User),
      pet: petUnion,
      gone: new schema.Delete(User),
      all: new schema.All(User),
      page: new schema.Object({ first: Post }),
    }
    const input = {
      posts: [{ id: 1, author: { id: 1, posts: [{ id: 1 }] }, createdAt: new Date(5) }],
      byName: { ann: { id: 2 } },
      pet: { id: 'c', type: 'cat' },
      gone: { id: 3 },
      all: [{ id: 4 }],
      page: { first: { id: 5 }, cursor: null },
      extra: { nested: ['kept', 1, true, null] },
    }
    const output = normalize(everything, input, ['arg'], undefined, { fetchedAt: 1, date: 2 })
    expect(output).toMatchSnapshot()
    expectPlainJson(output)
  })

  it('gives no records table to a kind whose records written in the response were all deleted', () => {
    const both = { kept: User, gone: new schema.Delete(User) }
    const meta = { fetchedAt: 1, date: 2 }
    // Written, then deleted: only the tombstone is left.
    const deleted = normalize(both, { kept: { id: 1 }, gone: { id: 1 } }, [], undefined, meta)
    expect(Object.keys(deleted.entities)).toEqual([])
    expect(deleted.entitiesMeta.User?.['1']).toMatchObject({ deleted: true })
    // Another record of the kind stays, and so does the table.
    const other = normalize(both, { kept: { id: 1 }, gone: { id: 2 } }, [], undefined, meta)
    expect(Object.keys(other.entities.User ?? {})).toEqual(['1'])
    // `__proto__` as an id, written then deleted, is listed as an own key like any other.
    const proto = normalize(
      both,
      JSON.parse('{"kept":{"id":"__proto__"},"gone":{"id":"__proto__"}}'),
      [],
      undefined,
      meta,
    )
    expect(Object.keys(proto.entities)).toEqual([])
  })

  it('records fetchedAt, date and expiresAt with every written record', () => {
    const output = normalize(User, { id: 1 }, [], undefined, {
      fetchedAt: 5,
      date: 6,
      expiresAt: 7,
    })
    expect(output.entitiesMeta.User?.['1']).toEqual({ fetchedAt: 5, date: 6, expiresAt: 7 })
    const defaults = normalize(User, { id: 1 }, [], undefined, { date: 6 })
    expect(defaults.entitiesMeta.User?.['1']).toEqual({
      fetchedAt: 6,
      date: 6,
      expiresAt: NEVER_EXPIRES,
    })
  })

  it('replaces an entity by its pk wherever it is nested', () => {
    const { result, response } = write(
      { data: { items: [Post] } },
      { data: { items: [{ id: 1, author: { id: 2 } }] } },
    )
    expect(result).toEqual({ data: { items: [1] } })
    expect(response.entities.User?.['2']).toEqual({ id: 2 })
  })

  it('merges the same entity seen twice in one response', () => {
    const { response } = write(
      [User],
      [
        { id: 1, name: 'A' },
        { id: 1, email: 'a@x' },
      ],
    )
    expect(response.entities.User?.['1']).toEqual({ id: 1, name: 'A', email: 'a@x' })
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ["''", ''],
    ['NaN', Number.NaN],
    ['an object', { id: 1 }],
  ])('rejects a pk of %s with MissingPrimaryKeyError naming the entity key', (_, id) => {
    const tables = emptyTables()
    const input = [{ id: 1 }, { id, name: 'nameless' }]
    const error = thrown(() => write([User], input, tables))
    expect(error).toBeInstanceOf(MissingPrimaryKeyError)
    expect(error).toMatchObject({ entityKey: 'User', pk: id, code: 'missing-pk' })
    expect((error as Error).message).toContain('"User"')
    expect((error as Error).message).toContain('nameless')
    // Nothing written, and no table row named "undefined".
    expect(tables).toEqual(emptyTables())
  })

  it('names the nested entity whose pk is missing', () => {
    const error = thrown(() => write(Post, { id: 1, author: { name: 'no id' } }))
    expect(error).toMatchObject({ entityKey: 'User' })
  })

  it('accepts 0 as an id', () => {
    const { result, response } = write(User, { id: 0, name: 'zero' })
    expect(result).toBe(0)
    expect(response.entities.User?.['0']).toEqual({ id: 0, name: 'zero' })
  })

  it('keeps a pk as pk() returned it: numbers stay numbers, -0 is 0, a bigint becomes a string', () => {
    // User's pk() returns `this.id`.
    const { result, response } = write([User], [{ id: 5 }, { id: 'x' }])
    expect(result).toEqual([5, 'x'])
    expect(Object.keys(response.entities.User ?? {}).sort()).toEqual(['5', 'x'])
    // References already normalized (ids) are kept the same way (JSON has no -0, no bigint).
    const refs = write({ a: User, b: User, c: User, d: User }, { a: 7, b: '8', c: 9n, d: -0 })
    expect(refs.result).toEqual({ a: 7, b: '8', c: '9', d: 0 })
    expect(Object.is((refs.result as { d: number }).d, 0)).toBe(true)
  })

  it('treats 1 and "1" as the same entity', () => {
    const { response, result } = write(
      [User],
      [
        { id: 1, name: 'number' },
        { id: '1', email: 'string' },
      ],
    )
    // The list keeps what pk() returned; the table has one record.
    expect(result).toEqual([1, '1'])
    expect(Object.keys(response.entities.User ?? {})).toEqual(['1'])
    expect(response.entities.User?.['1']).toEqual({ id: '1', name: 'number', email: 'string' })
  })

  it('normalizes a cyclic input object without endless recursion', () => {
    const user: Record<string, unknown> = { id: 1, name: 'Cy' }
    const post = { id: 10, title: 'loop', author: user }
    user.posts = [post]
    const { response, result } = write(User, user)
    expect(result).toBe(1)
    expect(response.entities.User?.['1']).toEqual({ id: 1, name: 'Cy', posts: [10] })
    expect(response.entities.Post?.['10']).toEqual({ id: 10, title: 'loop', author: 1 })
    expectPlainJson(response)
  })

  it('throws InputTooDeepError for input deeper than the stack', () => {
    // A schema that nests itself without entities: every level is a call.
    const tree: Record<string, unknown> = {}
    tree.inner = tree
    let input: Record<string, unknown> = { leaf: true }
    for (let i = 1; i < 100_000; i++) input = { inner: input }
    expect(thrown(() => normalize(tree, input))).toBeInstanceOf(InputTooDeepError)
  })

  it('normalizes entities nested 100,000 deep, without the call stack', () => {
    class Box extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = 'Box'
    }
    Box.schema = { inner: Box }
    let input: Record<string, unknown> = { id: 0 }
    for (let i = 1; i < 100_000; i++) input = { id: i, inner: input }
    const { result, entities } = normalize(Box, input)
    expect(result).toBe(99_999)
    expect(Object.keys(entities.Box ?? {})).toHaveLength(100_000)
    expect(entities.Box?.['99999']).toEqual({ id: 99_999, inner: 99_998 })
    expect(entities.Box?.['1']).toEqual({ id: 1, inner: 0 })
    expect(entities.Box?.['0']).toEqual({ id: 0 })
  })

  it('a cycle longer than the nesting the stack holds ends', () => {
    class Ring extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = 'Ring'
    }
    Ring.schema = { next: Ring }
    const first: Record<string, unknown> = { id: 0 }
    let input = first
    for (let i = 1; i < 5_000; i++) input = { id: i, next: input }
    first.next = input
    const { entities } = normalize(Ring, input)
    expect(Object.keys(entities.Ring ?? {})).toHaveLength(5_000)
    expect(entities.Ring?.['0']).toEqual({ id: 0, next: 4_999 })
    expect(entities.Ring?.['4999']).toEqual({ id: 4_999, next: 4_998 })
  })

  it('passes through values that have no schema', () => {
    expect(normalize(undefined, { a: 1 }).result).toEqual({ a: 1 })
    expect(normalize(undefined, 'text').result).toBe('text')
    expect(normalize({ user: User }, { user: '5' }).result).toEqual({ user: '5' }) // a reference
  })
})

describe('an item schema that is undefined (a circular import)', () => {
  const missing = undefined as any

  it('[undefined] throws a SchemaDefinitionError where it is used, naming the circular import', () => {
    // Before: the items were kept as plain data, no entity stored, no word.
    const error = thrown(() => normalize([missing], [{ id: 1 }]))
    expect(error).toBeInstanceOf(SchemaDefinitionError)
    expect((error as Error).message).toMatch(/\[undefined\].*circular import/s)
    expect(() => normalize({ results: [missing] }, { results: [{ id: 1 }] })).toThrow(
      SchemaDefinitionError,
    )
  })

  it('[] still keeps its items as they are', () => {
    expect(normalize([], [{ id: 1 }]).result).toEqual([{ id: 1 }])
  })
})
