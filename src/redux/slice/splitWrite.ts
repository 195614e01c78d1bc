/**
 * Writing split maps (splitMap.ts describes the shape): building one from pairs, and applying
 * changes immutably, copying the top array, each touched page and each touched bucket once, or
 * building the map anew when a write is larger than it, or leaves it past its sizes. A bucket is
 * written as a list of pairs and stored in its fixed form (runs for consecutive integer keys)
 * once, when the write ends (bucketEntries.ts), its entries counted into the summary.
 */
import { keepHiddenClassOf } from '../../internal/hiddenClass'
import { encodeBucket, entriesIn, forEachEntryIn, pairsIn, valuePositionIn } from './bucketEntries'
import type { Changes, Page, SplitMap, StoredKey } from './splitMap'
import {
  bucketCountFor,
  bucketNumberOf,
  entryCountOf,
  forEachBucket,
  isOverfull,
  PAGE_SHIFT,
  PAGE_SIZE,
  positionIn,
  REMOVE,
  storedKeyOf,
  SUMMARY,
  summaryOf,
} from './splitMap'
import { countAtMost } from './entryCount'

/**
 * Builds a split map from pairs of stored keys and values (`keys[i]` goes with `values[i]`), with
 * as many buckets as its keys and entries need (or `buckets`).
 */
export function buildSplit<T>(
  keys: readonly StoredKey[],
  values: readonly T[],
  buckets?: number,
): SplitMap<T> {
  return builtAtSize(keys, values, [], [], buckets) as SplitMap<T>
}

/**
 * {@link buildWith} with as many buckets as the result needs, its keys and entries counted
 * first (entryCount.ts; never low, so the map is not overfull when built).
 */
function builtAtSize<T>(
  keys: readonly StoredKey[],
  values: readonly T[],
  changeKeys: readonly StoredKey[],
  changeValues: ReadonlyArray<T | typeof REMOVE>,
  buckets?: number,
): SplitMap<T> | undefined {
  if (buckets === undefined) {
    const count = countAtMost(keys, changeKeys, changeValues)
    buckets = bucketCountFor(count.keys, count.entries)
  }
  return buildWith(keys, values, buckets, changeKeys, changeValues)
}

/**
 * A split map of `buckets` buckets holding the pairs `keys`/`values` (distinct keys) with the
 * changes `changeKeys`/`changeValues` applied in order, or `undefined` when the changes change
 * nothing. O(pairs + changes): counted first, so that each bucket's pairs are allocated once,
 * large enough for what may land in them; each bucket is then stored in its fixed form.
 */
