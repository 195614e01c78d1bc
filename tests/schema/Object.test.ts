import { MemoCache, normalize, schema, SchemaDefinitionError } from 'rtk-resources'
import { Article, ArticleSummary, Post, User } from '../fixtures/entities'
import { expectPlainJson, write } from '../fixtures/tables'

const page = {
  results: [
    { id: 1, title: 'One', author: { id: 1, name: 'A' } },
    { id: 2, title: 'Two', author: { id: 1, name: 'A' } },
  ],
  nextPage: '?page=2',
  total: 40,
}

describe('plain object schemas and schema.Object', () => {
  it('normalizes the members it names; other members pass through', () => {
    const pageSchema = { results: [Post], nextPage: '' }
    const { response, result, source } = write(pageSchema, page)
    expect(response).toMatchSnapshot()
    expect(result).toEqual({ results: [1, 2], nextPage: '?page=2', total: 40 })
    expectPlainJson(response)
    const read = new MemoCache().denormalize(pageSchema, result, source).data as {
      results: Post[]
      nextPage: string
      total: number
    }
    expect(read.nextPage).toBe('?page=2')
    expect(read.total).toBe(40)
    expect(read.results.map((post) => post.title)).toEqual(['One', 'Two'])
    expect(read.results[0]?.author).toBe(read.results[1]?.author)
  })

  it('schema.Object is the same as the plain object', () => {
    const plainSchema = { results: [Post] }
    const objectSchema = new schema.Object({ results: [Post] })
    const plainWrite = write(plainSchema, page)
    const objectWrite = write(objectSchema, page)
    expect(objectWrite.response).toEqual(plainWrite.response)
    const memo = new MemoCache()
    expect(memo.denormalize(objectSchema, objectWrite.result, objectWrite.source).data).toEqual(
      memo.denormalize(plainSchema, plainWrite.result, plainWrite.source).data,
    )
  })

  it('leaves members out of the output when the input lacks them', () => {
    const { result } = write({ user: User, post: Post }, { user: { id: 1 } })
    expect(result).toEqual({ user: 1 })
  })

  it('define() merges members in, which completes a cyclic definition', () => {
    const folder = new schema.Object({ owner: User })
    folder.define({ children: [folder] })
    const input = {
      name: 'root',
      owner: { id: 1 },
      children: [{ name: 'sub', owner: { id: 2 }, children: [] }],
    }
    const { result, source } = write(folder, input)
    expect(result).toEqual({
      name: 'root',
      owner: 1,
      children: [{ name: 'sub', owner: 2, children: [] }],
    })
    const read = new MemoCache().denormalize(folder, result, source).data as any
    expect(read.owner).toBeInstanceOf(User)
    expect(read.children[0].owner).toBeInstanceOf(User)
    expect(read.children[0].owner.id).toBe(2)
  })

  it('reads as incomplete when a member entity fails validate', () => {
    const { source } = write(ArticleSummary, { id: 'a1', title: 'Short' })
    const memo = new MemoCache()
    const detail = { article: Article, user: User }
    expect(memo.denormalize(detail, { article: 'a1' }, source)).toEqual({
      data: undefined,
      incomplete: true,
    })
    const summary = memo.denormalize({ article: ArticleSummary }, { article: 'a1' }, source)
    expect(summary.incomplete).toBe(false)
    expect((summary.data as { article: ArticleSummary }).article.title).toBe('Short')
  })

  it('queries each member from the arguments; no data until every member is found', () => {
    const { tables, source } = write([User], [{ id: 1 }])
    const joined = new schema.Object({ user: User, post: Post })
    const memo = new MemoCache()
    // As data-client's query keys: a member not found makes the whole read "no data".
    expect(memo.query(joined, [{ id: 1 }], source).data).toBeUndefined()
    const both = write([Post], [{ id: 1, title: 'One' }], tables).source
    const read = memo.query(joined, [{ id: 1 }], both).data as { user: User; post: Post }
    expect(read.user).toBeInstanceOf(User)
    expect(read.post.title).toBe('One')
    expect(memo.query(joined, [{ id: 2 }], both).data).toBeUndefined()
  })

  it('a join of two schema.All has no data until both tables exist', () => {
    const { tables, source } = write([User], [{ id: 1 }])
    const join = { users: new schema.All(User), posts: new schema.All(Post) }
    const memo = new MemoCache()
    expect(memo.query(join, [], source).data).toBeUndefined()
    const both = write([Post], [{ id: 7, title: 'Seven' }], tables).source
    const read = memo.query(join, [], both).data as { users: User[]; posts: Post[] }
    expect(read.users.map((user) => user.id)).toEqual([1])
    expect(read.posts.map((post) => post.id)).toEqual([7])
  })

  it('reads a missing member entity as undefined', () => {
    const { source } = write(User, { id: 1 })
    const read = new MemoCache().denormalize(
      { user: User, cursor: '' },
      { user: '2', cursor: 'c' },
      source,
    )
    expect(read).toEqual({ data: { user: undefined, cursor: 'c' }, incomplete: false })
  })
})

test('new schema.Object(undefined) may be made (define() completes it) but not used as it is', () => {
  const page = new schema.Object(undefined as any)
  // Before: an empty definition, every member passed through as plain data, no word.
  expect(() => normalize(page, { user: { id: 1 } })).toThrow(SchemaDefinitionError)
  expect(() => normalize(page, { user: { id: 1 } })).toThrow(/new schema.Object\(undefined\)/)
  expect(() =>
    new MemoCache().denormalize(page, { user: '1' }, write(User, { id: 1 }).source),
  ).toThrow(SchemaDefinitionError)
  page.define({ user: User })
  expect(normalize(page, { user: { id: 1 } }).entities.User).toBeDefined()
})

test('a subclass may have members of its own, whatever their names', () => {
  class Page extends schema.Object<{ results: (typeof User)[] }> {
    members = ['results']
  }
  const { result } = normalize(new Page({ results: [User] }), { results: [{ id: 1 }] })
  expect(result).toEqual({ results: [1] })
})
