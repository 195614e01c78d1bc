import {
  Entity,
  MemoCache,
  applyNormalized,
  createPlainSource,
  normalize,
  schema,
} from 'rtk-resources'
import type { PlainTables } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { write } from '../fixtures/tables'

const at = (fetchedAt: number) => ({ fetchedAt, date: fetchedAt + 50 })

describe('merging with what is stored, in request order', () => {
  it('a later-started request wins member by member', () => {
    const first = write(User, { id: 1, name: 'old', email: 'e' }, undefined, at(1000))
    const second = write(User, { id: 1, name: 'new' }, first.tables, at(2000))
    expect(second.tables.entities.User?.['1']).toEqual({ id: 1, name: 'new', email: 'e' })
    expect(second.tables.entitiesMeta.User?.['1']).toEqual({
      fetchedAt: 2000,
      date: 2050,
      expiresAt: expect.any(Number),
    })
  })

  it('a response to an earlier request does not overwrite newer data; its new members merge in', () => {
    const newer = write(User, { id: 1, name: 'new' }, undefined, at(2000))
    const older = write(User, { id: 1, name: 'old', email: 'e' }, newer.tables, at(1000))
    expect(older.tables.entities.User?.['1']).toEqual({ id: 1, name: 'new', email: 'e' })
    expect(older.tables.entitiesMeta.User?.['1']?.fetchedAt).toBe(2000)
    const user = new MemoCache().denormalize(User, '1', older.source).data as User
    expect(user.name).toBe('new')
  })

  it('an older response that holds the entity twice still does not overwrite it', () => {
    const newer = write(User, { id: 1, name: 'new' }, undefined, at(2000))
    const older = write(
      [Post],
      [
        { id: 1, author: { id: 1, name: 'old' } },
        { id: 2, author: { id: 1, name: 'old', email: 'e' } },
      ],
      newer.tables,
      at(1000),
    )
    expect(older.tables.entities.User?.['1']).toEqual({ id: 1, name: 'new', email: 'e' })
    expect(older.tables.entitiesMeta.User?.['1']?.fetchedAt).toBe(2000)
  })

  it('equal start times: the one written last wins', () => {
    const a = write(User, { id: 1, name: 'a' }, undefined, at(1000))
    const b = write(User, { id: 1, name: 'b' }, a.tables, at(1000))
    expect(b.tables.entities.User?.['1']?.name).toBe('b')
  })

  it('useIncoming can order by something else, such as a version field', () => {
    class Doc extends Entity {
      id = ''
      version = 0
      text = ''
      pk() {
        return this.id
      }
      static key = 'Doc'
      static useIncoming(
        _existingMeta: unknown,
        _incomingMeta: unknown,
        existing: Record<string, any>,
        incoming: Record<string, any>,
      ) {
        return incoming.version >= existing.version
      }
    }
    const v2 = write(Doc, { id: 'd', version: 2, text: 'two' }, undefined, at(1000))
    const v1Later = write(Doc, { id: 'd', version: 1, text: 'one' }, v2.tables, at(5000))
    expect(v1Later.tables.entities.Doc?.d).toEqual({ id: 'd', version: 2, text: 'two' })
    const v3 = write(Doc, { id: 'd', version: 3, text: 'three' }, v1Later.tables, at(10))
    expect(v3.tables.entities.Doc?.d).toEqual({ id: 'd', version: 3, text: 'three' })
  })
})