function buildWith<T>(
  keys: readonly StoredKey[],
  values: readonly T[],
  buckets: number,
  changeKeys: readonly StoredKey[],
  changeValues: ReadonlyArray<T | typeof REMOVE>,
): SplitMap<T> | undefined {
  const total = keys.length + changeKeys.length
  const numbers = new Int32Array(total)
  const counts = new Int32Array(buckets)
  for (let i = 0; i < total; i++) {
    const key = (i < keys.length ? keys[i] : changeKeys[i - keys.length]) as StoredKey
    const number = bucketNumberOf(key, buckets)
    numbers[i] = number
    counts[number] = (counts[number] as number) + 1
  }
  const flat: Array<Array<StoredKey | T> | null> = new Array(buckets).fill(null)
  const filled = new Int32Array(buckets)
  const bucketFor = (number: number) => {
    let bucket = flat[number]
    if (!bucket) flat[number] = bucket = new Array(2 * (counts[number] as number))
    return bucket
  }
  // The largest integer key in each bucket so far (-1: none): a larger one is new without a scan
  // (ids written in ascending order, as a first large response holds them).
  const topInteger = new Int32Array(buckets).fill(-1)
  for (let i = 0; i < keys.length; i++) {
    const number = numbers[i] as number
    const bucket = bucketFor(number)
    const at = filled[number] as number
    const key = keys[i] as StoredKey
    bucket[at] = key
    bucket[at + 1] = values[i] as T
    filled[number] = at + 2
    if (typeof key === 'number' && key > (topInteger[number] as number)) topInteger[number] = key
  }
  let changed = changeKeys.length === 0
  let size = keys.length
  for (let c = 0; c < changeKeys.length; c++) {
    const stored = changeKeys[c] as StoredKey
    const value = changeValues[c] as T | typeof REMOVE
    const number = numbers[keys.length + c] as number
    const bucket = bucketFor(number)
    const end = filled[number] as number
    const above = typeof stored === 'number' && stored > (topInteger[number] as number)
    const at = above ? -1 : positionIn(bucket, stored, end)
    if (value === REMOVE) {
      if (at < 0) continue
      bucket.copyWithin(at, at + 2, end)
      filled[number] = end - 2
      size -= 1
      changed = true
    } else if (at >= 0) {
      if (bucket[at + 1] !== value) changed = true
      bucket[at + 1] = value
    } else {
      bucket[end] = stored
      bucket[end + 1] = value
      filled[number] = end + 2
      size += 1
      changed = true
      if (above) topInteger[number] = stored as number
    }
  }
  if (!changed) return undefined
  let entries = 0
  for (let number = 0; number < buckets; number++) {
    const bucket = flat[number]
    const length = filled[number] as number
    if (!bucket) continue
    // Stored in its fixed form, at its exact length (runs for consecutive integer keys).
    const stored = encodeBucket(bucket, length) as Array<StoredKey | T> | null
    flat[number] = stored
    entries += entriesIn(stored)
  }
  const map: unknown[] = [summaryOf(size, buckets, entries)]
  for (let start = 0; start < buckets; start += PAGE_SIZE) {
    map.push(flat.slice(start, start + PAGE_SIZE))
  }
  return map as unknown as SplitMap<T>
}

/** The pairs of a split map, as two lists. */
function pairsOf<T>(map: SplitMap<T>): { keys: StoredKey[]; values: T[] } {
  const keys: StoredKey[] = []
  const values: T[] = []
  forEachBucket(map, (bucket) => {
    forEachEntryIn<T>(bucket, (stored, value) => {
      keys.push(stored)
      values.push(value)
    })
  })
  return { keys, values }
}

/**
 * @internal What one update copied so far: pages, each copied once, and the buckets written,
 * each as a list of pairs until {@link SplitCopy.finish} stores them.
 */
export class SplitCopy<T> {
  readonly next: unknown[]
  private readonly pagesCopied: Uint8Array
  private readonly written: Uint8Array
  /** The numbers of the buckets written, in the order first written. */
  private readonly writtenList: number[] = []
  /** The entries the buckets written held before the write. */
  private entriesDropped = 0

  constructor(source: SplitMap<T>, buckets: number) {
    this.next = source.slice()
    this.pagesCopied = new Uint8Array(this.next.length)
    this.written = new Uint8Array(buckets)
  }

  /** The page of bucket `number`, copied. */
  page(number: number): Array<unknown[] | null> {
    const p = 1 + (number >>> PAGE_SHIFT)
    let page = this.next[p] as Array<unknown[] | null>
    if (!this.pagesCopied[p]) {
      this.next[p] = page = page.slice()
      this.pagesCopied[p] = 1
    }
    return page
  }

  /** True when bucket `number` is being written (its slot holds pairs). */
  isWritten(number: number): boolean {
    return this.written[number] === 1
  }

  /** Bucket `number`'s entries as pairs, to be written to (empty when it was empty). */
  pairs(number: number): unknown[] {
    const page = this.page(number)
    const slot = number & (PAGE_SIZE - 1)
    if (this.written[number]) return page[slot] as unknown[]
    const bucket = page[slot]
    const pairs = bucket ? pairsIn(bucket) : []
    this.entriesDropped += entriesIn(bucket)
    page[slot] = pairs
    this.written[number] = 1
    this.writtenList.push(number)
    return pairs
  }

