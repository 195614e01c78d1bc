import fc from 'fast-check'
import {
  countStored,
  forEachStored,
  getStored,
  hasStored,
  REMOVE,
  storedKeyOf,
  toBuckets,
  toPlain,
  updateStored,
} from '../../../src/redux/slice/storedMap'
import { splitReader, storedKeyOfId } from '../../../src/redux/slice/splitMap'
import { forEachEntryIn } from '../../../src/redux/slice/bucketEntries'
import type { Change, Page, SplitMap, StoredMap } from '../../../src/redux/slice/storedMap'
import { expectTrueSummary } from '../../fixtures/splitSummary'

/** Keys that look alike but are different keys, and keys that are dangerous as members. */
const trickyKeys = ['0', '00', '007', '7', '-1', '1e3', '999999999', '1000000000', '__proto__']
const keyArb = fc.oneof(
  fc.constantFrom(...trickyKeys, 'constructor', 'toString', 'hasOwnProperty', ''),
  fc.integer({ min: 0, max: 3000 }).map(String),
  fc.string({ maxLength: 6 }),
)
const changeArb: fc.Arbitrary<Change<number>> = fc.tuple(
  keyArb,
  fc.oneof(fc.integer(), fc.constant(REMOVE)),
)

function entries<T>(map: StoredMap<T>, split: boolean): Map<string, T> {
  const seen = new Map<string, T>()
  forEachStored(map, split, (key, value) => {
    expect(seen.has(key)).toBe(false)
    seen.set(key, value)
  })
  return seen
}

test('a canonical integer below 10^9 is stored as a number; every other key as it is', () => {
  expect(storedKeyOf('0')).toBe(0)
  expect(storedKeyOf('42')).toBe(42)
  expect(storedKeyOf('999999999')).toBe(999_999_999)
  for (const key of ['00', '007', '-1', '1e3', '1.5', ' 1', '1000000000', '', 'x1']) {
    expect(storedKeyOf(key)).toBe(key)
  }
})

test('a number names the entry of its decimal string', () => {
  expect(storedKeyOfId(42)).toBe(42)
  expect(Object.is(storedKeyOfId(-0), 0)).toBe(true)
  expect(storedKeyOfId(-1)).toBe('-1')
  expect(storedKeyOfId(1.5)).toBe('1.5')
  expect(storedKeyOfId(1e9)).toBe('1000000000')
  expect(storedKeyOfId(1e21)).toBe('1e+21')
  expect(storedKeyOfId('007')).toBe('007')
})

test('a split map reads, counts and lists exactly what a Map would, written immutably', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(changeArb, { maxLength: 400 }), { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      (writes, startSplit) => {
        const reference = new Map<string, number>()
        let map: StoredMap<number> = startSplit ? toBuckets({}) : {}
        const split = startSplit
        for (const changes of writes) {
          const before = map
          const frozenCopy = JSON.stringify(before)
          map = updateStored(map, split, changes)
          // The previous map is untouched (immutable writes).
          expect(JSON.stringify(before)).toBe(frozenCopy)
          for (const [key, value] of changes) {
            if (value === REMOVE) reference.delete(key)
            else reference.set(key, value)
          }
          expect(countStored(map, split)).toBe(reference.size)
          expect(entries(map, split)).toEqual(reference)
          if (split) expectTrueSummary(map as SplitMap<number>)
          // The engine's table reader agrees with getStored on every key, held or not.
          const read = split ? splitReader(map as SplitMap<number>) : undefined
          for (const key of [
            ...trickyKeys,
            'constructor',
            'toString',
            'missing',
            ...reference.keys(),
          ]) {
            expect(getStored(map, split, key)).toBe(reference.get(key))
            expect(hasStored(map, split, key)).toBe(reference.has(key))
            if (read) expect(read(key)).toBe(reference.get(key))
            // A number (a pk as pk() returned it) reads what its decimal string names.
            const asNumber = Number(key)
            if (read && key !== '' && !Number.isNaN(asNumber)) {
              expect(read(asNumber)).toBe(reference.get(String(asNumber)))
            }
          }
          if (read)
            for (const n of [-0, -1, 1.5, 1e9, 2 ** 53]) {
              expect(read(n)).toBe(reference.get(String(n)))
            }
          // Plain JSON: survives a round trip unchanged.
          expect(JSON.parse(JSON.stringify(map))).toEqual(map)
        }
        if (split) expect(entries(toPlain(map), false)).toEqual(reference)
      },
    ),
    { numRuns: 60 },
  )
})

