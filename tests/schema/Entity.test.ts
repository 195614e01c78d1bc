import {
  Entity,
  EntityValidationError,
  MemoCache,
  SchemaDefinitionError,
  normalize,
  schema,
} from 'rtk-resources'
import { Article, ArticleSummary, Post, User } from '../fixtures/entities'
import { expectPlainJson, thrown, write } from '../fixtures/tables'

describe('Entity', () => {
  it('builds instances from field defaults plus the stored members', () => {
    const { source } = write(User, { id: 7, name: 'Ada', nickname: 'ada' })
    const user = new MemoCache().denormalize(User, '7', source).data as User
    expect(user).toBeInstanceOf(User)
    expect(user.pk()).toBe(7)
    expect(user.name).toBe('Ada')
    expect(user.posts).toEqual([]) // default: not in the record
    expect((user as unknown as { nickname: string }).nickname).toBe('ada')
  })

  it('uses static key as the table name, whatever the class is called', () => {
    class Renamed extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static key = 'Person'
    }
    const { response } = write(Renamed, { id: 'p1' })
    expect(Object.keys(response.entities)).toEqual(['Person'])
  })

  it('a key assigned rather than defined works (useDefineForClassFields: false, Babel loose)', () => {
    // What `static key = 'Person'` compiles to under [[Set]] semantics.
    class Assigned extends Entity {
      id = ''
      pk() {
        return this.id
      }
    }
    ;(Assigned as { key: string }).key = 'Person'
    expect(Assigned.key).toBe('Person')
    const { response } = write(Assigned, { id: 'p1' })
    expect(Object.keys(response.entities)).toEqual(['Person'])
    // A subclass inherits it, as it would a defined one; its own assignment is its own.
    class Child extends Assigned {}
    expect(Child.key).toBe('Person')
    ;(Child as { key: string }).key = 'Child'
    expect([Assigned.key, Child.key]).toEqual(['Person', 'Child'])
  })

  it('a class reads as its key in strings, as in data-client; never throws', () => {
    expect(String(User)).toBe('User')
    expect(`${Post}`).toBe(Post.key)
    // A class made by schema.Entity(...) too.
    class Plain {
      id = ''
    }
    expect(String(schema.Entity(Plain, { key: 'Wrapped', pk: 'id' }))).toBe('Wrapped')
    // A class whose key cannot be had (anonymous, no key) reads as its name.
    const anonymous = (() =>
      class extends Entity {
        pk() {
          return ''
        }
      })()
    expect(() => String(anonymous)).not.toThrow()
  })

  it('a class without pk() is a clear error, not a TypeError', () => {
    // Plain JavaScript (or a cast) can leave the abstract pk() out.
    const NoPk = class NoPk extends (Entity as unknown as new () => object) {
      id = 1
      static key = 'NoPk'
    } as unknown as typeof Entity
    const error = thrown(() => normalize(NoPk, { id: 1 }))
    expect(error).toBeInstanceOf(SchemaDefinitionError)
    expect((error as Error).message).toContain('"NoPk" has no pk() method')
  })

  it('falls back to the class name, and names the problem when there is none', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    class Fallback extends Entity {
      id = ''
      pk() {
        return this.id
      }
    }
    expect(Fallback.key).toBe('Fallback')
    expect(Fallback.key).toBe('Fallback')
    // A minifier renames classes: said once, in development.
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Add `static key = 'Fallback'`"))
    warn.mockRestore()
    const Anonymous = (() =>
      class extends Entity {
        pk() {
          return 'x'
        }
      })()
    Object.defineProperty(Anonymous, 'name', { value: '' })
    expect(() => Anonymous.key).toThrow(SchemaDefinitionError)
  })

  it('joins nested entities and converts Date members on read only', () => {
    const { response, source } = write(Post, {
      id: 1,
      title: 'Hello',
      author: { id: 2, name: 'Bo' },
      createdAt: '2024-05-06T07:08:09.000Z',
    })
    expect(response.entities.Post?.['1']).toEqual({
      id: 1,
      title: 'Hello',
      author: 2,
      createdAt: '2024-05-06T07:08:09.000Z',
    })
    expectPlainJson(response)
    const post = new MemoCache().denormalize(Post, '1', source).data as Post
    expect(post.createdAt).toBeInstanceOf(Date)
    expect(post.createdAt.toISOString()).toBe('2024-05-06T07:08:09.000Z')
    expect(post.author).toBeInstanceOf(User)
    expect(post.author?.name).toBe('Bo')
  })

  it('stores a Date object given to normalize as its ISO string', () => {
    const { response } = write(Post, { id: 1, createdAt: new Date(Date.UTC(2020, 0, 2)) })
    expect(response.entities.Post?.['1']?.createdAt).toBe('2020-01-02T00:00:00.000Z')
    expectPlainJson(response)
  })

  it('fromJS builds an instance with defaults, props winning', () => {
    const post = Post.fromJS({ id: 3, title: 'T' })
    expect(post).toBeInstanceOf(Post)
    expect(post).toMatchObject({ id: 3, title: 'T', author: undefined })
    expect(post.createdAt.getTime()).toBe(0)
    const odd = User.fromJS(JSON.parse('{"__proto__": {"polluted": true}, "id": 1}'))
    expect(Object.getPrototypeOf(odd)).toBe(User.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    // null gives the defaults, as data-client's Object.assign does.
    expect(Post.fromJS(null as never)).toMatchObject({ id: 0, title: '' })
  })

  it('process adapts the input before pk and storage', () => {
    class Wrapped extends Entity {
      id = ''
      label = ''
      pk() {
        return this.id
      }
      static key = 'Wrapped'
      static process(input: any, _parent: unknown, _key: unknown, args: readonly unknown[]) {
        return { id: input.uuid, label: `${input.name} (${String(args[0])})` }
      }
    }
    const { response, result } = write(Wrapped, { uuid: 'u-1', name: 'A' }, undefined, undefined, [
      'v2',
    ])
    expect(result).toBe('u-1')
    expect(response.entities.Wrapped).toEqual({ 'u-1': { id: 'u-1', label: 'A (v2)' } })
  })

  it('merge combines a stored record with an incoming one', () => {
    class Counter extends Entity {
      id = ''
      hits = 0
      tags: string[] = []
      pk() {
        return this.id
      }
      static key = 'Counter'
      static merge(existing: Record<string, any>, incoming: Record<string, any>) {
        return {
          ...existing,
          ...incoming,
          hits: existing.hits + incoming.hits,
          tags: [...existing.tags, ...incoming.tags],
        }
      }
    }
    const first = write(Counter, { id: 'c', hits: 2, tags: ['a'] })
    const second = write(Counter, { id: 'c', hits: 3, tags: ['b'] }, first.tables, {
      fetchedAt: 2000,
      date: 2000,
    })
    expect(second.tables.entities.Counter?.c).toEqual({ id: 'c', hits: 5, tags: ['a', 'b'] })
  })

  it('shallow-merges by default: incoming members win, others stay', () => {
    const first = write(User, { id: 1, name: 'A', email: 'a@x' })
    const second = write(User, { id: 1, name: 'B' }, first.tables, { fetchedAt: 2000, date: 2000 })
    expect(second.tables.entities.User?.['1']).toEqual({ id: 1, name: 'B', email: 'a@x' })
  })
})