  /**
   * The new map of `size` keys in `buckets` buckets, its buckets having held `entries` entries
   * before the write: each bucket written stored in its fixed form (or `null`), and its summary.
   */
  finish(size: number, buckets: number, entries: number): SplitMap<T> {
    let added = 0
    for (const number of this.writtenList) {
      const page = this.page(number)
      const slot = number & (PAGE_SIZE - 1)
      const stored = encodeBucket(page[slot] as unknown[])
      page[slot] = stored
      added += entriesIn(stored)
    }
    this.next[SUMMARY] = summaryOf(size, buckets, entries - this.entriesDropped + added)
    return this.next as unknown as SplitMap<T>
  }
}

/**
 * @internal A copy kept so that the hidden class of the copies a write makes outlives the write
 * (see `internal/hiddenClass.ts`): without it, each full GC threw away the optimized code of
 * `writtenInPlace`, `page`, `pairs` and `isWritten`.
 */
export const splitCopyShape = keepHiddenClassOf(
  new SplitCopy([] as unknown as SplitMap<unknown>, 0),
)

/** The map with `changes` applied, built anew with buckets for its new size; the same if unchanged. */
function rebuiltWith<T>(map: SplitMap<T>, changes: Changes<T>): SplitMap<T> {
  const { keys, values } = pairsOf(map)
  const changeKeys = changes.keys.map(storedKeyOf)
  return builtAtSize(keys, values, changeKeys, changes.values) ?? map
}

/**
 * A split map with `changes` applied immutably: the top array, each touched page and each
 * touched bucket copied once; buckets left empty are `null`. The same map when nothing changed
 * (setting the value already stored changes nothing). A write that sets more keys than the map
 * holds (and more than a page of them) builds it anew, each bucket allocated once at its final
 * length; a write that leaves the map past BUCKET_MAX entries or SLOT_MAX slots a bucket is
 * followed by a rebuild with buckets for its new size.
 */
export function updateSplit<T>(map: SplitMap<T>, changes: Changes<T>): SplitMap<T> {
  const { values } = changes
  const summary = map[SUMMARY]
  let adding = 0
  for (let c = 0; c < values.length; c++) if (values[c] !== REMOVE) adding++
  if (adding > PAGE_SIZE && adding > summary.size) return rebuiltWith(map, changes)
  const written = writtenInPlace(map, changes)
  if (written === map) return map
  const after = written[SUMMARY]
  if (!isOverfull(after.size, entryCountOf(after), after.buckets)) return written
  const pairs = pairsOf(written)
  return builtAtSize(pairs.keys, pairs.values, [], []) as SplitMap<T>
}

/** {@link updateSplit} without a rebuild: every change written into the map's buckets. */
function writtenInPlace<T>(map: SplitMap<T>, changes: Changes<T>): SplitMap<T> {
  const { keys, values } = changes
  const summary = map[SUMMARY]
  const { buckets } = summary
  const entries = entryCountOf(summary)
  let size = summary.size
  let copy: SplitCopy<T> | undefined
  for (let c = 0; c < keys.length; c++) {
    const key = keys[c] as string
    const value = values[c] as T | typeof REMOVE
    const stored = storedKeyOf(key)
    const number = bucketNumberOf(stored, buckets)
    if (!copy?.isWritten(number)) {
      // Not written yet: a change that changes nothing leaves the bucket as it is.
      const pages = (copy?.next ?? map) as SplitMap<T>
      const current = (pages[1 + (number >>> PAGE_SHIFT)] as Page<T>)[number & (PAGE_SIZE - 1)]
      const at = current ? valuePositionIn(current, stored) : -1
      if (value === REMOVE ? at < 0 : at >= 0 && current?.[at] === value) continue
    }
    copy ??= new SplitCopy(map, buckets)
    const pairs = copy.pairs(number)
    const at = positionIn(pairs, stored)
    if (value === REMOVE) {
      if (at < 0) continue
      pairs.splice(at, 2)
      size -= 1
    } else if (at >= 0) {
      pairs[at + 1] = value
    } else {
      pairs.push(stored, value)
      size += 1
    }
  }
  return copy ? copy.finish(size, buckets, entries) : map
}
