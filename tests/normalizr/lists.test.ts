import { MemoCache, createPlainSource, schema } from 'rtk-resources'
import { Row, SIZE, later, rowList, rows } from '../fixtures/rows'
import { Article, ArticleSummary, Post, User } from '../fixtures/entities'
import { write } from '../fixtures/tables'

/** Positions whose item is not the same object in both lists. */
function changedPositions(before: readonly unknown[], after: readonly unknown[]): number[] {
  const changed: number[] = []
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    if (before[i] !== after[i]) changed.push(i)
  }
  return changed
}

describe('MemoCache: a big list after a change', () => {
  it('one changed row: a new list, the new row in its place, every other row the same object', () => {
    const { result, source, tables } = rows()
    const memo = new MemoCache()
    const before = memo.denormalize(rowList, result, source).data as Row[]
    const edited = write(Row, { id: 500, title: 'edited' }, tables, later(2000))
    const after = memo.denormalize(rowList, result, edited.source).data as Row[]
    expect(after).not.toBe(before)
    expect(after).toHaveLength(SIZE)
    expect(changedPositions(before, after)).toEqual([499])
    expect(after[499]).toBeInstanceOf(Row)
    expect(after[499]?.title).toBe('edited')
    // The previous list is left as it was.
    expect(before[499]?.title).toBe('row 500')
    // Read again: the same list; and the row reads as the same instance everywhere.
    expect(memo.denormalize(rowList, result, edited.source).data).toBe(after)
    expect(memo.getEntity(Row, '500', edited.source)).toBe(after[499])
  })

  it('changes in a row keep coming: each read replaces exactly the rows that changed', () => {
    const seed = rows()
    const result = seed.result
    let { source, tables } = seed
    const memo = new MemoCache()
    let previous = memo.denormalize(rowList, result, source).data as Row[]
    for (const [time, ids] of [
      [2000, [1]],
      [3000, [1000, 2]],
      [4000, [700]],
    ] as const) {
      const next = write(
        rowList,
        ids.map((id) => ({ id, title: `at ${time}` })),
        tables,
        later(time),
      )
      ;({ tables, source } = next)
      const list = memo.denormalize(rowList, result, source).data as Row[]
      expect(changedPositions(previous, list)).toEqual(
        [...ids].map((id) => id - 1).sort((a, b) => a - b),
      )
      for (const id of ids) expect(list[id - 1]?.title).toBe(`at ${time}`)
      previous = list
    }
    // The original result still reads the last version of each row.
    expect(previous.map((row) => row.title).filter((title) => title.startsWith('at'))).toEqual([
      'at 2000',
      'at 3000',
      'at 4000',
      'at 3000',
    ])
  })

  it('a row listed twice is replaced in both places', () => {
    const twice = write(rowList, [{ id: 1 }, { id: 2 }, { id: 1 }, { id: 3 }])
    const memo = new MemoCache()
    const before = memo.denormalize(rowList, twice.result, twice.source).data as Row[]
    expect(before[0]).toBe(before[2])
    const edited = write(Row, { id: 1, title: 'edited' }, twice.tables, later(2000))
    const after = memo.denormalize(rowList, twice.result, edited.source).data as Row[]
    expect(changedPositions(before, after)).toEqual([0, 2])
    expect(after[0]).toBe(after[2])
    expect(after[0]?.title).toBe('edited')
  })

  it('a deleted row leaves the list, the others keep their references', () => {
    const { result, source, tables } = rows()
    const memo = new MemoCache()
    const before = memo.denormalize(rowList, result, source).data as Row[]
    const deleted = write(new schema.Delete(Row), { id: 10 }, tables, later(2000))
    const after = memo.denormalize(rowList, result, deleted.source).data as Row[]
    expect(after).toHaveLength(SIZE - 1)
    expect(after.find((row) => row.id === 10)).toBeUndefined()
    expect(after.slice(0, 9)).toEqual(before.slice(0, 9))
    after.slice(0, 9).forEach((row, i) => expect(row).toBe(before[i]))
    after.slice(9).forEach((row, i) => expect(row).toBe(before[i + 10]))
  })

  it('a row that stops being valid for the class read leaves the list', () => {
    const full = write(
      [Article],
      [
        { id: 'a', title: 'A', body: 'a' },
        { id: 'b', title: 'B', body: 'b' },
      ],
    )
    const articles = [Article]
    const memo = new MemoCache()
    const before = memo.denormalize(articles, full.result, full.source).data as Article[]
    expect(before).toHaveLength(2)
    // A newer summary without a body replaces b's record (no merge: the old record is dropped).
    const entities = {
      ...full.tables.entities,
      Article: { ...full.tables.entities.Article, b: { id: 'b', title: 'B2' } },
    }
    const summary = { entities, entitiesMeta: full.tables.entitiesMeta }
    const after = memo.denormalize(articles, full.result, createPlainSource(summary))
      .data as Article[]
    expect(after).toEqual([before[0]])
    expect(after[0]).toBe(before[0])
    expect(
      memo.denormalize([ArticleSummary], full.result, createPlainSource(summary)).data,
    ).toHaveLength(2)
  })

  it('a change below an item (its author) rebuilds that item and patches the list', () => {
    const posts = write(
      [Post],
      Array.from({ length: 50 }, (_, i) => ({
        id: i + 1,
        title: `post ${i + 1}`,
        author: { id: (i % 5) + 1, name: `user ${(i % 5) + 1}` },
      })),
    )
    const postList = [Post]
    const memo = new MemoCache()
    const before = memo.denormalize(postList, posts.result, posts.source).data as Post[]
    const renamed = write(User, { id: 3, name: 'renamed' }, posts.tables, later(2000))
    const after = memo.denormalize(postList, posts.result, renamed.source).data as Post[]
    const expected = before.flatMap((post, i) => (post.author?.id === 3 ? [i] : []))
    expect(expected).toHaveLength(10)
    expect(changedPositions(before, after)).toEqual(expected)
    for (const i of expected) expect(after[i]?.author?.name).toBe('renamed')
    // One instance for user 3 in every rebuilt post.
    expect(new Set(expected.map((i) => after[i]?.author)).size).toBe(1)
    expect(after[0]?.author).toBe(before[0]?.author)
  })

  it('an item rebuilt by another read first reads as that same instance in the list', () => {
    const { result, source, tables } = rows()
    const memo = new MemoCache()
    const before = memo.denormalize(rowList, result, source).data as Row[]
    const edited = write(Row, { id: 42, title: 'edited' }, tables, later(2000))
    const alone = memo.getEntity<Row>(Row, '42', edited.source)
    const later2 = write(Row, { id: 7, title: 'also' }, edited.tables, later(3000))
    const after = memo.denormalize(rowList, result, later2.source).data as Row[]
    expect(after[41]).toBe(alone)
    expect(after[6]?.title).toBe('also')
    expect(changedPositions(before, after)).toEqual([6, 41])
  })

  it('going back to an earlier snapshot reads that snapshot again', () => {
    const first = rows()
    const memo = new MemoCache()
    const atFirst = memo.denormalize(rowList, first.result, first.source).data as Row[]
    const edited = write(Row, { id: 3, title: 'edited' }, first.tables, later(2000))
    const atEdited = memo.denormalize(rowList, first.result, edited.source).data as Row[]
    const back = memo.denormalize(rowList, first.result, first.source).data as Row[]
    expect(back[2]?.title).toBe('row 3')
    expect(atEdited[2]?.title).toBe('edited')
    expect(changedPositions(atFirst, back)).toEqual([2])
  })
})
