import fc from 'fast-check'
import { countAtMost } from '../../../src/redux/slice/entryCount'
import { buildSplit } from '../../../src/redux/slice/splitWrite'
import { REMOVE, storedKeyOf, updateStored } from '../../../src/redux/slice/storedMap'
import type { SplitMap, StoredKey } from '../../../src/redux/slice/storedMap'
import { expectTrueSummary } from '../../fixtures/splitSummary'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** The entries a map of `keys` stores, counted from its summary (checked against its buckets). */
function storedEntries(keys: readonly StoredKey[], buckets?: number): number {
  const map = buildSplit(keys, keys, buckets) as SplitMap<unknown>
  expectTrueSummary(map)
  return map[0].entries ?? map[0].size
}

test('ids listed in order, up or down, or close together, are counted: one entry a block', () => {
  const ids = range(1, 100_000)
  // Block 0 holds 1 to 63, blocks 1 to 1,561 hold 64 each, block 1,562 holds 99,968 to 100,000.
  const counted = { keys: 100_000, entries: 1563 }
  expect(countAtMost(ids, [], [])).toEqual(counted)
  expect(countAtMost([...ids].reverse(), [], [])).toEqual(counted)
  // Shuffled: close together, so counted on a map of their range, as exactly.
  const shuffled = [...ids].sort((a, b) => ((a * 7919) % 100_003) - ((b * 7919) % 100_003))
  expect(countAtMost(shuffled, [], [])).toEqual(counted)
  // Two neighbouring blocks may share a bucket and make one run: never more than counted.
  expect(storedEntries(ids)).toBeLessThanOrEqual(1563)
  // Pairs: 0 is never in a run; a stretch of two is two pairs; strings are pairs.
  expect(countAtMost([0, 1, 2, 3, 10, 11, 'a', 20], [], []).entries).toBe(1 + 1 + 2 + 1 + 1)
  // Far apart, in order: by stretches (ids 1 to 640, then 10⁸ and up).
  const far = [...range(1, 640), ...range(1e8, 1e8 + 639)]
  expect(countAtMost(far, [], [])).toEqual({ keys: 1280, entries: 21 })
})

test('a removed string key adds no entry; a removed integer key at most three', () => {
  const strings = range(1, 500).map((id) => `user-${id}`)
  expect(countAtMost(strings, ['user-1', 'absent'], [REMOVE, REMOVE])).toEqual({
    keys: 500,
    entries: 500,
  })
  // Far apart (so counted in order): a run of five that loses its middle key is four pairs.
  const far = [1e8, ...range(11, 15)]
  expect(countAtMost(far, [13], [REMOVE]).entries).toBe(1 + 1 + 3)
  expect(storedEntries([1e8, 11, 12, 14, 15])).toBe(5)
})

test('ids out of order, listed twice or removed are counted high, never low', () => {
  const keyArb = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 400 }) },
    // Far from the others: the count in list order.
    { weight: 1, arbitrary: fc.integer({ min: 1e8, max: 1e8 + 200 }) },
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
        const bound = countAtMost(keys, changeKeys, changeValues)
        expect(bound.entries).toBeGreaterThanOrEqual(storedEntries([...final.keys()], buckets))
        expect(bound.keys).toBeGreaterThanOrEqual(final.size)
      },
    ),
    { numRuns: 200 },
  )
})

test('a table of ids handed out in sequence has a quarter of the buckets; other keys as before', () => {
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

test('writes that leave a map within its sizes never rebuild it: removals, refetches', () => {
  // 131,071 string keys in 4,096 buckets: one key under a rebuild (32 a bucket).
  const strings = range(1, 131_071).map((id) => storedKeyOf(`user-${id}`))
  const full = buildSplit(strings, strings, 4096) as SplitMap<unknown>
  // Removing a key that is not there changes nothing, and rebuilds nothing.
  expect(updateStored(full, true, { keys: ['absent'], values: [REMOVE] })).toBe(full)
  const pages = full.slice(1)
  const removed = updateStored(full, true, {
    keys: ['user-7'],
    values: [REMOVE],
  }) as SplitMap<unknown>
  expect(removed[0]).toEqual({ size: 131_070, buckets: 4096 })
  expect(removed.slice(1).filter((page, p) => page !== pages[p])).toHaveLength(1)
  // A list of 100,000 ids in sequence fetched again whole: updated in place, no rebuild.
  const ids = range(1, 100_000)
  const table = buildSplit(ids, ids) as SplitMap<unknown>
  const again = ids.map((id) => ({ id }))
  const refetched = updateStored(table, true, {
    keys: ids.map(String),
    values: again,
  }) as SplitMap<unknown>
  expect(refetched[0]).toEqual(table[0])
  expect(refetched[0].buckets).toBe(2048)
  expectTrueSummary(refetched)
})

test('a damaged entries count in a summary is not trusted: the map is counted by its keys', () => {
  const ids = range(1, 2000)
  const map = buildSplit(ids, ids) as SplitMap<unknown>
  for (const damaged of [-1e9, 'x', Number.NaN, 2.5, 1e9]) {
    const top = [{ ...map[0], entries: damaged }, ...map.slice(1)] as unknown as SplitMap<unknown>
    let next = top
    for (let id = 2001; id <= 40_000; id += 7) {
      next = updateStored(next, true, { keys: [String(id)], values: [id] }) as SplitMap<unknown>
    }
    // Rebuilt as it grew (counted as `size` entries until then): sized for what it holds.
    expectTrueSummary(next)
  }
})
