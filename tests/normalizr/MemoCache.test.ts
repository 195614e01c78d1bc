import { Entity, MemoCache } from 'rtk-resources'
import { Article, ArticleSummary, Cat, Post, User } from '../fixtures/entities'
import { write } from '../fixtures/tables'

class Person extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static key = 'Person'
}
class Issue extends Entity {
  id = ''
  title = ''
  opened = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Issue'
  static schema = { opened: Date }
}
class Project extends Entity {
  id = ''
  owner: Person | undefined = undefined
  issues: Issue[] = []
  pk() {
    return this.id
  }
  static key = 'Project'
  static schema = { owner: Person, issues: [Issue] }
}

/** Results are memoized per schema object: a real endpoint holds one schema for good. */
const projectList = [Project]

/** 4 projects, each with its own owner and 3 issues. */
const projects = () =>
  write(
    projectList,
    ['p1', 'p2', 'p3', 'p4'].map((id, i) => ({
      id,
      owner: { id: `u${i + 1}`, name: `User ${i + 1}` },
      issues: [1, 2, 3].map((n) => ({
        id: `${id}-i${n}`,
        title: `Issue ${n}`,
        opened: '2024-01-01T00:00:00.000Z',
      })),
    })),
  )

/** Every entity instance reachable from a list of projects. */
const instancesOf = (list: Project[]) => [
  ...list,
  ...list.map((project) => project.owner as Person),
  ...list.flatMap((project) => project.issues),
]

