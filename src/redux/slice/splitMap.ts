/**
 * The split form of a stored map (storedMap.ts), for maps past 1,024 entries: built for size,
 * named in the state's `layout`.
 *
 * `[summary, page 1, …, page P]`. The summary says how many entries the map holds and in how
 * many buckets (`{ size, buckets }`, a power of two, at least 64). Buckets come in pages of
 * {@link PAGE_SIZE}: bucket number `n` (0 to buckets − 1) is slot `n % 64` of page
 * `1 + ⌊n / 64⌋`. A bucket is a flat list of key/value pairs `[key, value, key, value, …]`, or
 * `null` when empty; a key goes to bucket `hash(key) & (buckets − 1)`. A key that is a canonical
 * integer below 10⁹ (`"42"`) is stored as that number.
 *
 * Sizes: about {@link BUCKET_MEAN} entries a bucket when built; a write that would take the map
 * past {@link BUCKET_MAX} a bucket rebuilds it first with enough buckets for what it adds.
 *
 * Why this shape: V8 keeps an object keyed by many ids as a hash dictionary (about 50 bytes an
 * entry on a 64-bit Node, slow to copy); an array of pairs costs two slots an entry and copies
 * as a block. An immutable write copies the summary's array (one slot a page), one page (64
 * slots) and the touched bucket (a few dozen slots). Pages keep the top array short, so RTK's
 * development checks, which look at each member of the top array on every dispatch, look at one
 * member per 1,024 entries or so (freezeWritten.ts).
 */
import { fnv1a } from '../../internal/hash'

/** The summary of a split map (its first member). */
export interface SplitSummary {
  /** How many entries the map holds. */
  readonly size: number
  /** How many buckets the map has (a power of two), in pages of {@link PAGE_SIZE}. */
  readonly buckets: number
}

/** A key as a split map stores it: a canonical integer id as a number, anything else as is. */
export type StoredKey = string | number

/** One bucket of a split map: key/value pairs, flat. */
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
const PAGE_SHIFT = 6
/** About how many entries a split map keeps per bucket when it is (re)built. */
export const BUCKET_MEAN = 16
/** A write that would pass this many entries a bucket rebuilds the map with more buckets. */
export const BUCKET_MAX = 32
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

/** The key a stored key stands for. */
export function keyOfStored(stored: StoredKey): string {
  return typeof stored === 'number' ? String(stored) : stored
}

/** The bucket number (0 to `buckets` − 1) of a stored key: an integer mixer or FNV-1a. */
export function bucketNumberOf(stored: StoredKey, buckets: number): number {
  let hash: number
  if (typeof stored === 'string') {
    hash = fnv1a(stored)
  } else {
    hash = Math.imul(stored ^ (stored >>> 16), 0x45d9f3b)
    hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b)
    hash ^= hash >>> 16
  }
  return hash & (buckets - 1)
}

/** How many buckets a split map of `size` entries is built with. */
export function bucketCountFor(size: number): number {
  let buckets = MIN_BUCKETS
  while (buckets * BUCKET_MEAN < size) buckets *= 2
  return buckets
}

/** The position of `stored` in `bucket` (its key slot), or -1. */
function positionIn(bucket: Bucket<unknown>, stored: StoredKey): number {
  for (let i = 0; i < bucket.length; i += 2) if (bucket[i] === stored) return i
  return -1
}

/** The bucket `stored` belongs in, or `undefined` when it is empty. */
function bucketOf<T>(map: SplitMap<T>, stored: StoredKey): Bucket<T> | undefined {
  const summary = map[SUMMARY]
  if (summary === undefined) return undefined
  const number = bucketNumberOf(stored, summary.buckets)
  const page = map[1 + (number >>> PAGE_SHIFT)] as Page<T> | undefined
  return page?.[number & (PAGE_SIZE - 1)] ?? undefined
}

/** The value stored under `key`, or `undefined`. */
export function getInSplit<T>(map: SplitMap<T>, key: string): T | undefined {
  const stored = storedKeyOf(key)
  const bucket = bucketOf(map, stored)
  if (bucket === undefined) return undefined
  const at = positionIn(bucket, stored)
  return at < 0 ? undefined : (bucket[at + 1] as T)
}

/**
 * A function reading one split map by key, for many reads of one snapshot: the summary and the
 * pages are looked up once, not on every read.
 */