test('one reader asked for ids in any order reads what getStored reads, runs and gaps alike', () => {
  // Ids in stretches (runs of a block) with gaps, some pairs, read through one reader: each
  // answer from the run the previous id was found in must be that id's own.
  const idsArb = fc.uniqueArray(fc.integer({ min: 0, max: 4000 }), { minLength: 1, maxLength: 600 })
  fc.assert(
    fc.property(
      idsArb,
      fc.integer({ min: 1, max: 40 }),
      fc.array(fc.integer({ min: -2, max: 4100 }), { maxLength: 300 }),
      (starts, width, asked) => {
        const plain: Record<string, number> = {}
        for (const start of starts)
          for (let id = start; id < start + width; id++) plain[String(id)] = id * 2
        plain.name = -1
        const map = toBuckets(plain) as SplitMap<number>
        const read = splitReader(map)
        const order = [
          ...asked,
          ...starts.flatMap((start) => [start - 1, start, start + width - 1, start + width]),
        ]
        for (const id of order) {
          expect(read(id)).toBe(getStored(map, true, String(id)))
          expect(read(String(id))).toBe(getStored(map, true, String(id)))
        }
        expect(read('name')).toBe(-1)
      },
    ),
    { numRuns: 80 },
  )
})

test('a write copies the top array, one page and one bucket; no change keeps the same map', () => {
  const plain: Record<string, { id: number }> = {}
  for (let id = 1; id <= 5000; id++) plain[String(id)] = { id }
  const split = toBuckets(plain) as SplitMap<{ id: number }>
  // Ids in sequence: about one slot an id, sized for 64 slots a bucket on average.
  expect(split[0]).toMatchObject({ size: 5000, buckets: 128 })
  expectTrueSummary(split)
  expect(split).toHaveLength(1 + 128 / 64) // the summary, then pages of 64 buckets
  const next = updateStored(split, true, [['77', { id: 77 }]]) as SplitMap<{ id: number }>
  const changedPages = next.flatMap((page, i) => (page !== split[i] ? [i] : []))
  expect(changedPages).toHaveLength(2) // the summary and the page of 77
  const p = changedPages[1] as number
  const before = split[p] as Page<{ id: number }>
  const after = next[p] as Page<{ id: number }>
  expect(after.filter((bucket, i) => bucket !== before[i])).toHaveLength(1)
  expect(updateStored(split, true, [['77', plain['77'] as { id: number }]])).toBe(split)
  expect(updateStored(split, true, [['missing', REMOVE]])).toBe(split)
})

test('a split map past 32 entries a bucket is rebuilt with more buckets', () => {
  const plain: Record<string, number> = {}
  for (let id = 0; id < 1100; id++) plain[`user-${id}`] = id
  let map = toBuckets(plain) as SplitMap<number>
  expect(map[0]).toEqual({ size: 1100, buckets: 128 })
  const more: Array<Change<number>> = []
  for (let id = 1100; id < 5000; id++) more.push([`user-${id}`, id])
  map = updateStored(map, true, more) as SplitMap<number>
  expect(map[0]).toEqual({ size: 5000, buckets: 512 })
  expect(map).toHaveLength(9)
  expect(getStored(map, true, 'user-4999')).toBe(4999)
})

test('a split map of ids in sequence past 128 slots a bucket is rebuilt; emptied buckets are null', () => {
  const plain: Record<string, number> = {}
  for (let id = 0; id < 1100; id++) plain[String(id)] = id
  let map = toBuckets(plain) as SplitMap<number>
  expect(map[0]).toEqual({ size: 1100, buckets: 64, entries: 18 })
  const more: Array<Change<number>> = []
  for (let id = 1100; id < 10_000; id++) more.push([String(id), id])
  map = updateStored(map, true, more) as SplitMap<number>
  expect(map[0]).toMatchObject({ size: 10_000, buckets: 256 })
  expectTrueSummary(map)
  expect(map).toHaveLength(5)
  expect(getStored(map, true, '9999')).toBe(9999)
  // Remove everything in one bucket: it becomes null, not a hole (JSON has no holes).
  const page = map[1] as Page<number>
  const slot = page.findIndex((bucket) => bucket !== null)
  const bucket = page[slot] as ReadonlyArray<number>
  const removals: Array<Change<number>> = []
  forEachEntryIn(bucket, (stored) => removals.push([String(stored), REMOVE]))
  expect(removals.length).toBeGreaterThanOrEqual(64) // a block of 64 neighbouring ids at least
  const emptied = updateStored(map, true, removals) as SplitMap<number>
  expect((emptied[1] as Page<number>)[slot]).toBeNull()
  expect(countStored(emptied, true)).toBe(10_000 - removals.length)
  expectTrueSummary(emptied as SplitMap<number>)
  expect(JSON.parse(JSON.stringify(emptied))).toEqual(emptied)
})