describe('MemoCache: referential equality', () => {
  it('a repeat read returns the same result object', () => {
    const { result, source } = projects()
    const memo = new MemoCache()
    const first = memo.denormalize(projectList, result, source)
    expect(memo.denormalize(projectList, result, source)).toBe(first)
  })

  it('after an unrelated change (another table) everything keeps its reference', () => {
    const { result, source, tables } = projects()
    const memo = new MemoCache()
    const before = memo.denormalize(projectList, result, source)
    const other = write(Cat, { id: 'c' }, tables)
    expect(other.source.token).not.toBe(source.token)
    const after = memo.denormalize(projectList, result, other.source)
    expect(after).toBe(before)
  })

  it('after a change to an unreferenced row of the same table everything keeps its reference', () => {
    const { result, source, tables } = projects()
    const memo = new MemoCache()
    const before = memo.denormalize(projectList, result, source).data as Project[]
    const extra = write(Person, { id: 'u99', name: 'Stranger' }, tables, {
      fetchedAt: 2000,
      date: 2000,
    })
    const after = memo.denormalize(projectList, result, extra.source).data as Project[]
    expect(after).toBe(before)
    const kept = instancesOf(after).filter((item, i) => item === instancesOf(before)[i])
    expect(kept).toHaveLength(20)
  })

  it('after one related entity changes, only objects on paths that reach it are rebuilt', () => {
    const { result, source, tables } = projects()
    const memo = new MemoCache()
    const before = memo.denormalize(projectList, result, source).data as Project[]
    const renamed = write(Person, { id: 'u1', name: 'Renamed' }, tables, {
      fetchedAt: 2000,
      date: 2000,
    })
    const after = memo.denormalize(projectList, result, renamed.source).data as Project[]
    // Rebuilt: the list, project p1 and its owner.
    expect(after).not.toBe(before)
    expect(after[0]).not.toBe(before[0])
    expect(after[0]?.owner?.name).toBe('Renamed')
    expect(after[0]?.owner).not.toBe(before[0]?.owner)
    // Kept: the other 3 projects and owners, all 12 issues, p1's issue list and Dates.
    const old = instancesOf(before)
    const kept = instancesOf(after).filter((item, i) => item === old[i])
    expect(kept).toHaveLength(18)
    expect(after.slice(1)).toEqual(before.slice(1))
    after.slice(1).forEach((project, i) => expect(project).toBe(before[i + 1]))
    expect(after[0]?.issues).toBe(before[0]?.issues)
    expect(after[0]?.issues[0]?.opened).toBe(before[0]?.issues[0]?.opened)
  })

  it('a change to one issue rebuilds that issue and its project only', () => {
    const { result, source, tables } = projects()
    const memo = new MemoCache()
    const before = memo.denormalize(projectList, result, source).data as Project[]
    const edited = write(Issue, { id: 'p3-i2', title: 'Edited' }, tables, {
      fetchedAt: 2000,
      date: 2000,
    })
    const after = memo.denormalize(projectList, result, edited.source).data as Project[]
    const old = instancesOf(before)
    const rebuilt = instancesOf(after).filter((item, i) => item !== old[i])
    expect(rebuilt).toEqual([after[2], after[2]?.issues[1]])
    expect(after[2]?.issues[1]?.title).toBe('Edited')
    expect(after[2]?.issues).not.toBe(before[2]?.issues)
    expect(after[2]?.issues[0]).toBe(before[2]?.issues[0])
  })

  it('equal records read through different results give the same instance', () => {
    const list = write([Post], [{ id: 1, author: { id: 7 } }])
    const detail = write({ post: Post }, { post: { id: 1 } }, list.tables, {
      fetchedAt: 1000,
      date: 1000,
    })
    const byUser = write([User], [{ id: 7 }], detail.tables, { fetchedAt: 1000, date: 1000 })
    const memo = new MemoCache()
    const fromList = (memo.denormalize([Post], list.result, byUser.source).data as Post[])[0]
    const fromDetail = (
      memo.denormalize({ post: Post }, detail.result, byUser.source).data as {
        post: Post
      }
    ).post
    expect(fromDetail).toBe(fromList)
    expect(memo.denormalize(Post, '1', byUser.source).data).toBe(fromList)
    const users = memo.denormalize([User], byUser.result, byUser.source).data as User[]
    expect(users[0]).toBe(fromList?.author)
  })

  it('a missing entity appears once it is stored', () => {
    const memo = new MemoCache()
    const empty = write(Cat, { id: 'c' })
    const schema = { post: Post }
    const input = { post: '1' }
    expect(memo.denormalize(schema, input, empty.source).data).toEqual({ post: undefined })
    const stored = write(Post, { id: 1, title: 'now' }, empty.tables)
    const read = memo.denormalize(schema, input, stored.source).data as { post: Post }
    expect(read.post.title).toBe('now')
  })

  it('an incomplete detail becomes complete when the full record arrives', () => {
    const memo = new MemoCache()
    const summary = write(ArticleSummary, { id: 'a', title: 'T' })
    expect(memo.denormalize([Article], ['a'], summary.source).data).toEqual([])
    expect(memo.denormalize(Article, 'a', summary.source).incomplete).toBe(true)
    const full = write(Article, { id: 'a', body: 'B' }, summary.tables, {
      fetchedAt: 2000,
      date: 2000,
    })
    const article = memo.denormalize(Article, 'a', full.source).data as Article
    expect(article).toMatchObject({ id: 'a', title: 'T', body: 'B' })
  })

  it('getEntity and query read from the tables alone, with the same instances', () => {
    const { source } = write(User, { id: 1, name: 'A' })
    const memo = new MemoCache()
    const user = memo.getEntity<User>(User, '1', source)
    expect(user).toBeInstanceOf(User)
    expect(memo.query(User, [{ id: 1 }], source).data).toBe(user)
    expect(memo.query(User, [1], source).data).toBe(user)
    expect(memo.query(User, [{ id: 2 }], source).data).toBeUndefined()
    expect(memo.query(User, [{}], source).data).toBeUndefined()
    const args = [{ id: 1 }]
    const joinSchema = { user: User }
    const joined = memo.query(joinSchema, args, source)
    expect(memo.query(joinSchema, args, source)).toBe(joined)
    expect((joined.data as { user: User }).user).toBe(user)
  })

  it('queryExpiresAt: the earliest expiry among every record an object read holds, cycles included; an Entity read its own', () => {
    // User 1 holds post 10, whose author is user 1; the post was written again, to expire first.
    const first = write(
      User,
      { id: 1, name: 'A', posts: [{ id: 10, title: 'P', author: 1 }] },
      undefined,
      { fetchedAt: 1000, date: 1000, expiresAt: 5000 },
    )
    const { source } = write(Post, { id: 10, title: 'P', author: 1 }, first.tables, {
      fetchedAt: 2000,
      date: 2000,
      expiresAt: 3000,
    })
    const memo = new MemoCache()
    const args = [{ id: 1 }]
    // An object read: the earliest among every record it holds; an Entity read: its own record.
    expect(memo.queryExpiresAt({ user: User }, args, source)).toBe(3000)
    expect(memo.queryExpiresAt({ user: User }, [{ id: 2 }], source)).toBeUndefined()
    expect(memo.queryExpiresAt(User, args, source)).toBe(5000)
    expect(memo.queryExpiresAt(Post, [{ id: 10 }], source)).toBe(3000)
    expect(memo.queryExpiresAt(User, [{ id: 2 }], source)).toBe(0)
    // The records' data is what a query reads too: the same instances.
    expect(
      memo.query<{ user: User }>({ user: User }, args, source).data?.user.posts[0]?.title,
    ).toBe('P')
  })

  it('builds an instance for a record held inline (not normalized)', () => {
    const { source } = write(User, { id: 1 })
    const memo = new MemoCache()
    const holder = { post: Post }
    const inline = { post: { id: 5, title: 'inline', author: '1', createdAt: 0 } }
    const read = memo.denormalize(holder, inline, source).data as { post: Post }
    expect(read.post).toBeInstanceOf(Post)
    expect(read.post.author).toBeInstanceOf(User)
    expect(read.post.createdAt).toEqual(new Date(0))
    expect(memo.denormalize({ article: Article }, { article: { id: 'a' } }, source)).toEqual({
      data: undefined,
      incomplete: true,
    })
  })

  it('a Date member that is already a Date stays that Date', () => {
    const when = new Date(5)
    const { source } = write(User, { id: 1 })
    const read = new MemoCache().denormalize({ when: Date }, { when }, source).data as {
      when: Date
    }
    expect(read.when).toBe(when)
  })

  it('reads primitive inputs and schema-less values as they are', () => {
    const { source } = write(User, { id: 1 })
    const memo = new MemoCache()
    expect(memo.denormalize(undefined, { a: 1 }, source).data).toEqual({ a: 1 })
    expect(memo.denormalize({ user: User }, null, source).data).toBeNull()
    expect(memo.denormalize('text', 'text', source).data).toBe('text')
  })
})