export function splitReader<T>(map: SplitMap<T>): (key: string) => T | undefined {
  const mask = map[SUMMARY].buckets - 1
  return (key) => {
    const stored = storedKeyOf(key)
    const number = bucketNumberOf(stored, mask + 1)
    const bucket = (map[1 + (number >>> PAGE_SHIFT)] as Page<T>)[number & (PAGE_SIZE - 1)]
    if (!bucket) return undefined
    for (let i = 0; i < bucket.length; i += 2) {
      if (bucket[i] === stored) return bucket[i + 1] as T
    }
    return undefined
  }
}

/** True when `key` is stored. */
export function hasInSplit(map: SplitMap<unknown>, key: string): boolean {
  const stored = storedKeyOf(key)
  const bucket = bucketOf(map, stored)
  return bucket !== undefined && positionIn(bucket, stored) >= 0
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

/** Builds a split map from pairs of stored keys and values (`keys[i]` goes with `values[i]`). */
export function buildSplit<T>(
  keys: readonly StoredKey[],
  values: readonly T[],
  buckets = bucketCountFor(keys.length),
): SplitMap<T> {
  // Two passes, so that each bucket is allocated once at its exact length (no growth slack).
  const numbers = new Int32Array(keys.length)
  const counts = new Int32Array(buckets)
  for (let i = 0; i < keys.length; i++) {
    const number = bucketNumberOf(keys[i] as StoredKey, buckets)
    numbers[i] = number
    counts[number] = (counts[number] as number) + 1
  }
  const flat: Array<Array<StoredKey | T> | null> = new Array(buckets).fill(null)
  const filled = new Int32Array(buckets)
  for (let i = 0; i < keys.length; i++) {
    const number = numbers[i] as number
    let bucket = flat[number] as Array<StoredKey | T> | null
    if (bucket === null) flat[number] = bucket = new Array(2 * (counts[number] as number))
    const at = filled[number] as number
    bucket[at] = keys[i] as StoredKey
    bucket[at + 1] = values[i] as T
    filled[number] = at + 2
  }
  const map: unknown[] = [{ size: keys.length, buckets } satisfies SplitSummary]
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
    for (let i = 0; i < bucket.length; i += 2) {
      keys.push(bucket[i] as StoredKey)
      values.push(bucket[i + 1] as T)
    }
  })
  return { keys, values }
}

/** What one update copied so far: pages and buckets, each copied once. */
class SplitCopy<T> {
  readonly next: unknown[]
  private readonly pagesCopied: Uint8Array
  private readonly bucketsCopied: Uint8Array
  /** Buckets that grew by push (they have spare capacity, trimmed at the end). */
  private readonly grown: number[] = []
  private readonly grew: Uint8Array

  constructor(source: SplitMap<T>, buckets: number) {
    this.next = source.slice()
    this.pagesCopied = new Uint8Array(this.next.length)
    this.bucketsCopied = new Uint8Array(buckets)
    this.grew = new Uint8Array(buckets)
  }

  /** The page of bucket `number`, copied. */
  page(number: number): Array<Array<StoredKey | T> | null> {
    const p = 1 + (number >>> PAGE_SHIFT)
    let page = this.next[p] as Array<Array<StoredKey | T> | null>
    if (!this.pagesCopied[p]) {
      this.next[p] = page = page.slice()
      this.pagesCopied[p] = 1
    }
    return page
  }

  /** Bucket `number`, copied (a new one when empty). */
  bucket(number: number): Array<StoredKey | T> {
    const page = this.page(number)
    const slot = number & (PAGE_SIZE - 1)
    let bucket = page[slot]
    if (!bucket || !this.bucketsCopied[number]) {
      page[slot] = bucket = bucket ? bucket.slice() : []
      this.bucketsCopied[number] = 1
    }
    return bucket
  }

  /** Bucket `number` is empty now. */
  emptied(number: number): void {
    this.page(number)[number & (PAGE_SIZE - 1)] = null
    this.bucketsCopied[number] = 0
  }

  /** Bucket `number` grows by one pair. */
  growing(number: number): void {
    if (this.grew[number]) return
    this.grew[number] = 1
    this.grown.push(number)
  }

  /** The new map: its summary, and exact copies of the buckets that grew. */
  finish(summary: SplitSummary): SplitMap<T> {
    this.next[SUMMARY] = summary
    for (const number of this.grown) {
      const page = this.page(number)
      const slot = number & (PAGE_SIZE - 1)
      const bucket = page[slot]
      if (bucket) page[slot] = bucket.slice()
    }
    return this.next as unknown as SplitMap<T>
  }
}

