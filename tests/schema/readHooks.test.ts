import { Entity, MemoCache, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { write } from '../fixtures/tables'

// A read looks up each class's hooks (fromJS, validate, createIfValid, denormalizeFields, the
// schema's members) once per class per read; these pin that every record still goes through
// what the class says when the read starts.

class Marked extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'Marked'
  static override fromJS<T extends Entity>(
    this: abstract new (...args: any[]) => T,
    props: Record<string, unknown> = {},
  ): T {
    const instance = Entity.fromJS.call(this as never, props) as unknown as T
    ;(instance as unknown as { via: string }).via = 'fromJS'
    return instance
  }
}

class Hooked extends Entity {
  id = 0
  owner: User | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Hooked'
  static override schema: Record<string, unknown> = { owner: User }
  static override createIfValid(record: Record<string, unknown>): object | undefined {
    if (record.hidden === true) return undefined
    return super.createIfValid(record)
  }
  static override denormalizeFields(
    instance: Record<string, unknown>,
    record: Record<string, unknown>,
    unvisit: (schema: unknown, input: unknown) => unknown,
  ): void {
    super.denormalizeFields(instance, record, unvisit)
    instance.fieldsBy = 'Hooked'
  }
}

describe('Entity read hooks', () => {
  it('builds every record of a list with an overridden fromJS', () => {
    const { result, source } = write(
      [Marked],
      [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
    )
    const list = new MemoCache().denormalize([Marked], result, source).data as Marked[]
    expect(list.map((item) => [item.name, (item as unknown as { via: string }).via])).toEqual([
      ['a', 'fromJS'],
      ['b', 'fromJS'],
    ])
    expect(list[0]).toBeInstanceOf(Marked)
  })

  it('uses overridden createIfValid and denormalizeFields for every record', () => {
    const { result, source } = write(
      [Hooked],
      [
        { id: 1, owner: { id: 5, name: 'Ann' } },
        { id: 2, owner: { id: 5, name: 'Ann' }, hidden: true },
        { id: 3 },
      ],
    )
    const read = new MemoCache().denormalize([Hooked], result, source)
    const list = read.data as Array<Hooked & { fieldsBy: string }>
    expect(list.map((item) => item.id)).toEqual([1, 3])
    expect(list.map((item) => item.fieldsBy)).toEqual(['Hooked', 'Hooked'])
    expect(list[0]?.owner).toBeInstanceOf(User)
  })

  it('reads with the schema the class has when the read starts', () => {
    class Late extends Entity {
      id = 0
      friend: unknown = undefined
      pk() {
        return this.id
      }
      static key = 'Late'
    }
    const users = write(User, { id: 2, name: 'Bo' })
    const { result, source } = write([Late], [{ id: 1, friend: '2' }], users.tables)
    const before = new MemoCache().denormalize([Late], result, source).data as Late[]
    expect(before[0]?.friend).toBe('2')
    Late.schema = { friend: User }
    const after = new MemoCache().denormalize([Late], result, source).data as Late[]
    expect(after[0]?.friend).toBeInstanceOf(User)
    expect((after[0]?.friend as User).name).toBe('Bo')
  })

  it('resolves a schema member named __proto__ as an own member', () => {
    class Odd extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = 'Odd'
      static override schema: Record<string, unknown> = { ['__proto__']: User }
    }
    const input = JSON.parse('{"id": 1, "__proto__": {"id": 3, "name": "Cy"}}') as object
    const { result, source } = write([Odd], [input])
    const odd = (new MemoCache().denormalize([Odd], result, source).data as Odd[])[0] as Odd
    expect(Object.getPrototypeOf(odd)).toBe(Odd.prototype)
    const member = Object.getOwnPropertyDescriptor(odd, '__proto__')?.value as User
    expect(member).toBeInstanceOf(User)
    expect(member.name).toBe('Cy')
  })

  it('keeps a plain record member named __proto__ as data, not as the prototype', () => {
    class Plain extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = 'PlainProto'
    }
    const input = JSON.parse('{"id": 1, "__proto__": {"polluted": true}}') as object
    const { result, source } = write([Plain], [input])
    const read = (new MemoCache().denormalize([Plain], result, source).data as Plain[])[0] as Plain
    expect(Object.getPrototypeOf(read)).toBe(Plain.prototype)
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual({ polluted: true })
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it('reads members named like Object.prototype members only when the record holds them', () => {
    class Named extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = 'NamedLikeProto'
      static override schema: Record<string, unknown> = { constructor: User, toString: User }
    }
    const { result, source } = write(
      [Named],
      [{ id: 1 }, { id: 2, constructor: { id: 5, name: 'Di' } }],
    )
    const [without, withOwner] = new MemoCache().denormalize([Named], result, source)
      .data as Named[]
    // Absent: the inherited members stay what the class has (not replaced by undefined).
    expect((without as Named).constructor).toBe(Named)
    expect(typeof (without as Named).toString).toBe('function')
    const own = Object.getOwnPropertyDescriptor(withOwner, 'constructor')?.value as User
    expect(own).toBeInstanceOf(User)
    expect(own.name).toBe('Di')
  })

  it('sets a member the record holds as undefined to undefined, over the class default', () => {
    class Defaulted extends Entity {
      id = 0
      owner: User | string = 'nobody'
      pk() {
        return this.id
      }
      static key = 'Defaulted'
      static override schema: Record<string, unknown> = { owner: User }
    }
    const { result, source } = write([Defaulted], [{ id: 1 }])
    const record = source.getEntity('Defaulted', '1') as Record<string, unknown>
    const held = { ...record, owner: undefined }
    const heldSource = {
      ...source,
      getEntity: () => held,
      readerOf: undefined,
      idReaderOf: undefined,
    }
    const plain = new MemoCache().denormalize([Defaulted], result, source).data as Defaulted[]
    expect(plain[0]?.owner).toBe('nobody')
    const read = new MemoCache().denormalize([Defaulted], result, heldSource).data as Defaulted[]
    expect(read[0]?.owner).toBeUndefined()
  })

  it('reads entity, [Entity] and other member schemas alike, whatever each record holds', () => {
    class Strict extends Entity {
      id = 0
      name = ''
      pk() {
        return this.id
      }
      static key = 'StrictMember'
      // Refused when read (stored, but never built).
      static override createIfValid(record: Record<string, unknown>): object | undefined {
        return record.name === 'bad' ? undefined : super.createIfValid(record)
      }
    }
    class Holder extends Entity {
      id = 0
      one: Strict | undefined = undefined
      many: Strict[] | null = []
      wrapped: Strict[] = []
      nested: { inner: Strict | undefined } | undefined = undefined
      pk() {
        return this.id
      }
      static key = 'Holder'
      static override schema: Record<string, unknown> = {
        one: Strict,
        many: [Strict],
        wrapped: new schema.Array(Strict),
        nested: { inner: Strict },
      }
    }
    const good = { id: 1, name: 'ok' }
    const bad = { id: 2, name: 'bad' }
    const { result, source } = write(
      [Holder],
      [
        { id: 10, one: good, many: [good, bad], wrapped: [bad, good], nested: { inner: good } },
        { id: 11, one: bad, many: null },
        { id: 12 },
      ],
    )
    const [full, partial, empty] = new MemoCache().denormalize([Holder], result, source)
      .data as Holder[]
    expect(full?.one).toBeInstanceOf(Strict)
    expect(full?.many?.map((item) => item.id)).toEqual([1])
    expect(full?.wrapped.map((item) => item.id)).toEqual([1])
    expect(full?.nested?.inner).toBe(full?.one)
    // A refused record reads as undefined in a member; a null list stays null.
    expect(partial?.one).toBeUndefined()
    expect(partial?.many).toBeNull()
    // Members the record does not hold keep the class defaults.
    expect(empty?.many).toEqual([])
    expect(empty?.one).toBeUndefined()
  })
})
