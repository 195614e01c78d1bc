import fc from 'fast-check'
import {
  encodeBucket,
  forEachEntryIn,
  forEachValueIn,
  pairsIn,
  RUN_MIN,
  valuePositionIn,
} from '../../../src/redux/slice/bucketEntries'
import {
  countStored,
  forEachStored,
  getStored,
  REMOVE,
  toBuckets,
  updateStored,
} from '../../../src/redux/slice/storedMap'
import type { Change, SplitMap, StoredKey } from '../../../src/redux/slice/storedMap'
import { expectTrueSummary } from '../../fixtures/splitSummary'

/** A stored bucket's entries, in stored order. */
function entriesOf(bucket: readonly unknown[]): Array<[StoredKey, unknown]> {
  const out: Array<[StoredKey, unknown]> = []
  forEachEntryIn(bucket, (key, value) => out.push([key, value]))
  return out
}

const pairsFrom = (entries: ReadonlyArray<readonly [StoredKey, unknown]>) =>
  entries.flatMap(([key, value]) => [key, value])

test('consecutive integer keys are stored as runs, the others as pairs, strings last', () => {
  const bucket = encodeBucket(
    pairsFrom([
      ['b', 'B'],
      [7, 'seven'],
      [0, 'zero'],
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
      ['a', 'A'],
      [9, 'nine'],
      [10, 'ten'],
      [64, 's64'],
      [65, 's65'],
      [66, 's66'],
    ]),
  )
  // 0 is a pair (a run's first key is stored negated); 1–3 a run; 7, 9 and 10 pairs (two
  // neighbours cost as much as two pairs); 64–66 a run; then the strings, in written order.
  expect(bucket).toEqual([
    0,
    'zero',
    -1,
    3,
    'one',
    'two',
    'three',
    7,
    'seven',
    9,
    'nine',
    10,
    'ten',
    -64,
    3,
    's64',
    's65',
    's66',
    'b',
    'B',
    'a',
    'A',
  ])
  expect(RUN_MIN).toBe(3)
  expect(JSON.parse(JSON.stringify(bucket))).toEqual(bucket)
  expect(valuePositionIn(bucket!, 2)).toBe(bucket!.indexOf('two'))
  expect(valuePositionIn(bucket!, 66)).toBe(bucket!.indexOf('s66'))
  expect(valuePositionIn(bucket!, 0)).toBe(1)
  expect(valuePositionIn(bucket!, 'a')).toBe(bucket!.indexOf('A'))
  for (const absent of [4, 8, 11, 63, 67, 1000, 'c', '']) {
    expect(valuePositionIn(bucket!, absent)).toBe(-1)
  }
  const values: unknown[] = []
  forEachValueIn(bucket!, (value) => values.push(value))
  expect(values).toEqual(entriesOf(bucket!).map(([, value]) => value))
  expect(pairsIn(bucket!)).toEqual(pairsFrom(entriesOf(bucket!)))
  expect(encodeBucket([])).toBeNull()
  // Only the first `length` slots count.
  expect(encodeBucket([5, 'five', 6, 'six'], 2)).toEqual([5, 'five'])
})

test('a run holds any value, numbers and strings too, told apart by position', () => {
  const bucket = encodeBucket(
    pairsFrom([
      [4, -4],
      [5, 5],
      [6, 'x'],
      [7, null],
    ]),
  )
  expect(bucket).toEqual([-4, 4, -4, 5, 'x', null])
  expect(entriesOf(bucket!)).toEqual([
    [4, -4],
    [5, 5],
    [6, 'x'],
    [7, null],
  ])
  expect(valuePositionIn(bucket!, 4)).toBe(2)
  expect(valuePositionIn(bucket!, -4)).toBe(-1)
})

const keyArb: fc.Arbitrary<StoredKey> = fc.oneof(
  fc.integer({ min: 0, max: 200 }),
  fc.constantFrom('a', 'b', '007', '-1', '__proto__', ''),
)

