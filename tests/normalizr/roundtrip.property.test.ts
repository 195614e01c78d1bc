import fc from 'fast-check'
import {
  Entity,
  MemoCache,
  applyNormalized,
  createPlainSource,
  normalize,
  schema,
} from 'rtk-resources'
import { emptyTables, findNonJson } from '../fixtures/tables'

class Tag extends Entity {
  id = ''
  label = ''
  pk() {
    return this.id
  }
  static key = 'Tag'
}
class Author extends Entity {
  id = ''
  name = ''
  joined = new Date(0)
  bio: string | undefined = undefined
  tags: Tag[] = []
  pk() {
    return this.id
  }
  static key = 'Author'
  static schema = { joined: Date, tags: [Tag] }
}
class Book extends Entity {
  id = ''
  title = ''
  author: Author | undefined = undefined
  editor: Author | null | undefined = undefined
  tagsByRole: Record<string, Tag> = {}
  published: Date | null = null
  pk() {
    return this.id
  }
  static key = 'Book'
  static schema = {
    author: Author,
    editor: Author,
    tagsByRole: new schema.Values(Tag),
    published: Date,
  }
}
const payloadSchema = {
  books: [Book],
  featured: Author,
  byKey: new schema.Values(Book),
  shelves: new schema.Values(new schema.Values(Book)),
}

// Ids and keys include names Object.prototype holds.
const word = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', '0', '1'),
  fc.string({ minLength: 1, maxLength: 6 }),
)
const iso = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString())
const entries = <T>(value: fc.Arbitrary<T>) =>
  fc.uniqueArray(fc.tuple(word, value), { selector: ([key]) => key, maxLength: 4 })
const pool = <T extends { id: string }>(record: fc.Arbitrary<T>) =>
  fc.uniqueArray(record, { selector: (item) => item.id, minLength: 1, maxLength: 5 })

/** An object from [key, value] pairs, `__proto__` included as an own member. */
function dict<T, U>(pairs: Array<[string, T]>, map: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {}
  for (const [key, value] of pairs) {
    Object.defineProperty(out, key, {
      value: map(value),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/**
 * Pools of records (one per id, so the same id always carries the same data) and a payload
 * that picks from them by index: nested entities, lists, Values of Values, optional members.
 */
const world = fc.record({
  tags: pool(fc.record({ id: word, label: fc.string() })),
  authors: pool(
    fc.record(
      {
        id: word,
        name: fc.string(),
        joined: iso,
        bio: fc.string(),
        tags: fc.array(fc.nat(), { maxLength: 3 }),
      },
      { requiredKeys: ['id', 'name', 'joined', 'tags'] },
    ),
  ),
  books: pool(
    fc.record(
      {
        id: word,
        title: fc.string(),
        author: fc.nat(),
        editor: fc.option(fc.nat(), { nil: null }),
        tagsByRole: entries(fc.nat()),
        published: fc.option(iso, { nil: null }),
      },
      { requiredKeys: ['id', 'title', 'author', 'tagsByRole', 'published'] },
    ),
  ),
  payload: fc.record(
    {
      books: fc.array(fc.nat(), { maxLength: 6 }),
      featured: fc.nat(),
      byKey: entries(fc.nat()),
      shelves: entries(entries(fc.nat())),
      cursor: fc.option(fc.string(), { nil: null }),
    },
    { requiredKeys: ['books', 'byKey', 'shelves', 'cursor'] },
  ),
})

function build(w: typeof world extends fc.Arbitrary<infer T> ? T : never) {
  const pick = <T>(items: T[], i: number) => items[i % items.length] as T
  const tag = (i: number) => ({ ...pick(w.tags, i) })
  const author = (i: number) => {
    const { tags, ...rest } = pick(w.authors, i)
    return { ...rest, tags: tags.map(tag) }
  }
  const book = (i: number) => {
    const { author: a, editor, tagsByRole, ...rest } = pick(w.books, i)
    return {
      ...rest,
      author: author(a),
      ...(editor === undefined ? {} : { editor: editor === null ? null : author(editor) }),
      tagsByRole: dict(tagsByRole, tag),
    }
  }
  const { books, featured, byKey, shelves, cursor } = w.payload
  return {
    books: books.map(book),
    ...(featured === undefined ? {} : { featured: author(featured) }),
    byKey: dict(byKey, book),
    shelves: dict(shelves, (shelf) => dict(shelf, book)),
    cursor,
  }
}

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe('normalize / denormalize round trip (property)', () => {
  it('denormalize(normalize(x)) deep-equals x, and the normalized form is plain JSON', () => {
    fc.assert(
      fc.property(world, (w) => {
        const input = build(w)
        const expected = json(input)
        const normalized = normalize(payloadSchema, input, [], undefined, { fetchedAt: 1, date: 1 })
        expect(findNonJson(normalized)).toBeUndefined()
        expect(json(normalized)).toEqual(normalized)

        const tables = applyNormalized(emptyTables(), normalized)
        const memo = new MemoCache()
        const read = memo.denormalize(payloadSchema, normalized.result, createPlainSource(tables))
        expect(read.incomplete).toBe(false)
        expect(json(read.data)).toEqual(expected)
        const data = read.data as { books: Book[]; featured?: Author }
        for (const item of data.books) {
          expect(item).toBeInstanceOf(Book)
          expect(item.author).toBeInstanceOf(Author)
          expect(item.author?.joined).toBeInstanceOf(Date)
          expect(item.published === null || item.published instanceof Date).toBe(true)
          for (const t of item.author?.tags ?? []) expect(t).toBeInstanceOf(Tag)
        }
        if (data.featured !== undefined) expect(data.featured).toBeInstanceOf(Author)
        expect(memo.denormalize(payloadSchema, normalized.result, createPlainSource(tables))).toBe(
          read,
        )

        // The same from the JSON round trip of everything (as after persistence or SSR).
        const revived = json({ tables, result: normalized.result }) as {
          tables: typeof tables
          result: unknown
        }
        const again = new MemoCache().denormalize(
          payloadSchema,
          revived.result,
          createPlainSource(revived.tables),
        )
        expect(json(again.data)).toEqual(expected)
      }),
      { numRuns: 200 },
    )
  })
})
