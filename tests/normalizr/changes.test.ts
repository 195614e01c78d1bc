import type { EntitySource, PlainTables } from 'rtk-resources'
import { Entity, MemoCache, schema } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { Row, SIZE, later, rowList, rows } from '../fixtures/rows'
import { write } from '../fixtures/tables'

/** A view of `source` that counts the records asked for; `feed: false` hides its change reports. */
function counting(source: EntitySource, feed = true) {
  const counter = { reads: 0 }
  const view: EntitySource = {
    token: source.token,
    getEntity(key, pk) {
      counter.reads++
      return source.getEntity(key, pk)
    },
    getMeta: (key, pk) => source.getMeta(key, pk),
    getTable: (key) => source.getTable(key),
    forEachEntity: (key, fn) => source.forEachEntity(key, fn),
    ...(feed && source.forEachChangeSince
      ? { forEachChangeSince: source.forEachChangeSince.bind(source) }
      : {}),
  }
  return { view, counter }
}

/** Writes one new title for row `id` at `time`. */
const edit = (tables: PlainTables, id: number, time: number) =>
  write(Row, { id, title: `at ${time}` }, tables, later(time))

/**
 * Rows read once through a new memo, then row 1 edited: the first change starts the tracking
 * (the list is looked at once more, then trusted).
 */
function tracking() {
  const { result, tables, source } = rows()
  const memo = new MemoCache()
  memo.denormalize(rowList, result, source)
  const edited = edit(tables, 1, 2000)
  return { memo, result, tables: edited.tables, source: edited.source }
}

