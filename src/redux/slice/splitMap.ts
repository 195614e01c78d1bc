/**
 * The split form of a stored map (storedMap.ts), for maps past 1,024 entries: built for size,
 * named in the state's `layout`.
 *
 * `[summary, page 1, …, page P]`. The summary says how many keys the map holds, in how many
 * buckets (a power of two, at least 64) and, when runs make them fewer than the keys, how many
 * entries the buckets hold (`{ size, buckets, entries? }`). Buckets come in pages of
 * {@link PAGE_SIZE}: bucket number `n` (0 to buckets − 1) is slot `n % 64` of page
 * `1 + ⌊n / 64⌋`. A bucket is a flat list of entries, or `null` when empty: pairs
 * `key, value`, and runs `-first, count, value, …` of consecutive integer keys (bucketEntries.ts
 * describes the entries and their order). A key that is a canonical integer below 10⁹ (`"42"`)
 * is stored as that number. A string key goes to bucket `fnv1a(key) & (buckets − 1)`; an
 * integer key by its block of {@link BLOCK_SIZE} (`⌊key / 64⌋`, mixed), so neighbouring ids
 * share a bucket and are stored as one run.
 *
 * Sizes: a map is built with at most {@link BUCKET_MEAN} entries and {@link SLOT_MEAN} slots a
 * bucket on average (a run is one entry, so a scan steps over it at once, but its values are
 * slots a write copies); a write that leaves the map past {@link BUCKET_MAX} entries or
 * {@link SLOT_MAX} slots a bucket on average is followed by a rebuild with buckets for its new
 * size. A map of string or scattered keys is sized by its entries (two slots each), one of ids
 * handed out in sequence by its slots (about one a key), so it has about a quarter as many
 * buckets.
 *
 * Why this shape: V8 keeps an object keyed by many ids as a hash dictionary (about 50 bytes an
 * entry on a 64-bit Node, slow to copy); an array of pairs costs two slots an entry, and a run of
 * dense ids one slot an entry, and copies as a block. An immutable write copies the summary's
 * array (one slot a page), one page (64 slots) and the touched bucket (a few dozen slots, or one
 * to a few blocks of 64 ids). Pages keep the top array short, so RTK's development checks, which look at
 * each member of the top array on every dispatch, look at one member per 1,024 entries or so
 * (freezeWritten.ts). Writing: splitWrite.ts.
 */
import { fnv1a } from '../../internal/hash'
import { integerEntryOf, runLength, valuePositionIn } from './bucketEntries'
import type { StoredKey } from './bucketEntries'

/** The summary of a split map (its first member). */
export interface SplitSummary {
  /** How many keys the map holds. */
  readonly size: number
  /** How many buckets the map has (a power of two), in pages of {@link PAGE_SIZE}. */
  readonly buckets: number
  /**
   * How many entries its buckets hold, a run of consecutive integer keys counting as one
   * (bucketEntries.ts). Absent when it equals `size` (every entry a pair). Format 5 had no such
   * member: a format-5 state gets it counted when it is upgraded (upgrade.ts).
   */
  readonly entries?: number
  /**
   * Entity meta maps only: the meta of every record of the table that has no entry here
   * (sharedMeta.ts). Absent when every record has its own entry.
   */
  readonly shared?: unknown
}

export type { StoredKey }

/** One bucket of a split map: pairs and runs, flat (bucketEntries.ts). */
export type Bucket<T> = ReadonlyArray<StoredKey | T>

/** One page of buckets. */
export type Page<T> = ReadonlyArray<Bucket<T> | null>

/** A split map: the summary, then the pages of buckets. */
export type SplitMap<T> = readonly [SplitSummary, ...Array<Page<T>>]

/** A value to remove the key (in a list of changes). */
export const REMOVE: unique symbol = Symbol('remove')

/** A change of one key: a new value, or removal. */
export type Change<T> = readonly [key: string, value: T | typeof REMOVE]

/** Changes as two parallel lists (`values[i]` is the change of `keys[i]`): no pair per change. */
export interface Changes<T> {
  readonly keys: readonly string[]
  readonly values: ReadonlyArray<T | typeof REMOVE>
}

/** Changes given as pairs, as two lists. */
export function changesOf<T>(pairs: Iterable<Change<T>>): Changes<T> {
  const keys: string[] = []
  const values: Array<T | typeof REMOVE> = []
  for (const [key, value] of pairs) {
    keys.push(key)
    values.push(value)
  }
  return { keys, values }
}

