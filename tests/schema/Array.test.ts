import { MemoCache, SchemaDefinitionError, normalize, schema } from 'rtk-resources'
import { Cat, Dog, Post, User, pets } from '../fixtures/entities'
import { expectPlainJson, write } from '../fixtures/tables'
import { silenceUnknownAttributeWarnings } from '../fixtures/warnings'

silenceUnknownAttributeWarnings()

const petList = [
  { id: 'c1', type: 'cat' },
  { id: 'd1', type: 'dog', bark: false },
  { id: 'b1', type: 'bird', wings: 2 },
]

describe('[S] and schema.Array', () => {
  it('[Entity] stores each item and reads the list back in order', () => {
    const { response, result, source } = write(
      [User],
      [
        { id: 2, name: 'B' },
        { id: 1, name: 'A' },
      ],
    )
    expect(result).toEqual([2, 1])
    expectPlainJson(response)
    const users = new MemoCache().denormalize([User], result, source).data as User[]
    expect(users.map((user) => user.name)).toEqual(['B', 'A'])
  })

  it('new schema.Array(S) is the same as [S]', () => {
    const input = [{ id: 1, title: 'x', author: { id: 9 } }]
    const shorthand = write([Post], input)
    const explicit = write(new schema.Array(Post), input)
    expect(explicit.response).toEqual(shorthand.response)
    const memo = new MemoCache()
    expect(memo.denormalize(new schema.Array(Post), explicit.result, explicit.source).data).toEqual(
      memo.denormalize([Post], shorthand.result, shorthand.source).data,
    )
  })

  it('schema.Array leaves null items out, as data-client does; [S] keeps them', () => {
    const input = [{ id: 1 }, null, { id: 2 }]
    expect(write(new schema.Array(User), input).result).toEqual([1, 2])
    expect(write([User], input).result).toEqual([1, null, 2])
    expect(write(new schema.Array(pets, 'type'), [null, petList[0]]).result).toEqual([
      { id: 'c1', schema: 'cat' },
    ])
  })

  it('reads an object where a list is expected as its values', () => {
    expect(write([User], { a: { id: 1 }, b: { id: 2 } }).result).toEqual([1, 2])
  })

  it('passes null and undefined lists through', () => {
    expect(write({ users: [User] }, { users: null }).result).toEqual({ users: null })
    expect(normalize([User], undefined).result).toBeUndefined()
    expect(write({ users: [User] }, { users: 'not a list' }).result).toEqual({
      users: 'not a list',
    })
  })

  it('rejects a shorthand with more than one item schema', () => {
    expect(() => write([User, Post], [])).toThrow(SchemaDefinitionError)
  })

  it('polymorphic by field name: items go to the matching table; unknown ones stay as they are', () => {
    const list = new schema.Array(pets, 'type')
    const { response, result, source } = write(list, petList)
    expect(response).toMatchSnapshot()
    expect(Object.keys(response.entities)).toEqual(['Cat', 'Dog'])
    expectPlainJson(response)
    const read = new MemoCache().denormalize(list, result, source).data as unknown[]
    expect(read[0]).toBeInstanceOf(Cat)
    expect(read[1]).toBeInstanceOf(Dog)
    expect((read[1] as Dog).bark).toBe(false)
    expect(read[2]).toEqual({ id: 'b1', type: 'bird', wings: 2 })
  })

  it('polymorphic by function of (value, parent, key)', () => {
    const seen: unknown[] = []
    const list = new schema.Array(pets, (value, parent, key) => {
      seen.push([parent === input, key])
      return value.sound === 'meow' ? 'cat' : value.sound === 'woof' ? 'dog' : 'unknown'
    })
    const input = {
      pets: [
        { id: 'c', sound: 'meow' },
        { id: 'd', sound: 'woof' },
        { id: 'f', sound: 'blub' },
      ],
    }
    const { result, source } = write({ pets: list }, input)
    expect(seen).toEqual([
      [true, 'pets'],
      [true, 'pets'],
      [true, 'pets'],
    ])
    expect(result.pets).toEqual([
      { id: 'c', schema: 'cat' },
      { id: 'd', schema: 'dog' },
      { id: 'f', sound: 'blub' },
    ])
    const read = new MemoCache().denormalize({ pets: list }, result, source).data as {
      pets: unknown[]
    }
    expect(read.pets.map((pet) => (pet as { constructor: unknown }).constructor)).toEqual([
      Cat,
      Dog,
      Object,
    ])
  })

  it('an unknown item whose own fields are named id and schema is not taken for a reference', () => {
    const list = new schema.Array(pets, 'type')
    const item = { id: 'x', type: 'fish', schema: 'cat' }
    const { result, source } = write(list, [item])
    expect(new MemoCache().denormalize(list, result, source).data).toEqual([item])
  })

  it('define() merges more members into a polymorphic mapping', () => {
    const list = new schema.Array({ cat: Cat }, 'type')
    list.define({ dog: Dog })
    const { response } = write(list, petList.slice(0, 2))
    expect(Object.keys(response.entities)).toEqual(['Cat', 'Dog'])
  })

  it('leaves out items that are missing, deleted or incomplete', () => {
    const first = write([User], [{ id: 1 }, { id: 2 }, { id: 3 }])
    const deleted = write(new schema.Delete(User), { id: 2 }, first.tables)
    const users = new MemoCache().denormalize([User], ['1', '2', '3', '4'], deleted.source)
      .data as User[]
    expect(users.map((user) => user.id)).toEqual([1, 3])
  })
})

test('new schema.Array(undefined) may be made (define() completes it) but not used as it is', () => {
  const users = new schema.Array(undefined as any)
  // Before: the items were kept as plain data, no entity stored, no word.
  expect(() => normalize(users, [{ id: 1 }])).toThrow(SchemaDefinitionError)
  expect(() => normalize(users, [{ id: 1 }])).toThrow(/new schema.Array\(undefined\)/)
  users.define(User)
  expect(normalize(users, [{ id: 1 }]).entities.User).toBeDefined()
})