test('a bucket stores any entries in one form: the same set in any order, found and listed', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.tuple(keyArb, fc.integer()), { selector: ([key]) => key, maxLength: 80 }),
      fc.integer(),
      (entries, seed) => {
        const bucket = encodeBucket(pairsFrom(entries))
        if (entries.length === 0) return expect(bucket).toBeNull()
        // Integers ascending first; strings after, in written order.
        const ints = entries.filter(([key]) => typeof key === 'number')
        ints.sort((a, b) => (a[0] as number) - (b[0] as number))
        const strings = entries.filter(([key]) => typeof key === 'string')
        expect(entriesOf(bucket!)).toEqual([...ints, ...strings])
        // The integers in another order give the same bucket.
        const shuffled = [...ints].sort(
          (a, b) => (((a[1] ^ seed) >>> 0) % 7) - (((b[1] ^ seed) >>> 0) % 7),
        )
        expect(encodeBucket(pairsFrom([...shuffled, ...strings]))).toEqual(bucket)
        for (const [key, value] of entries)
          expect(bucket![valuePositionIn(bucket!, key)]).toBe(value)
        for (const absent of [201, 202, 'c', 'zz'])
          expect(valuePositionIn(bucket!, absent)).toBe(-1)
        for (let k = 0; k <= 200; k++) {
          if (!ints.some(([key]) => key === k)) expect(valuePositionIn(bucket!, k)).toBe(-1)
        }
        // A stretch of RUN_MIN or more neighbouring keys (not starting at 0) costs two slots and
        // one a key; any other key two slots.
        let slots = 2 * strings.length
        for (let i = 0; i < ints.length;) {
          let end = i + 1
          while (
            end < ints.length &&
            ints[i]![0] !== 0 &&
            ints[end]![0] === (ints[end - 1]![0] as number) + 1
          )
            end++
          const count = end - i
          slots += count >= RUN_MIN ? count + 2 : 2 * count
          i = end
        }
        expect(bucket).toHaveLength(slots)
        expect(JSON.parse(JSON.stringify(bucket))).toEqual(bucket)
      },
    ),
  )
})

/** Changes over ranges of neighbouring ids: what lists and pages write. */
const rangeArb: fc.Arbitrary<Array<Change<number>>> = fc
  .tuple(
    fc.integer({ min: 0, max: 3000 }),
    fc.integer({ min: 1, max: 300 }),
    fc.boolean(),
    fc.integer(),
    fc.boolean(),
  )
  .map(([from, count, remove, value, downwards]) => {
    const changes: Array<Change<number>> = Array.from({ length: count }, (_, i) => [
      String(from + i),
      remove ? REMOVE : value + i,
    ])
    // Newest first, as many lists are: the same stretches, listed downwards.
    return downwards ? changes.reverse() : changes
  })

test('split maps of neighbouring ids written and removed in ranges read as a plain map would', () => {
  fc.assert(
    fc.property(fc.array(rangeArb, { minLength: 1, maxLength: 12 }), (writes) => {
      const model = new Map<string, number>()
      const initial: Record<string, number> = {}
      for (let id = 5000; id < 6100; id++) initial[String(id)] = id
      for (const [key, value] of Object.entries(initial)) model.set(key, value)
      let map = toBuckets(initial) as SplitMap<number>
      for (const changes of writes) {
        map = updateStored(map, true, changes) as SplitMap<number>
        expectTrueSummary(map)
        for (const [key, value] of changes) {
          if (value === REMOVE) model.delete(key)
          else model.set(key, value)
        }
      }
      expect(countStored(map, true)).toBe(model.size)
      const seen = new Map<string, number>()
      forEachStored(map, true, (key, value) => seen.set(key, value))
      expect(seen).toEqual(model)
      for (const key of ['0', '2999', '3300', '5000', '6099', '6100']) {
        expect(getStored(map, true, key)).toBe(model.get(key))
      }
      // Each bucket is in its one form: storing its entries again changes nothing.
      for (const page of map.slice(1) as Array<Array<unknown[] | null>>) {
        for (const bucket of page) if (bucket) expect(encodeBucket(pairsIn(bucket))).toEqual(bucket)
      }
    }),
    { numRuns: 60 },
  )
})

test('a bucket that is not well formed (edited by hand, damaged) is read to its end, never forever', () => {
  // A count that is not a positive integer, or longer than the bucket, is read as what is left.
  const damaged: unknown[][] = [
    [-1, -2, 'a'],
    [-1, 0, 'a'],
    [-1, 'x', 'a'],
    [-1, 99, 'a'],
    [-1, 1.5, 'a'],
    [-1, -2],
  ]
  for (const bucket of damaged) {
    const entries = entriesOf(bucket)
    expect(entries).toEqual(bucket.length === 3 ? [[1, 'a']] : [])
    expect(valuePositionIn(bucket, 1)).toBe(bucket.length === 3 ? 2 : -1)
    expect(valuePositionIn(bucket, 'a')).toBe(-1)
    const values: unknown[] = []
    forEachValueIn(bucket, (value) => values.push(value))
    expect(values).toEqual(entries.map(([, value]) => value))
    expect(pairsIn(bucket)).toEqual(pairsFrom(entries))
  }
})