/** The index of a split map's summary. */
export const SUMMARY = 0
/** Buckets a page. */
export const PAGE_SIZE = 64
/** log2 of {@link PAGE_SIZE}: bucket `n` is in page `1 + (n >>> PAGE_SHIFT)`. */
export const PAGE_SHIFT = 6
/** The most entries a split map keeps per bucket on average when it is (re)built. */
export const BUCKET_MEAN = 16
/** A write that leaves a map past this many entries a bucket is followed by a rebuild. */
export const BUCKET_MAX = 32
/** The most slots a split map keeps per bucket on average when it is (re)built. */
export const SLOT_MEAN = 64
/** A write that leaves a map past this many slots a bucket is followed by a rebuild. */
export const SLOT_MAX = 128
/** log2 of {@link BLOCK_SIZE}. */
const BLOCK_SHIFT = 6
/** Integer keys `64b` to `64b + 63` (block `b`) go to one bucket. */
export const BLOCK_SIZE = 1 << BLOCK_SHIFT
/** The fewest buckets of a split map (one page). */
const MIN_BUCKETS = PAGE_SIZE

/** The number a canonical integer key below 10⁹ is stored as, else the key itself. */
export function storedKeyOf(key: string): StoredKey {
  const length = key.length
  if (length === 0 || length > 9) return key
  const first = key.charCodeAt(0)
  if (first < 48 || first > 57 || (first === 48 && length > 1)) return key
  let value = first - 48
  for (let i = 1; i < length; i++) {
    const code = key.charCodeAt(i)
    if (code < 48 || code > 57) return key
    value = value * 10 + code - 48
  }
  return value
}

/**
 * {@link storedKeyOf} for a pk that may be a number (as `pk()` returned it, kept in lists): a
 * number names the same entry as its decimal string.
 */
export function storedKeyOfId(id: string | number): StoredKey {
  if (typeof id === 'string') return storedKeyOf(id)
  return Number.isInteger(id) && id >= 0 && id < 1e9 ? id || 0 : storedKeyOf(String(id))
}

/** The key a stored key stands for. */
export function keyOfStored(stored: StoredKey): string {
  return typeof stored === 'number' ? String(stored) : stored
}

/**
 * The bucket number (0 to `buckets` − 1) of a stored key: FNV-1a of a string, an integer mixer
 * of an integer key's block (so that a block's keys share a bucket).
 */
export function bucketNumberOf(stored: StoredKey, buckets: number): number {
  let hash: number
  if (typeof stored === 'string') {
    hash = fnv1a(stored)
  } else {
    const block = stored >>> BLOCK_SHIFT
    hash = Math.imul(block ^ (block >>> 16), 0x45d9f3b)
    hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b)
    hash ^= hash >>> 16
  }
  return hash & (buckets - 1)
}

/**
 * An upper bound of the slots a map of `size` keys in `entries` entries takes: a pair is two
 * slots, a run two and one a key.
 */
function slotsAtMost(size: number, entries: number): number {
  return size + 2 * entries
}

/**
 * How many buckets a split map of `size` keys in `entries` entries (pairs and runs, at most
 * `size`) is built with: enough for {@link BUCKET_MEAN} entries and {@link SLOT_MEAN} slots a
 * bucket on average.
 */
export function bucketCountFor(size: number, entries = size): number {
  const slots = slotsAtMost(size, entries)
  let buckets = MIN_BUCKETS
  while (buckets * BUCKET_MEAN < entries || buckets * SLOT_MEAN < slots) buckets *= 2
  return buckets
}

/**
 * True when a map of `buckets` buckets holding `size` keys in `entries` entries is past
 * {@link BUCKET_MAX} entries or {@link SLOT_MAX} slots a bucket on average: to be rebuilt.
 */
export function isOverfull(size: number, entries: number, buckets: number): boolean {
  return entries > buckets * BUCKET_MAX || slotsAtMost(size, entries) > buckets * SLOT_MAX
}

/**
 * The entries a split map's summary counts: `size` when it does not say, or says something no
 * map holds (a state edited by hand or damaged: not an integer from 0 to `size`).
 */
export function entryCountOf(summary: SplitSummary): number {
  const { entries, size } = summary
  return typeof entries === 'number' && Number.isInteger(entries) && entries >= 0 && entries <= size
    ? entries
    : size
}

/** A summary of `size` keys in `buckets` buckets holding `entries` entries. */
export function summaryOf(size: number, buckets: number, entries: number): SplitSummary {
  return entries === size ? { size, buckets } : { size, buckets, entries }
}

/**
 * The position of `stored` among the first `end` slots of a list of pairs (a bucket's entries
 * being written, bucketEntries.ts; its key slot), or -1.
 */
