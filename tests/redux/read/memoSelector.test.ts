import { memoSelector } from '../../../src/redux/read/memoSelector'
import { heapInThisJob } from '../../fixtures/heap'

interface Root {
  lane: { name: string }
  items: readonly number[]
  label: string
}

/** A selector summing `items`, counting its computations and its lane lookups. */
function summing() {
  const log: string[] = []
  let lookups = 0
  const select = memoSelector(
    [(root: unknown) => (root as Root).items, (root: unknown) => (root as Root).label],
    (root: unknown) => {
      lookups += 1
      return (root as Root).lane
    },
    (lane, previous: { sum: number } | undefined, items: readonly number[], label: string) => {
      log.push(`${lane.name}:${label}:${previous ? previous.sum : '-'}`)
      return { sum: items.reduce((a, b) => a + b, 0) }
    },
  )
  return { select, log, lookups: () => lookups }
}

test('unchanged inputs return the last result without looking up a lane', () => {
  const { select, log, lookups } = summing()
  const root: Root = { lane: { name: 'a' }, items: [1, 2], label: 'x' }
  const first = select(root)
  expect(select({ ...root })).toBe(first)
  expect(select(root)).toBe(first)
  expect(log).toEqual(['a:x:-'])
  expect(lookups()).toBe(1)
})

test('each lane keeps its own result: alternating lanes computes once per lane', () => {
  const { select, log } = summing()
  const a: Root = { lane: { name: 'a' }, items: [1, 2], label: 'x' }
  const b: Root = { lane: { name: 'b' }, items: [5], label: 'y' }
  const fromA = select(a)
  const fromB = select(b)
  for (let i = 0; i < 3; i++) {
    expect(select(a)).toBe(fromA)
    expect(select(b)).toBe(fromB)
  }
  expect([fromA.sum, fromB.sum]).toEqual([3, 5])
  expect(log).toEqual(['a:x:-', 'b:y:-'])
})

test('a new input in a lane recomputes there, given that lane’s previous result', () => {
  const { select, log } = summing()
  const laneA = { name: 'a' }
  const laneB = { name: 'b' }
  select({ lane: laneA, items: [1], label: 'x' })
  select({ lane: laneB, items: [10], label: 'x' })
  const next = select({ lane: laneA, items: [1, 1], label: 'x' })
  expect(next.sum).toBe(2)
  expect(log).toEqual(['a:x:-', 'b:x:-', 'a:x:1'])
})

test('a computation that throws leaves the selector usable', () => {
  let fail = true
  const select = memoSelector(
    [(root: unknown) => root],
    () => ({ name: 'only' }),
    (_lane, _previous, root: unknown) => {
      if (fail) throw new Error('not now')
      return { root }
    },
  )
  const root = {}
  expect(() => select(root)).toThrow('not now')
  fail = false
  expect(select(root)).toEqual({ root })
  expect(select(root)).toBe(select(root))
})

test('selectors made, read and dropped in one synchronous loop do not keep their lanes alive', () => {
  // A lane stands for a store's memo (megabytes of instances). V8 keeps the target of every
  // WeakRef made or dereferenced until the job ends, so a selector holding its lane by WeakRef
  // pinned every lane a loop (a test, a server render) read and dropped, until it returned.
  // On the JS heap (a typed array's bytes would not count in heapUsed): 1.6 MB.
  const laneBytes = 8 * 200_000
  const makeLane = () => ({ values: new Array<number>(200_000).fill(0.5) })
  const before = heapInThisJob()
  for (let i = 0; i < 20; i++) {
    const lane = makeLane()
    const select = memoSelector(
      [(root: unknown) => root],
      () => lane,
      (l, _previous: { size: number } | undefined, root: unknown) => ({
        size: l.values.length,
        root,
      }),
    )
    expect(select({ i }).size).toBe(200_000)
  }
  const grown = heapInThisJob() - before
  // Pinned, the 20 lanes would hold 32 MB; dropped, at most one or two survive a GC.
  expect(grown).toBeLessThan(3 * laneBytes)
})

test('with no inputs, a first computation that throws is tried again on the next call', () => {
  let fail = true
  const lane = { name: 'only' }
  const select = memoSelector(
    [],
    () => lane,
    () => {
      if (fail) throw new Error('not now')
      return { ready: true }
    },
  )
  expect(() => select({})).toThrow('not now')
  fail = false
  expect(select({})).toEqual({ ready: true })
})
