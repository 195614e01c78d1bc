import { Entity, MemoCache, schema, SchemaDefinitionError } from 'rtk-resources'
import { Cat, Dog, User, pets } from '../fixtures/entities'
import { expectPlainJson, write } from '../fixtures/tables'
import { silenceUnknownAttributeWarnings } from '../fixtures/warnings'

silenceUnknownAttributeWarnings()

describe('schema.Values', () => {
  it('normalizes every value; keys are data', () => {
    const values = new schema.Values(User)
    const { response, result, source } = write(values, {
      alice: { id: 1, name: 'Alice' },
      bob: { id: 2, name: 'Bob' },
    })
    expect(response).toMatchSnapshot()
    expect(result).toEqual({ alice: 1, bob: 2 })
    const read = new MemoCache().denormalize(values, result, source).data as Record<string, User>
    expect(Object.keys(read)).toEqual(['alice', 'bob'])
    expect(read.bob).toBeInstanceOf(User)
    expect(read.bob?.name).toBe('Bob')
  })

  it('treats keys such as __proto__ and constructor as ordinary keys', () => {
    const values = new schema.Values(User)
    const input = JSON.parse(
      '{"__proto__": {"id": 1}, "constructor": {"id": 2}, "toString": {"id": 3}}',
    ) as Record<string, unknown>
    const { response, result, source } = write(values, input)
    expect(Object.keys(result)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expectPlainJson(response)
    const read = new MemoCache().denormalize(values, result, source).data as Record<string, User>
    expect(Object.keys(read)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toBeInstanceOf(User)
    expect(read.constructor).toBeInstanceOf(User)
    expect(({} as Record<string, unknown>).id).toBeUndefined()
  })

  it('nests: Values of Values of entities', () => {
    const nested = new schema.Values(new schema.Values(User))
    const { result, source } = write(nested, {
      admins: { a: { id: 1 }, b: { id: 2 } },
      guests: { c: { id: 3 } },
    })
    expect(result).toEqual({ admins: { a: 1, b: 2 }, guests: { c: 3 } })
    const read = new MemoCache().denormalize(nested, result, source).data as Record<
      string,
      Record<string, User>
    >
    expect(read.admins?.b?.id).toBe(2)
    expect(read.guests?.c).toBeInstanceOf(User)
  })

  it('as an Entity member: a map of ids to entities', () => {
    class Team extends Entity {
      id = ''
      byRole: Record<string, User> = {}
      pk() {
        return this.id
      }
      static key = 'Team'
      static schema = { byRole: new schema.Values(User) }
    }
    const { response, source } = write(Team, {
      id: 't',
      byRole: { lead: { id: 1, name: 'L' }, dev: { id: 2, name: 'D' } },
    })
    expect(response.entities.Team?.t).toEqual({ id: 't', byRole: { lead: 1, dev: 2 } })
    const team = new MemoCache().denormalize(Team, 't', source).data as Team
    expect(team.byRole.lead?.name).toBe('L')
  })

  it('polymorphic: by field name, unknown values stay as they are', () => {
    const values = new schema.Values(pets, 'type')
    const { result, source } = write(values, {
      tom: { id: 'c', type: 'cat' },
      rex: { id: 'd', type: 'dog' },
      nemo: { id: 'f', type: 'fish' },
    })
    expect(result).toEqual({
      tom: { id: 'c', schema: 'cat' },
      rex: { id: 'd', schema: 'dog' },
      nemo: { id: 'f', type: 'fish' },
    })
    const read = new MemoCache().denormalize(values, result, source).data as Record<string, unknown>
    expect(read.tom).toBeInstanceOf(Cat)
    expect(read.rex).toBeInstanceOf(Dog)
    expect(read.nemo).toEqual({ id: 'f', type: 'fish' })
  })

  it('polymorphic by function of (value, parent, key): the key can choose', () => {
    const values = new schema.Values(pets, (_value, _parent, key) =>
      key?.startsWith('cat') ? 'cat' : 'dog',
    )
    const { response } = write(values, { cat1: { id: 'x' }, dog1: { id: 'y' } })
    expect(Object.keys(response.entities.Cat ?? {})).toEqual(['x'])
    expect(Object.keys(response.entities.Dog ?? {})).toEqual(['y'])
  })

  it('define() merges a mapping, which completes cycles', () => {
    class Folder extends Entity {
      id = ''
      children: Record<string, Folder | Cat> = {}
      pk() {
        return this.id
      }
      static key = 'Folder'
    }
    const children = new schema.Values({ cat: Cat }, 'kind')
    Folder.schema = { children }
    children.define({ folder: Folder })
    const { result, source } = write(Folder, {
      id: 'root',
      children: {
        sub: { id: 'sub', kind: 'folder', children: { c: { id: 'c1', kind: 'cat' } } },
      },
    })
    const root = new MemoCache().denormalize(Folder, result, source).data as Folder
    const sub = root.children.sub as Folder
    expect(sub).toBeInstanceOf(Folder)
    expect(sub.children.c).toBeInstanceOf(Cat)
  })

  it('passes a value that is not an object through', () => {
    const values = new schema.Values(User)
    const { result, source } = write({ map: values }, { map: 'none' })
    expect(result).toEqual({ map: 'none' })
    expect(new MemoCache().denormalize({ map: values }, result, source).data).toEqual({
      map: 'none',
    })
  })

  it('leaves out deleted and missing entities, and null members (as data-client does)', () => {
    const values = new schema.Values(User)
    const first = write(values, { a: { id: 1 }, b: { id: 2 }, n: null })
    expect(first.result).toEqual({ a: 1, b: 2 })
    const deleted = write(new schema.Delete(User), { id: 1 }, first.tables)
    // A state stored before null members were left out reads the same.
    const stored = { ...(first.result as object), m: '9', n: null }
    const read = new MemoCache().denormalize(values, stored, deleted.source).data as Record<
      string,
      unknown
    >
    expect(Object.keys(read)).toEqual(['b'])
  })
})

test('new schema.Values(undefined) throws a SchemaDefinitionError where it is used', () => {
  const byName = new schema.Values(undefined as any)
  // Before: the values were kept as plain data, no entity stored, no word.
  expect(() => write(byName, { a: { id: 1 } })).toThrow(SchemaDefinitionError)
  expect(() => write(byName, { a: { id: 1 } })).toThrow(/new schema.Values\(undefined\)/)
})