describe('tombstones and ordering', () => {
  const deleteAt = (fetchedAt: number) => {
    const stored = write(User, { id: 1, name: 'A' }, undefined, at(1000))
    return write(new schema.Delete(User), { id: 1 }, stored.tables, at(fetchedAt))
  }

  it('a record requested before the delete stays deleted', () => {
    const deleted = deleteAt(2000)
    const stale = write(Post, { id: 1, author: { id: 1, name: 'A' } }, deleted.tables, at(1500))
    expect(stale.response.entities.User?.['1']).toBeUndefined()
    expect(stale.tables.entities.User?.['1']).toBeUndefined()
    expect(stale.tables.entitiesMeta.User?.['1']?.deleted).toBe(true)
    const post = new MemoCache().denormalize(Post, '1', stale.source).data as Post
    expect(post.author).toBeUndefined()
  })

  it('a record requested after the delete brings the entity back', () => {
    const deleted = deleteAt(2000)
    const fresh = write(User, { id: 1, name: 'B' }, deleted.tables, at(3000))
    expect(fresh.tables.entities.User?.['1']).toEqual({ id: 1, name: 'B' })
    expect(fresh.tables.entitiesMeta.User?.['1']?.deleted).toBeUndefined()
    expect((new MemoCache().denormalize(User, '1', fresh.source).data as User).name).toBe('B')
  })

  it('a delete requested before the stored data was fetched is ignored', () => {
    const stored = write(User, { id: 1, name: 'A' }, undefined, at(3000))
    const lateDelete = write(new schema.Delete(User), { id: 1 }, stored.tables, at(2000))
    expect(lateDelete.tables.entities.User?.['1']).toEqual({ id: 1, name: 'A' })
    expect(lateDelete.tables.entitiesMeta.User?.['1']?.deleted).toBeUndefined()
  })

  it('a record re-created after a delete does not merge with the deleted data', () => {
    const stored = write(User, { id: 1, name: 'A', email: 'old@x' }, undefined, at(1000))
    const deleted = write(new schema.Delete(User), { id: 1 }, stored.tables, at(2000))
    const again = write(User, { id: 1, name: 'A2' }, deleted.tables, at(3000))
    expect(again.tables.entities.User?.['1']).toEqual({ id: 1, name: 'A2' })
  })
})

test('an older delete arriving after a newer one keeps the newer tombstone (regression)', () => {
  class Item extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'Item'
  }
  const del = new schema.Delete(Item)
  const step = (tables: PlainTables, s: unknown, input: unknown, fetchedAt: number) =>
    applyNormalized(tables, normalize(s, input, [], createPlainSource(tables), { fetchedAt }))
  let tables: PlainTables = { entities: {}, entitiesMeta: {} }
  tables = step(tables, del, { id: 1 }, 30)
  tables = step(tables, del, { id: 1 }, 10)
  tables = step(tables, Item, { id: 1 }, 20)
  expect(createPlainSource(tables).getEntity('Item', '1')).toBeUndefined()
  expect(createPlainSource(tables).getMeta('Item', '1')).toMatchObject({
    deleted: true,
    fetchedAt: 30,
  })
})

