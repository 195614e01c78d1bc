import type { EntitySource, PlainTables } from 'rtk-resources'
import { Entity, MemoCache, createPlainSource, schema } from 'rtk-resources'
import { collectReferences, schemaEntities } from '../../src/normalizr/references'
import { Article, ArticleSummary, Cat, Dog, Post, User, petUnion, pets } from '../fixtures/entities'
import { write } from '../fixtures/tables'
import { silenceUnknownAttributeWarnings } from '../fixtures/warnings'

silenceUnknownAttributeWarnings()

/** Every `key pk` reached from `value`, each entity followed once. */
function reached(schemaOf: unknown, value: unknown, source: EntitySource): string[] {
  const seen = new Set<string>()
  collectReferences(schemaOf, value, source, (entity, pk) => {
    const id = `${entity.key} ${pk}`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
  return [...seen].sort()
}

class Link extends Entity {
  id = ''
  next: Link | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Link'
}
Link.schema = { next: Link }

/** A chain 0 → 1 → … → length-1 (closed into a ring when asked), built directly. */
function chain(length: number, ring = false): EntitySource {
  const links: Record<string, Record<string, unknown>> = {}
  const metas: Record<string, { fetchedAt: number; date: number; expiresAt: number }> = {}
  for (let i = 0; i < length; i++) {
    const next = i + 1 < length ? String(i + 1) : ring ? '0' : null
    links[String(i)] = { id: String(i), next }
    metas[String(i)] = { fetchedAt: 1, date: 1, expiresAt: 1e15 }
  }
  const tables: PlainTables = { entities: { Link: links }, entitiesMeta: { Link: metas } }
  return createPlainSource(tables)
}

describe('collectReferences', () => {
  it('follows the stored records through static schema, cycles included', () => {
    const { source, result } = write(
      [Post],
      [
        { id: 1, title: 'a', author: { id: 7, name: 'Ann', posts: [{ id: 3, title: 'c' }] } },
        { id: 2, title: 'b', author: { id: 7 } },
      ],
    )
    expect(reached([Post], result, source)).toEqual(['Post 1', 'Post 2', 'Post 3', 'User 7'])
    // Only what the value reaches: another user in the tables is not listed.
    const more = write(User, { id: 8, name: 'Bo' }, write([Post], [{ id: 1 }]).tables)
    expect(reached([Post], ['1'], more.source)).toEqual(['Post 1'])
  })

  it('walks a 10,000-long chain and a ring without recursion', () => {
    expect(reached(Link, '0', chain(10_000))).toHaveLength(10_000)
    const ring = chain(10_000, true)
    expect(reached(Link, '5000', ring)).toHaveLength(10_000)
  })

  it('reports missing records without following them, and stops where the visitor says', () => {
    const { source } = write(Post, { id: 1, author: { id: 7 } })
    expect(reached([Post], ['1', '404'], source)).toEqual(['Post 1', 'Post 404', 'User 7'])
    const visited: string[] = []
    collectReferences([Post], ['1'], source, (entity, pk) => {
      visited.push(`${entity.key} ${pk}`)
      return false
    })
    expect(visited).toEqual(['Post 1'])
  })

  it('reads plain-object, Values, Union and Delete schemas through their own contract', () => {
    const page = { results: [Post], next: '' }
    const { source, result } = write(page, { results: [{ id: 1, author: { id: 2 } }], next: 'x' })
    expect(reached(page, result, source)).toEqual(['Post 1', 'User 2'])

    const byName = new schema.Values(User)
    const values = write(byName, { ann: { id: 1 }, bo: { id: 2 } })
    expect(reached(byName, values.result, values.source)).toEqual(['User 1', 'User 2'])

    const mixed = { pets: [petUnion] }
    const written = write(mixed, {
      pets: [
        { id: 'c', type: 'cat' },
        { id: 'x', type: 'fish' },
      ],
    })
    expect(reached(mixed, written.result, written.source)).toEqual(['Cat c'])

    expect(reached(new schema.Delete(User), '9', values.source)).toEqual(['User 9'])
  })

  it('schema.All reaches every live record of its tables', () => {
    const posts = write([Post], [{ id: 1, author: { id: 5 } }, { id: 2 }])
    const all = new schema.All(Post)
    expect(reached(all, [], posts.source)).toEqual(['Post 1', 'Post 2', 'User 5'])
    const allPets = new schema.All(pets, 'type')
    const zoo = write(
      [petUnion],
      [
        { id: 'c', type: 'cat' },
        { id: 'd', type: 'dog' },
      ],
    )
    expect(reached(allPets, [], zoo.source)).toEqual(['Cat c', 'Dog d'])
  })

  it('passes over a [undefined] member (an item class not loaded yet): its values hold no references', () => {
    class Tagged extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = 'RefTagged'
      static schema = { tags: [undefined] as any, next: Link }
    }
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    const { source, result } = write(Tagged, { id: 1, tags: [{ id: 't1' }], next: { id: 'a' } })
    warn.mockRestore()
    // Before: the walk threw the SchemaDefinitionError of [undefined], and so did every sweep.
    expect(reached(Tagged, result, source)).toEqual(['Link a', 'RefTagged 1'])
  })

  it('follows the members of an inline (not normalized) record', () => {
    const { source } = write(User, { id: 3 })
    expect(reached(Post, { id: 1, author: '3' }, source)).toEqual(['User 3'])
  })
})

describe('schemaEntities', () => {
  const names = (found: Map<string, unknown[]>) => [...found.keys()].sort()

  it('names every table a schema reaches, following static schema (cycles too)', () => {
    expect(names(schemaEntities([Post]))).toEqual(['Post', 'User'])
    expect(names(schemaEntities({ page: { results: [User] }, total: 0 }))).toEqual(['Post', 'User'])
    expect(names(schemaEntities(new schema.All(pets, 'type')))).toEqual(['Cat', 'Dog'])
    expect(names(schemaEntities(new schema.Values(petUnion)))).toEqual(['Cat', 'Dog'])
    expect(names(schemaEntities(new schema.Delete(Cat)))).toEqual(['Cat'])
    expect(names(schemaEntities(Link))).toEqual(['Link'])
    expect(names(schemaEntities(undefined))).toEqual([])
    expect(names(schemaEntities(Date))).toEqual([])
  })

  it('lists each class of a shared table', () => {
    const found = schemaEntities({ summary: [ArticleSummary], detail: Article, dog: Dog })
    expect(found.get('Article')).toEqual(expect.arrayContaining([ArticleSummary, Article]))
    expect(found.get('Article')).toHaveLength(2)
  })

  it('completes definitions made cyclic with define()', () => {
    const tree = new schema.Object({})
    tree.define({ children: new schema.Array(tree), owner: User })
    expect(names(schemaEntities(tree))).toEqual(['Post', 'User'])
  })
})

describe('MemoCache.forgetEntities', () => {
  it('drops the instances of the named records in every class of the table', () => {
    const { source } = write([ArticleSummary], [{ id: 'a', title: 'A', body: 'text' }, { id: 'b' }])
    const memo = new MemoCache()
    const summary = memo.getEntity<ArticleSummary>(ArticleSummary, 'a', source)
    const detail = memo.getEntity<Article>(Article, 'a', source)
    const other = memo.getEntity<ArticleSummary>(ArticleSummary, 'b', source)
    expect(memo.getEntity(ArticleSummary, 'a', source)).toBe(summary)
    memo.forgetEntities('Article', ['a'])
    const again = memo.getEntity<ArticleSummary>(ArticleSummary, 'a', source)
    expect(again).not.toBe(summary)
    expect(again?.title).toBe('A')
    expect(memo.getEntity(Article, 'a', source)).not.toBe(detail)
    expect(memo.getEntity(ArticleSummary, 'b', source)).toBe(other)
    memo.forgetEntities('Nothing', ['a'])
  })
})