describe('MemoCache: sources that report their changes', () => {
  it('a re-read after one change asks for O(changes) records, not every row', () => {
    const { memo, result, ...start } = tracking()
    let { tables, source } = start
    let previous = memo.denormalize(rowList, result, source).data as Row[]
    for (const [id, time] of [
      [500, 3000],
      [1000, 4000],
    ] as const) {
      ;({ tables, source } = edit(tables, id, time))
      const { view, counter } = counting(source)
      const list = memo.denormalize(rowList, result, view).data as Row[]
      expect(counter.reads).toBeLessThanOrEqual(3)
      expect(list[id - 1]?.title).toBe(`at ${time}`)
      expect(list.filter((row, i) => row !== previous[i])).toEqual([list[id - 1]])
      previous = list
    }
  })

  it('without reports, the same re-read looks at every row (and gives the same answer)', () => {
    const { result, tables, source } = rows()
    const memo = new MemoCache()
    const before = memo.denormalize(rowList, result, source).data as Row[]
    const edited = edit(tables, 500, 2000)
    const { view, counter } = counting(edited.source, false)
    const after = memo.denormalize(rowList, result, view).data as Row[]
    expect(counter.reads).toBeGreaterThanOrEqual(SIZE)
    expect(after.filter((row, i) => row !== before[i])).toEqual([after[499]])
  })

  it('a source that cannot tell (returns false) is checked in full', () => {
    const { result, tables, source } = rows()
    const memo = new MemoCache()
    memo.denormalize(rowList, result, source)
    const edited = edit(tables, 7, 2000)
    const { view, counter } = counting(edited.source)
    const unknown: EntitySource = { ...view, forEachChangeSince: () => false }
    const list = memo.denormalize(rowList, result, unknown).data as Row[]
    expect(list[6]?.title).toBe('at 2000')
    expect(counter.reads).toBeGreaterThanOrEqual(SIZE)
  })

  it('an unrelated change leaves every read as it was, without a look', () => {
    const { memo, result, tables, source } = tracking()
    const list = memo.denormalize(rowList, result, source).data
    const other = write(User, { id: 1, name: 'someone' }, tables, later(3000))
    const { view, counter } = counting(other.source)
    expect(memo.denormalize(rowList, result, view).data).toBe(list)
    expect(counter.reads).toBe(0)
  })

  it('a missing member appears: the holder and the list are rebuilt', () => {
    const posts = write(
      [Post],
      [
        { id: 1, title: 'one', author: 7 },
        { id: 2, title: 'two', author: 8 },
      ],
    )
    const postList = [Post]
    const memo = new MemoCache()
    const before = memo.denormalize(postList, posts.result, posts.source).data as Post[]
    expect(before[0]?.author).toBeUndefined()
    const noise = write(User, { id: 99, name: 'noise' }, posts.tables, later(1500))
    expect(memo.denormalize(postList, posts.result, noise.source).data).toBe(before)
    const author = write(User, { id: 7, name: 'seven' }, noise.tables, later(2000))
    const after = memo.denormalize(postList, posts.result, author.source).data as Post[]
    expect(after[0]?.author?.name).toBe('seven')
    expect(after[1]).toBe(before[1])
  })

  it('a record added to a listed table shows in schema.All', () => {
    const all = new schema.All(User)
    const users = write([User], [{ id: 1 }, { id: 2 }])
    const memo = new MemoCache()
    const args: unknown[] = []
    const first = memo.query(all, args, users.source).data as User[]
    expect(first).toHaveLength(2)
    const post = write(Post, { id: 1, title: 'x' }, users.tables, later(2000))
    expect(memo.query(all, args, post.source).data).toBe(first)
    const more = write(User, { id: 3 }, post.tables, later(3000))
    const after = memo.query(all, args, more.source).data as User[]
    expect(after.map((user) => user.id)).toEqual([1, 2, 3])
    expect(after[0]).toBe(first[0])
  })

  it('an entity that lists a table (schema.All member) sees a record added to it', () => {
    class Team extends Entity {
      id = ''
      members: User[] = []
      pk() {
        return this.id
      }
      static key = 'Team'
      static schema = { members: new schema.All(User) }
    }
    const teams = [Team]
    const seeded = write(teams, [{ id: 't', members: [{ id: 1 }] }])
    const memo = new MemoCache()
    const before = memo.denormalize(teams, seeded.result, seeded.source).data as Team[]
    expect(before[0]?.members.map((user) => user.id)).toEqual([1])
    const noise = write(Post, { id: 1, title: 'x' }, seeded.tables, later(1500))
    expect(memo.denormalize(teams, seeded.result, noise.source).data).toBe(before)
    const added = write(User, { id: 2 }, noise.tables, later(2000))
    const after = memo.denormalize(teams, seeded.result, added.source).data as Team[]
    expect(after[0]?.members.map((user) => user.id)).toEqual([1, 2])
    expect(after[0]?.members[0]).toBe(before[0]?.members[0])
  })

  it('a change deep in a cycle rebuilds exactly the paths to it', () => {
    const seeded = write(User, {
      id: 1,
      name: 'Ann',
      posts: [
        { id: 1, title: 'one', author: 1 },
        { id: 2, title: 'two', author: 1 },
      ],
    })
    const memo = new MemoCache()
    const userOne = (source: EntitySource) => memo.getEntity<User>(User, '1', source) as User
    const before = userOne(seeded.source)
    const noise = write(User, { id: 2, name: 'Bob' }, seeded.tables, later(1500))
    expect(userOne(noise.source)).toBe(before)
    const edited = write(Post, { id: 2, title: 'edited' }, noise.tables, later(2000))
    const after = userOne(edited.source)
    expect(after).not.toBe(before)
    expect(after.posts[1]?.title).toBe('edited')
    expect(after.posts[0]).not.toBe(before.posts[0]) // it points to the new user
    expect(after.posts[0]?.author).toBe(after)
    expect(after.posts[1]?.author).toBe(after)
  })

  it('forgotten records read as new instances, in the list and alone', () => {
    const { memo, result, source } = tracking()
    const before = memo.denormalize(rowList, result, source).data as Row[]
    memo.forgetEntities('Row', ['10', '20'])
    const after = memo.denormalize(rowList, result, source).data as Row[]
    expect(after.filter((row, i) => row !== before[i])).toEqual([after[9], after[19]])
    expect(after[9]).toEqual(before[9])
    expect(memo.getEntity(Row, '10', source)).toBe(after[9])
  })

  it('going back and forth between snapshots reads each as it is', () => {
    const first = rows()
    const memo = new MemoCache()
    const read = (source: EntitySource) =>
      memo.denormalize(rowList, first.result, source).data as Row[]
    read(first.source)
    const second = edit(first.tables, 3, 2000)
    const third = edit(second.tables, 4, 3000)
    expect(read(third.source)[3]?.title).toBe('at 3000')
    expect(read(first.source)[2]?.title).toBe('row 3')
    expect(read(first.source)[3]?.title).toBe('row 4')
    expect(read(second.source)[2]?.title).toBe('at 2000')
    expect(read(second.source)[3]?.title).toBe('row 4')
    expect(
      read(third.source)
        .map((row) => row.title)
        .slice(2, 4),
    ).toEqual(['at 2000', 'at 3000'])
  })
})
