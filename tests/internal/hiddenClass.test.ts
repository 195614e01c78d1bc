/**
 * The objects made per read and per write have the hidden class of the instance kept for each
 * (internal/hiddenClass.ts), after they were used and after a full GC: a field added outside a
 * constructor would give them another one, and the kept instance would keep nothing useful.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { MemoCache } from 'rtk-resources'
import { keepHiddenClassOf } from '../../src/internal/hiddenClass'
import { DenormalizeRun, runShape } from '../../src/normalizr/DenormalizeRun'
import { EntityNode, entityNodeShape } from '../../src/normalizr/graph'
import { memoCacheShape } from '../../src/normalizr/MemoCache'
import { resultNodeShape } from '../../src/normalizr/ResultNode'
import { WrittenTable, writtenTableShape } from '../../src/normalizr/WrittenTable'
import { SplitCopy, buildSplit, splitCopyShape } from '../../src/redux/slice/splitWrite'
import { SUMMARY, bucketNumberOf, splitReader } from '../../src/redux/slice/splitMap'
import { Post, User } from '../fixtures/entities'
import { haveSameMapFunction } from '../fixtures/hiddenClasses'
import { write } from '../fixtures/tables'

const haveSameMap = haveSameMapFunction()
const valueOfSplit = <T>(map: Parameters<typeof splitReader<T>>[0], key: string) =>
  splitReader(map)(key)

/** A full (mark-compact) GC, which frees hidden classes no live object has. */
function fullGc(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

/** Two posts by two authors (numeric ids, kept as numbers in the list). */
const posts = [
  { id: 1, title: 'a', author: { id: 1, name: 'Ada' } },
  { id: 2, title: 'b', author: { id: 2, name: 'Grace' } },
]

describe('hidden classes kept for objects made per operation', () => {
  it('keepHiddenClassOf returns the instance it keeps', () => {
    const instance = { a: 1 }
    expect(keepHiddenClassOf(instance)).toBe(instance)
  })

  it('a run that has read has the kept run’s hidden class, before and after a full GC', () => {
    const { source, result } = write([Post], posts)
    const readOnce = () => {
      const run = new DenormalizeRun(new MemoCache(), source, 1, [])
      const read = run.read([Post], result) as Post[]
      expect(read.map((post) => post.author?.name)).toEqual(['Ada', 'Grace'])
      return run
    }
    expect(haveSameMap(readOnce(), runShape)).toBe(true)
    fullGc()
    expect(haveSameMap(readOnce(), runShape)).toBe(true)
  })

  it('a memo, its entity nodes and result nodes have the kept ones’ hidden classes after use', () => {
    const schema = [Post]
    const first = write(schema, posts)
    const memo = new MemoCache()
    expect(memo.denormalize(schema, first.result, first.source).data).toHaveLength(2)
    // A change reported by the source: nodes are marked, the list patched, one node rebuilt.
    const second = write(User, { id: 1, name: 'Ada L.' }, first.tables)
    const after = memo.denormalize<Post[]>(schema, first.result, second.source).data
    expect(after?.[0]?.author?.name).toBe('Ada L.')
    memo.forgetEntities('User', ['2'])
    fullGc()
    const node = memo.entityNodes(User)['1']
    const resultNode = (
      memo as unknown as { results: WeakMap<object, WeakMap<object, object>> }
    ).results
      .get(schema)
      ?.get(first.result as object)
    expect(node && resultNode).toBeDefined()
    expect(haveSameMap(memo, memoCacheShape)).toBe(true)
    expect(haveSameMap(node as object, entityNodeShape)).toBe(true)
    // A pk kept as a string (the kept node's is one; these posts' are numbers) gives no other.
    expect(haveSameMap(new EntityNode(User, 'u7', {}, {}), entityNodeShape)).toBe(true)
    expect(haveSameMap(resultNode as object, resultNodeShape)).toBe(true)
  })

  it('a table a normalize wrote has the kept table’s hidden class', () => {
    const table = new WrittenTable()
    table.setRecord('1', { id: '1' })
    table.setRecord('__proto__', { id: '__proto__' })
    table.setMeta('1', { date: 1, fetchedAt: 1, expiresAt: 2 })
    table.deleteRecord('__proto__')
    expect(table.hasRecords()).toBe(true)
    fullGc()
    expect(haveSameMap(table, writtenTableShape)).toBe(true)
  })

  it('a split copy that wrote buckets has the kept copy’s hidden class', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`)
    const map = buildSplit<number>(
      keys,
      keys.map((_, i) => i),
    )
    const { size, buckets } = map[SUMMARY]
    const copy = new SplitCopy(map, buckets)
    const number = bucketNumberOf('new', buckets)
    copy.pairs(number).push('new', -1)
    expect(copy.isWritten(number)).toBe(true)
    const next = copy.finish(size + 1, buckets, size)
    expect(valueOfSplit(next, 'new')).toBe(-1)
    expect(next[SUMMARY].size).toBe(201)
    fullGc()
    expect(haveSameMap(copy, splitCopyShape)).toBe(true)
  })
})