export function positionIn(
  bucket: ReadonlyArray<unknown>,
  stored: StoredKey,
  end = bucket.length,
): number {
  for (let i = 0; i < end; i += 2) if (bucket[i] === stored) return i
  return -1
}

/** The bucket `stored` belongs in, or `undefined` when it is empty. */
function bucketOf<T>(map: SplitMap<T>, stored: StoredKey): Bucket<T> | undefined {
  const summary = map[SUMMARY]
  return summary === undefined ? undefined : bucketIn(map, summary.buckets, stored)
}

/** The bucket `stored` belongs in, in a map of `buckets` buckets, or `undefined` when empty. */
function bucketIn<T>(map: SplitMap<T>, buckets: number, stored: StoredKey): Bucket<T> | undefined {
  const number = bucketNumberOf(stored, buckets)
  const page = map[1 + (number >>> PAGE_SHIFT)] as Page<T> | undefined
  return page?.[number & (PAGE_SIZE - 1)] ?? undefined
}

/** The value under `stored` in a map of `buckets` buckets (one scan of its bucket). */
function valueIn<T>(map: SplitMap<T>, buckets: number, stored: StoredKey): T | undefined {
  const bucket = bucketIn(map, buckets, stored)
  if (bucket === undefined) return undefined
  const at = valuePositionIn(bucket, stored)
  return at < 0 ? undefined : (bucket[at] as T)
}

/** The value stored under `key`, or `undefined`. */
export function getInSplit<T>(map: SplitMap<T>, key: string): T | undefined {
  const summary = map[SUMMARY]
  return summary === undefined ? undefined : valueIn(map, summary.buckets, storedKeyOf(key))
}

/**
 * A function reading one split map by key (what the engine's table readers take): the lookup of
 * {@link getInSplit} with the summary read once, for the thousands of reads one denormalize makes.
 */
export function splitReader<T>(map: SplitMap<T>): (key: string | number) => T | undefined {
  const summary = map[SUMMARY]
  if (summary === undefined) return () => undefined
  const buckets = summary.buckets
  // The run the last integer key was found in: a list's items, read in order, mostly have ids
  // handed out in sequence, and the next one is then in the same run (a block of 64 ids), found
  // without hashing its block or scanning its bucket.
  let run: Bucket<T> = []
  let runFirst = 0
  let runCount = 0
  let runValues = 0
  return (key) => {
    const stored = storedKeyOfId(key)
    if (typeof stored !== 'number') return valueIn(map, buckets, stored)
    const offset = stored - runFirst
    if (offset >= 0 && offset < runCount) return run[runValues + offset] as T
    const bucket = bucketIn(map, buckets, stored)
    if (bucket === undefined) return undefined
    const at = integerEntryOf(bucket, stored)
    if (at < 0) return undefined
    const head = bucket[at] as number
    if (head >= 0) return bucket[at + 1] as T
    run = bucket
    runFirst = -head
    runCount = runLength(bucket, at)
    runValues = at + 2
    return bucket[runValues + stored - runFirst] as T
  }
}

/** True when `key` is stored. */
export function hasInSplit(map: SplitMap<unknown>, key: string): boolean {
  const stored = storedKeyOf(key)
  const bucket = bucketOf(map, stored)
  return bucket !== undefined && valuePositionIn(bucket, stored) >= 0
}

/**
 * Calls `fn` with every bucket of `map` that `previous` does not hold at the same place (a page
 * both hold is skipped whole), then `pageDone` with each page that was looked into. For work done
 * once per bucket object: what `previous` holds was done when it was written.
 */
export function forEachNewBucket<T>(
  map: SplitMap<T>,
  previous: SplitMap<T> | undefined,
  fn: (bucket: Bucket<T>) => void,
  pageDone?: (page: Page<T>) => void,
): void {
  for (let p = 1; p < map.length; p++) {
    const page = map[p] as Page<T>
    const pageBefore = previous?.[p] as Page<T> | undefined
    if (page === pageBefore) continue
    for (let slot = 0; slot < page.length; slot++) {
      const bucket = page[slot]
      if (bucket && bucket !== pageBefore?.[slot]) fn(bucket)
    }
    pageDone?.(page)
  }
}

/** Calls `fn` with every bucket that is not empty, and its number. */
export function forEachBucket<T>(
  map: SplitMap<T>,
  fn: (bucket: Bucket<T>, number: number) => void,
): void {
  for (let p = 1; p < map.length; p++) {
    const page = map[p] as Page<T>
    for (let slot = 0; slot < page.length; slot++) {
      const bucket = page[slot]
      if (bucket) fn(bucket, ((p - 1) << PAGE_SHIFT) + slot)
    }
  }
}