/**
 * The map with `changes` applied, built anew with buckets for its new size (entries keep their
 * order); the same map when nothing changed. O(entries + changes), no per-entry allocation:
 * each bucket is allocated once, large enough for what may land in it.
 */
function rebuiltWith<T>(map: SplitMap<T>, changes: Changes<T>, adding: number): SplitMap<T> {
  const { keys: oldKeys, values: oldValues } = pairsOf(map)
  const keys = changes.keys.map(storedKeyOf)
  const buckets = bucketCountFor(oldKeys.length + adding)
  const total = oldKeys.length + keys.length
  const numbers = new Int32Array(total)
  const counts = new Int32Array(buckets)
  for (let i = 0; i < total; i++) {
    const key = (i < oldKeys.length ? oldKeys[i] : keys[i - oldKeys.length]) as StoredKey
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
  for (let i = 0; i < oldKeys.length; i++) {
    const number = numbers[i] as number
    const bucket = bucketFor(number)
    const at = filled[number] as number
    bucket[at] = oldKeys[i] as StoredKey
    bucket[at + 1] = oldValues[i] as T
    filled[number] = at + 2
  }
  let changed = false
  let size = oldKeys.length
  for (let c = 0; c < keys.length; c++) {
    const stored = keys[c] as StoredKey
    const value = changes.values[c] as T | typeof REMOVE
    const number = numbers[oldKeys.length + c] as number
    const bucket = bucketFor(number)
    const end = filled[number] as number
    let at = -1
    for (let i = 0; i < end; i += 2) {
      if (bucket[i] === stored) {
        at = i
        break
      }
    }
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
    }
  }
  if (!changed) return map
  const next: unknown[] = [{ size, buckets } satisfies SplitSummary]
  for (let number = 0; number < buckets; number++) {
    const bucket = flat[number]
    const length = filled[number] as number
    if (!bucket) continue
    // Shorter than allocated (keys written twice, removals): an exact copy.
    flat[number] = length === 0 ? null : length < bucket.length ? bucket.slice(0, length) : bucket
  }
  for (let start = 0; start < buckets; start += PAGE_SIZE) {
    next.push(flat.slice(start, start + PAGE_SIZE))
  }
  return next as unknown as SplitMap<T>
}

/**
 * A split map with `changes` applied immutably: the top array, each touched page and each
 * touched bucket copied once; buckets left empty are `null`. The same map when nothing changed
 * (setting the value already stored changes nothing).
 */
export function updateSplit<T>(map: SplitMap<T>, changes: Changes<T>): SplitMap<T> {
  const { keys, values } = changes
  let source = map
  let adding = 0
  for (let c = 0; c < values.length; c++) if (values[c] !== REMOVE) adding++
  // A write larger than the map: built anew, each bucket allocated once at its length.
  if (adding > PAGE_SIZE && adding > source[SUMMARY].size)
    return rebuiltWith(source, changes, adding)
  if (source[SUMMARY].size + adding > source[SUMMARY].buckets * BUCKET_MAX) {
    // A large write: more buckets first, so that no bucket grows long while it is written.
    const pairs = pairsOf(source)
    source = buildSplit(pairs.keys, pairs.values, bucketCountFor(source[SUMMARY].size + adding))
  }
  const { buckets } = source[SUMMARY]
  let size = source[SUMMARY].size
  let copy: SplitCopy<T> | undefined
  for (let c = 0; c < keys.length; c++) {
    const key = keys[c] as string
    const value = values[c] as T | typeof REMOVE
    const stored = storedKeyOf(key)
    const number = bucketNumberOf(stored, buckets)
    const pages = (copy?.next ?? source) as SplitMap<T>
    const current = (pages[1 + (number >>> PAGE_SHIFT)] as Page<T>)[number & (PAGE_SIZE - 1)]
    const at = current ? positionIn(current, stored) : -1
    if (value === REMOVE ? at < 0 : at >= 0 && current?.[at + 1] === value) continue
    copy ??= new SplitCopy(source, buckets)
    const bucket = copy.bucket(number)
    if (value === REMOVE) {
      bucket.splice(at, 2)
      size -= 1
      if (bucket.length === 0) copy.emptied(number)
    } else if (at >= 0) {
      bucket[at + 1] = value
    } else {
      copy.growing(number)
      bucket.push(stored, value)
      size += 1
    }
  }
  return copy ? copy.finish({ size, buckets }) : map
}