describe('Entity.validate', () => {
  it('throws EntityValidationError naming the entity while normalizing', () => {
    class Strict extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static key = 'Strict'
      static validate(processed: Record<string, unknown>) {
        return typeof processed.name === 'string' ? undefined : 'name must be a string'
      }
    }
    const attempt = () =>
      write(
        [Strict],
        [
          { id: 'a', name: 'ok' },
          { id: 'b', name: 4 },
        ],
      )
    const error = thrown(attempt)
    expect(error).toBeInstanceOf(EntityValidationError)
    expect(error).toMatchObject({ entityKey: 'Strict', reason: 'name must be a string' })
    expect((error as Error).message).toContain('"b"')
  })

  it('reads a record that fails validate as incomplete, while the summary reads it', () => {
    const { source } = write([ArticleSummary], [{ id: 'a1', title: 'Short' }])
    const memo = new MemoCache()
    expect(memo.denormalize(Article, 'a1', source)).toEqual({ data: undefined, incomplete: true })
    const summary = memo.denormalize(ArticleSummary, 'a1', source)
    expect(summary.incomplete).toBe(false)
    expect(summary.data).toBeInstanceOf(ArticleSummary)
    expect((summary.data as ArticleSummary).title).toBe('Short')
  })

  it('reads the detail once the full record arrives', () => {
    const list = write([ArticleSummary], [{ id: 'a1', title: 'Short' }])
    const detail = write(Article, { id: 'a1', title: 'Long', body: 'text' }, list.tables, {
      fetchedAt: 2000,
      date: 2000,
    })
    const memo = new MemoCache()
    const article = memo.denormalize(Article, 'a1', detail.source).data as Article
    expect(article).toBeInstanceOf(Article)
    expect(article.body).toBe('text')
    // The summary list reads the same row with its own class.
    const titles = memo.denormalize([ArticleSummary], list.result, detail.source)
      .data as ArticleSummary[]
    expect(titles).toEqual([expect.objectContaining({ id: 'a1', title: 'Long' })])
    expect(titles?.[0]).not.toBeInstanceOf(Article)
  })
})

