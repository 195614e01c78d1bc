import { MemoCache, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { expectPlainJson, write } from '../fixtures/tables'

const tricky = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']

describe('ids that are Object.prototype member names', () => {
  afterEach(() => {
    // Nothing leaked onto Object.prototype.
    for (const name of ['id', 'name', 'fetchedAt', 'deleted']) {
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, name)).toBe(false)
    }
    expect(typeof Object.prototype.toString).toBe('function')
    expect(({} as { __proto__: unknown }).__proto__).toBe(Object.prototype)
  })

  it('are stored as ordinary rows', () => {
    const { response, tables, result } = write(
      [User],
      tricky.map((id) => ({ id, name: `user ${id}` })),
    )
    expect(result).toEqual(tricky)
    expect(Object.keys(response.entities.User ?? {})).toEqual(tricky)
    expect(Object.keys(tables.entities.User ?? {})).toEqual(tricky)
    expect(Object.getPrototypeOf(tables.entities.User)).toBe(Object.prototype)
    expectPlainJson(response)
    expectPlainJson(tables)
  })

  it('are read back', () => {
    const { result, source } = write(
      [User],
      tricky.map((id) => ({ id, name: `user ${id}` })),
    )
    const memo = new MemoCache()
    const users = memo.denormalize([User], result, source).data as User[]
    expect(users.map((user) => user.name)).toEqual(tricky.map((id) => `user ${id}`))
    for (const id of tricky) {
      const user = memo.denormalize(User, id, source).data as User
      expect(user).toBeInstanceOf(User)
      expect(user.id).toBe(id)
    }
  })

  it('read undefined when they are not stored (nothing inherited)', () => {
    const { source } = write(User, { id: 'someone' })
    const memo = new MemoCache()
    for (const id of tricky) {
      expect(source.getEntity('User', id)).toBeUndefined()
      expect(source.getMeta('User', id)).toBeUndefined()
      expect(memo.denormalize(User, id, source).data).toBeUndefined()
      expect(memo.denormalize([User], [id], source).data).toEqual([])
    }
    expect(source.getTable('toString')).toBeUndefined()
  })

  it('are deleted like any other', () => {
    const first = write(
      [User],
      tricky.map((id) => ({ id })),
    )
    let { tables, source } = first
    for (const id of tricky) ({ tables, source } = write(new schema.Delete(User), { id }, tables))
    expect(Object.keys(tables.entities.User ?? {})).toEqual([])
    expect(Object.keys(tables.entitiesMeta.User ?? {})).toEqual(tricky)
    for (const id of tricky) expect(tables.entitiesMeta.User?.[id]?.deleted).toBe(true)
    expect(new MemoCache().denormalize([User], first.result, source).data).toEqual([])
  })

  it('work as entity keys too', () => {
    class Weird extends User {
      static key = '__proto__'
    }
    const { tables, source } = write(Weird, { id: 'constructor' })
    expect(Object.keys(tables.entities)).toEqual(['__proto__'])
    const read = new MemoCache().denormalize(Weird, 'constructor', source).data
    expect(read).toBeInstanceOf(Weird)
  })
})

describe('numeric references and custom sources', () => {
  it('a source whose readers take strings gets strings; one with idReaderOf gets the number', () => {
    const { result, tables } = write(
      [User],
      [
        { id: 1, name: 'one' },
        { id: 'b', name: 'b' },
      ],
    )
    expect(result).toEqual([1, 'b'])
    const records = new Map(Object.entries(tables.entities.User ?? {}))
    const given: unknown[] = []
    const stringSource = {
      token: {},
      getEntity: (_key: string, pk: string) => records.get(pk),
      getMeta: () => undefined,
      getTable: () => records,
      forEachEntity: () => undefined,
      readerOf: () => (pk: string) => {
        given.push(pk)
        return records.get(pk)
      },
    }
    const read = new MemoCache().denormalize([User], result, stringSource).data as User[]
    expect(read.map((u) => u.name)).toEqual(['one', 'b'])
    expect(given).toEqual(['1', 'b'])

    const byId: unknown[] = []
    const idSource = {
      ...stringSource,
      token: {},
      idReaderOf: () => (pk: string | number) => {
        byId.push(pk)
        return records.get(String(pk))
      },
    }
    expect(new MemoCache().denormalize([User], result, idSource).data).toHaveLength(2)
    expect(byId).toEqual([1, 'b'])
  })
})