describe('an entity met more than once in one response', () => {
  class Author extends Entity {
    id = 0
    name = ''
    pk() {
      return this.id
    }
    static key = 'Author'
  }
  class Note extends Entity {
    id = 0
    author = Author.fromJS()
    pk() {
      return this.id
    }
    static key = 'Note'
    static schema = { author: Author }
  }

  it('merges member by member, later occurrences winning, in the order an object spread gives', () => {
    const out = normalize(
      [Note],
      [
        { id: 1, author: { id: 7, name: 'first', '2': 'two', a: 1 } },
        { id: 2, author: { id: 7, name: 'second', b: 2, '1': 'one' } },
        { id: 3, author: { id: 7, a: 3 } },
      ],
    )
    const record = out.entities.Author?.['7'] as object
    const spread = {
      ...{ id: 7, name: 'first', '2': 'two', a: 1 },
      ...{ id: 7, name: 'second', b: 2, '1': 'one' },
      ...{ id: 7, a: 3 },
    }
    expect(Object.keys(record)).toEqual(Object.keys(spread))
    expect(record).toEqual(spread)
  })

  it("never writes into the response's own objects", () => {
    const first = Object.freeze({ id: 7, name: 'first' })
    const second = Object.freeze({ id: 7, name: 'second', extra: true })
    const out = normalize(
      [Note],
      [
        { id: 1, author: first },
        { id: 2, author: second },
      ],
    )
    expect(out.entities.Author?.['7']).toEqual({ id: 7, name: 'second', extra: true })
    expect(first).toEqual({ id: 7, name: 'first' })
  })

  it('an own __proto__ member of a later occurrence stays data', () => {
    const out = normalize(
      [Note],
      JSON.parse(
        '[{"id":1,"author":{"id":7,"name":"a"}},{"id":2,"author":{"id":7,"__proto__":{"polluted":true}}}]',
      ) as unknown[],
    )
    const record = out.entities.Author?.['7'] as Record<string, unknown>
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
    expect(Object.keys(record)).toEqual(['id', 'name', '__proto__'])
    expect(record.polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('two classes of one key: a record the other class kept (input or stored) is never written into', () => {
    // The first occurrence goes through a class whose process returns its (frozen) input; the
    // second through the defaults, which merge in place only into records this normalize made.
    class PassThrough extends Author {
      static process(input: Record<string, unknown>) {
        return input
      }
    }
    const frozen = Object.freeze({ id: 7, name: 'given' })
    const out = normalize(
      { first: PassThrough, second: Author },
      { first: frozen, second: { id: 7, extra: true } },
    )
    expect(out.entities.Author?.['7']).toEqual({ id: 7, name: 'given', extra: true })
    expect(frozen).toEqual({ id: 7, name: 'given' })
    // A merge that keeps the stored record (an older version came in): the stored record, frozen
    // as the cache freezes it in development, is not written into by the next occurrence.
    class KeepNewer extends Author {
      static merge(existing: Record<string, unknown>, incoming: Record<string, unknown>) {
        return (incoming.version as number) < (existing.version as number)
          ? existing
          : { ...existing, ...incoming }
      }
    }
    const stored = Object.freeze({ id: 8, version: 5, name: 'stored' })
    const source = createPlainSource({
      entities: { Author: { '8': stored } },
      entitiesMeta: { Author: { '8': { fetchedAt: 0, date: 0, expiresAt: 1e15 } } },
    })
    const merged = normalize(
      { first: KeepNewer, second: Author },
      { first: { id: 8, version: 1 }, second: { id: 8, version: 1, name: 'incoming' } },
      [],
      source,
      at(10),
    )
    expect(stored).toEqual({ id: 8, version: 5, name: 'stored' })
    expect(merged.entities.Author?.['8']).toEqual({ id: 8, version: 1, name: 'incoming' })
  })

  it('a class with its own merge or process gets its merge called, with what it returned', () => {
    const calls: [object, object][] = []
    class Counted extends Author {
      static key = 'Counted'
      static merge(existing: Record<string, unknown>, incoming: Record<string, unknown>) {
        calls.push([existing, incoming])
        return { ...existing, ...incoming, merges: calls.length }
      }
    }
    const given: object[] = []
    class Kept extends Author {
      static key = 'Kept'
      // Returns the input itself: the engine must not write into it.
      static process(input: Record<string, unknown>) {
        given.push(input)
        return input
      }
    }
    const holder = (member: typeof Author) =>
      class extends Entity {
        id = 0
        pk() {
          return this.id
        }
        static key = `Holder${member.key}`
        static schema = { member }
      }
    const counted = normalize(
      [holder(Counted)],
      [1, 2, 3].map((id) => ({ id, member: { id: 7, name: `v${id}` } })),
    )
    expect(calls).toHaveLength(2)
    expect(counted.entities.Counted?.['7']).toEqual({ id: 7, name: 'v3', merges: 2 })
    const inputs = [1, 2].map((id) => ({ id, member: { id: 7, name: `v${id}` } }))
    const kept = normalize([holder(Kept)], inputs)
    expect(kept.entities.Kept?.['7']).toEqual({ id: 7, name: 'v2' })
    expect(given.map((input) => ({ ...input }))).toEqual([
      { id: 7, name: 'v1' },
      { id: 7, name: 'v2' },
    ])
  })
})