test('a record member named like a getter of the class: the getter shows, the rest reads, one warning', () => {
  class Person extends Entity {
    id = 0
    first = ''
    last = ''
    get fullName() {
      return `${this.first} ${this.last}`
    }
    pk() {
      return this.id
    }
    static key = 'Person'
  }
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    const { source } = write(
      [Person],
      [
        { id: 1, first: 'Ada', last: 'Lovelace', fullName: 'A. Lovelace (server)' },
        { id: 2, first: 'Grace', last: 'Hopper', fullName: 'G. Hopper (server)' },
      ],
    )
    const read = new MemoCache().denormalize([Person], ['1', '2'], source).data as Person[]
    expect(read.map((person) => person.fullName)).toEqual(['Ada Lovelace', 'Grace Hopper'])
    expect(read[0]).toBeInstanceOf(Person)
    // fromJS, the path of records with an own __proto__ member and of overrides, agrees.
    expect(Person.fromJS({ id: 3, first: 'Linus', fullName: 'x' } as never).fullName).toBe('Linus ')
    const warnings = warn.mock.calls.filter((call) => String(call[0]).includes('"fullName"'))
    expect(warnings).toHaveLength(1)
    expect(String(warnings[0]?.[0])).toMatch(/Person .*static process/)
  } finally {
    warn.mockRestore()
  }
})

test('a static schema list member [undefined] (a circular import) warns as an undefined one does, and is kept as it is', () => {
  class Tagged extends Entity {
    id = 0
    tags: unknown[] = []
    pk() {
      return this.id
    }
    static key = 'Tagged'
    static schema = { tags: [undefined] as any }
  }
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  const { source, response } = write([Tagged], [{ id: 1, tags: [{ id: 't1' }] }])
  expect(response.entities.Tagged?.['1']).toEqual({ id: 1, tags: [{ id: 't1' }] })
  expect(new MemoCache().getEntity<Tagged>(Tagged, '1', source)?.tags).toEqual([{ id: 't1' }])
  expect(warn).toHaveBeenCalledTimes(1)
  const text = String(warn.mock.calls[0]?.[0])
  expect(text).toContain('has static schema member "tags" set to [undefined]')
  expect(text).toContain('`Tagged.schema = { ...Tagged.schema, tags: [Other] }`')
  warn.mockRestore()
})

test('a static schema member that is undefined (a circular import) warns once per class and member, naming it', () => {
  class Note extends Entity {
    id = 0
    author = ''
    editor = ''
    pk() {
      return this.id
    }
    // A table name as key: the message names the class as the code does.
    static key = 'notes'
    static schema = { author: undefined as any, editor: undefined as any }
  }
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  // Before: no word, and the author stored nested inside the note as plain data.
  write(Note, { id: 1, author: { id: 2 } })
  write([Note], [{ id: 3, author: { id: 4 } }])
  expect(warn).toHaveBeenCalledTimes(1)
  // Another undefined member of the same class is its own warning.
  write(Note, { id: 5, author: { id: 6 }, editor: { id: 7 } })
  expect(warn).toHaveBeenCalledTimes(2)
  expect(String(warn.mock.calls[1]?.[0])).toContain('static schema member "editor"')
  const text = String(warn.mock.calls[0]?.[0])
  expect(text).toContain('Entity Note (key "notes") has static schema member "author" set to')
  expect(text).toContain('`Note.schema = { ...Note.schema, author: Other }`')
  expect(text).toContain('circular import')
  warn.mockRestore()
})
