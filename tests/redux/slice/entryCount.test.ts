import fc from 'fast-check'
import { entriesAtMost } from '../../../src/redux/slice/entryCount'
import { buildSplit } from '../../../src/redux/slice/splitWrite'
import { REMOVE, storedKeyOf, updateStored } from '../../../src/redux/slice/storedMap'
import type { SplitMap, StoredKey } from '../../../src/redux/slice/storedMap'
import { expectTrueSummary } from './summaryCheck'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** The entries a map of `keys` stores, counted from its summary (checked against its buckets). */
function storedEntries(keys: readonly StoredKey[], buckets?: number): number {
  const map = buildSplit(keys, keys, buckets) as SplitMap<unknown>
  expectTrueSummary(map)
  return map[0].entries ?? map[0].size
}

test('ids listed in order, up or down, are counted exactly: one entry a block of neighbours', () => {
  const ids = range(1, 100_000)
  // Block 0 holds 1 to 63, blocks 1 to 1,561 hold 64 each, block 1,562 holds 99,968 to 100,000.
  expect(entriesAtMost(ids, [], [])).toBe(1563)
  expect(entriesAtMost([...ids].reverse(), [], [])).toBe(1563)
  // Two neighbouring blocks may share a bucket and make one run: never more than counted.
  expect(storedEntries(ids)).toBeLessThanOrEqual(1563)
  // Pairs: 0 is never in a run; a stretch of two is two pairs; strings are pairs.
  expect(entriesAtMost([0, 1, 2, 3, 10, 11, 'a', 20], [], [])).toBe(1 + 1 + 2 + 1 + 1)
})

test('ids out of order, listed twice or removed are counted high, never low', () => {
  const keyArb = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 400 }) },
    { weight: 1, arbitrary: fc.constantFrom('a', 'b', '007', '-1') },
  )
  fc.assert(
    fc.property(
      fc.uniqueArray(keyArb, { maxLength: 300 }),
      fc.array(fc.tuple(keyArb, fc.boolean()), { maxLength: 120 }),
      fc.constantFrom(64, 4096),
      (keys, changes, buckets) => {
        const changeKeys = changes.map(([key]) => key)
        const changeValues = changes.map(([key, remove]) => (remove ? REMOVE : key))
        const final = new Map<StoredKey, StoredKey>(keys.map((key) => [key, key]))
        for (const [key, remove] of changes) {
          if (remove) final.delete(key)
          else final.set(key, key)
        }
        const bound = entriesAtMost(keys, changeKeys, changeValues)
        expect(bound).toBeGreaterThanOrEqual(storedEntries([...final.keys()], buckets))
      },
    ),
    { numRuns: 200 },
  )
})

test('a table of ids handed out in sequence has an eighth of the buckets; other keys as before', () => {
  const dense = range(1, 100_000)
  expect((buildSplit(dense, dense) as SplitMap<unknown>)[0]).toEqual({
    size: 100_000,
    buckets: 2048,
    entries: storedEntries(dense),
  })
  // Scattered integers and strings are pairs, sized by their entries (16 a bucket) as ever.
  const scattered = dense.map((id) => id * 7)
  expect((buildSplit(scattered, scattered) as SplitMap<unknown>)[0]).toEqual({
    size: 100_000,
    buckets: 8192,
  })
  const strings = dense.map((id) => storedKeyOf(`u${id}`))
  expect((buildSplit(strings, strings) as SplitMap<unknown>)[0]).toEqual({
    size: 100_000,
    buckets: 8192,
  })
})

test('a table growing one id at a time is rebuilt only when it quadruples, not on every write', () => {
  const start = range(1, 2000)
  let map = buildSplit(start, start) as SplitMap<number>
  const bucketCounts = [map[0].buckets]
  for (let id = 2001; id <= 40_000; id++) {
    const before = map
    map = updateStored(map, true, { keys: [String(id)], values: [id] }) as SplitMap<number>
    if (map[0].buckets !== before[0].buckets) bucketCounts.push(map[0].buckets)
    else expect(map.filter((page, p) => page !== before[p])).toHaveLength(2) // summary, one page
  }
  expectTrueSummary(map)
  expect(map[0]).toMatchObject({ size: 40_000 })
  // 64 buckets hold 2,000 ids. A rebuild comes when the map passes 128 slots a bucket on
  // average (8,192 ids in 64 buckets), and sizes it for 64: four times the buckets.
  expect(bucketCounts).toEqual([64, 256, 1024])
})
