/**
 * How the slice stores a map (an entity table, its meta, the results or the request meta).
 *
 * - **Plain**, `{ [key]: value }`, up to {@link PLAIN_LIMIT} entries, so DevTools shows records
 *   where a person looks for them.
 * - **Split**, beyond: an array `[summary, bucket 1, …, bucket N]`. The summary says how many
 *   entries the map holds and in how many buckets (`{ size, buckets }`); each bucket is a flat
 *   list of key/value pairs `[key, value, key, value, …]` (`null` when empty) holding the keys
 *   that hash to it. A key that is a canonical integer below 10⁹ (`"42"`) is stored as that
 *   number. There are about {@link BUCKET_MEAN} entries per bucket: when a map passes
 *   {@link BUCKET_MAX} per bucket it is rebuilt with twice as many or more.
 *
 * Why arrays: V8 keeps an object keyed by many ids as a hash dictionary (about 50 bytes an
 * entry, and slow to copy), where an array of pairs costs two slots (16 bytes on a 64-bit Node)
 * an entry and copies as a block; an immutable write copies the bucket index and each touched
 * bucket (a few dozen slots), never the whole map. Which maps are split is written in the state's `layout` (layout.ts); these
 * functions take that flag. Deterministic: the layout depends only on the keys written, in
 * order, so replaying the actions rebuilds it exactly.
 */
import { fnv1a } from '../../internal/hash'
import { deleteOwn, getOwn, hasOwn, setOwn } from '../../internal/ownKeys'

/** The summary of a split map (its first member). */
export interface SplitSummary {
  /** How many entries the map holds. */
  readonly size: number
  /** How many buckets follow the summary (a power of two). */
  readonly buckets: number
}

/** A key as a split map stores it: a canonical integer id as a number, anything else as is. */
export type StoredKey = string | number

/** One bucket of a split map: key/value pairs, flat. */
export type Bucket<T> = ReadonlyArray<StoredKey | T>

/** A split map: the summary, then the buckets. */
export type SplitMap<T> = readonly [SplitSummary, ...Array<Bucket<T> | null>]

/** A map stored plain or split (see the module comment). */
export type StoredMap<T> = Readonly<Record<string, T>> | SplitMap<T>

/** A plain map with more entries than this is split. */
export const PLAIN_LIMIT = 1024
/** A split map with this many entries or fewer goes back to plain (checked when maps shrink). */
export const SHRINK_LIMIT = 256
/** The index of a split map's summary. */
export const SUMMARY = 0
/** About how many entries a split map keeps per bucket when it is (re)built. */
export const BUCKET_MEAN = 16
/** A split map with more entries per bucket than this is rebuilt with more buckets. */
export const BUCKET_MAX = 32
/** The fewest buckets of a split map. */
const MIN_BUCKETS = 64

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

/** A 32-bit hash of a stored key: an integer mixer for numbers, FNV-1a for strings. */
function hashOf(stored: StoredKey): number {
  if (typeof stored === 'string') return fnv1a(stored)
  let h = Math.imul(stored ^ (stored >>> 16), 0x45d9f3b)
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b)
  return (h ^ (h >>> 16)) >>> 0
}

/** The index (1 to `buckets`) of the bucket of a stored key. */
export function bucketIndexOf(stored: StoredKey, buckets: number): number {
  return 1 + (hashOf(stored) & (buckets - 1))
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

/** The bucket of `stored` in a split map, or `undefined`. */
function bucketOf<T>(map: SplitMap<T>, stored: StoredKey): Bucket<T> | undefined {
  const summary = map[SUMMARY]
  if (summary === undefined) return undefined
  return (map[bucketIndexOf(stored, summary.buckets)] as Bucket<T> | null) ?? undefined
}

/** The value stored under `key`, or `undefined`. */
export function getStored<T>(
  map: StoredMap<T> | undefined,
  split: boolean,
  key: string,
): T | undefined {
  if (map === undefined) return undefined
  if (!split) return getOwn<T>(map, key)
  const stored = storedKeyOf(key)
  const bucket = bucketOf(map as SplitMap<T>, stored)
  if (bucket === undefined) return undefined
  const at = positionIn(bucket, stored)
  return at < 0 ? undefined : (bucket[at + 1] as T)
}

/** True when `key` is stored. */
export function hasStored(map: StoredMap<unknown> | undefined, split: boolean, key: string) {
  if (map === undefined) return false
  if (!split) return hasOwn(map, key)
  const stored = storedKeyOf(key)
  const bucket = bucketOf(map as SplitMap<unknown>, stored)
  return bucket !== undefined && positionIn(bucket, stored) >= 0
}

/** Calls `fn` with every bucket of a split map (not the empty ones) and its index. */
export function forEachBucket<T>(
  map: SplitMap<T>,
  fn: (bucket: Bucket<T>, index: number) => void,
): void {
  for (let i = 1; i < map.length; i++) {
    const bucket = map[i] as Bucket<T> | null
    if (bucket) fn(bucket, i)
  }
}

/** Calls `fn` for every entry (in no particular order). */
export function forEachStored<T>(
  map: StoredMap<T> | undefined,
  split: boolean,
  fn: (key: string, value: T) => void,
): void {
  if (map === undefined) return
  if (!split) {
    for (const key of Object.keys(map)) fn(key, (map as Record<string, T>)[key] as T)
    return
  }
  forEachBucket(map as SplitMap<T>, (bucket) => {
    for (let i = 0; i < bucket.length; i += 2) {
      fn(keyOfStored(bucket[i] as StoredKey), bucket[i + 1] as T)
    }
  })
}

/** Every key stored. */
export function keysOfStored(map: StoredMap<unknown> | undefined, split: boolean): string[] {
  if (map !== undefined && !split) return Object.keys(map)
  const keys: string[] = []
  forEachStored(map, split, (key) => keys.push(key))
  return keys
}

/** How many entries are stored (a split map says it in its summary). */
export function countStored(map: StoredMap<unknown> | undefined, split: boolean): number {
  if (map === undefined) return 0
  if (!split) return Object.keys(map).length
  return (map as SplitMap<unknown>)[SUMMARY]?.size ?? 0
}

/** A value to remove the key (in {@link updateStored}'s changes). */
export const REMOVE: unique symbol = Symbol('remove')

/** A change of one key: a new value, or removal. */
export type Change<T> = readonly [key: string, value: T | typeof REMOVE]

/** A plain map with `changes` applied immutably (copied once, on the first real change). */
function updatePlain<T>(source: Record<string, T>, changes: Iterable<Change<T>>) {
  let next: Record<string, unknown> | undefined
  for (const [key, value] of changes) {
    if (value === REMOVE) {
      if (!hasOwn(next ?? source, key)) continue
      next ??= { ...source }
      deleteOwn(next, key)
    } else {
      next ??= { ...source }
      setOwn(next, key, value)
    }
  }
  return (next ?? source) as StoredMap<T>
}

/** Builds a split map from pairs of stored keys and values (`keys[i]` goes with `values[i]`). */
function buildSplit<T>(
  keys: readonly StoredKey[],
  values: readonly T[],
  buckets = bucketCountFor(keys.length),
): SplitMap<T> {
  // Two passes, so that each bucket is allocated once at its exact length (no growth slack).
  const indexes = new Int32Array(keys.length)
  const counts = new Int32Array(buckets + 1)
  for (let i = 0; i < keys.length; i++) {
    const index = bucketIndexOf(keys[i] as StoredKey, buckets)
    indexes[i] = index
    counts[index] = (counts[index] as number) + 1
  }
  const map: Array<SplitSummary | Array<StoredKey | T> | null> = new Array(buckets + 1).fill(null)
  map[SUMMARY] = { size: keys.length, buckets }
  const filled = new Int32Array(buckets + 1)
  for (let i = 0; i < keys.length; i++) {
    const index = indexes[i] as number
    let bucket = map[index] as Array<StoredKey | T> | null
    if (bucket === null)
      map[index] = bucket = new Array<StoredKey | T>(2 * (counts[index] as number))
    const at = filled[index] as number
    bucket[at] = keys[i] as StoredKey
    bucket[at + 1] = values[i] as T
    filled[index] = at + 2
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

/** A split map with `changes` applied immutably (see {@link updateStored}). */
function updateSplit<T>(map: SplitMap<T>, changes: Iterable<Change<T>>): StoredMap<T> {
  const list = Array.isArray(changes) ? (changes as ReadonlyArray<Change<T>>) : [...changes]
  let source = map
  let adding = 0
  for (const change of list) if (change[1] !== REMOVE) adding++
  const limit = source[SUMMARY].buckets * BUCKET_MAX
  if (source[SUMMARY].size + adding > limit) {
    // A large write: more buckets first, so that no bucket grows long while it is written.
    const { keys, values } = pairsOf(source)
    source = buildSplit(keys, values, bucketCountFor(source[SUMMARY].size + adding))
  }
  const { buckets } = source[SUMMARY]
  let size = source[SUMMARY].size
  let next: Array<unknown> | undefined
  let copied: Uint8Array | undefined
  let grew: Uint8Array | undefined
  const grown: number[] = []
  for (const [key, value] of list) {
    const stored = storedKeyOf(key)
    const index = bucketIndexOf(stored, buckets)
    const current = ((next ?? source)[index] ?? undefined) as Array<StoredKey | T> | undefined
    const at = current ? positionIn(current, stored) : -1
    if (value === REMOVE ? at < 0 : at >= 0 && current?.[at + 1] === value) continue
    next ??= source.slice()
    copied ??= new Uint8Array(buckets + 1)
    let bucket = current
    if (!bucket || !copied[index]) {
      bucket = bucket ? bucket.slice() : []
      next[index] = bucket
      copied[index] = 1
    }
    if (value === REMOVE) {
      bucket.splice(at, 2)
      size -= 1
      if (bucket.length === 0) {
        next[index] = null
        copied[index] = 0
      }
    } else if (at >= 0) {
      bucket[at + 1] = value
    } else {
      if (grew?.[index] !== 1) {
        grew ??= new Uint8Array(buckets + 1)
        grew[index] = 1
        grown.push(index)
      }
      bucket.push(stored, value)
      size += 1
    }
  }
  if (!next) return map
  next[SUMMARY] = { size, buckets } satisfies SplitSummary
  // Buckets that grew by push have spare capacity; exact copies keep the stored map compact.
  for (const index of grown) {
    const bucket = next[index] as Array<StoredKey | T> | null
    if (bucket !== null) next[index] = bucket.slice()
  }
  return next as unknown as SplitMap<T>
}

/**
 * The map with `changes` applied immutably (a value sets, {@link REMOVE} deletes): a plain map
 * is copied once; a split map copies its bucket index and each touched bucket once, marks
 * buckets left empty `null` and gets a new summary. Returns the same map when nothing changed
 * (a change that sets the value already stored changes nothing).
 */
export function updateStored<T>(
  map: StoredMap<T> | undefined,
  split: boolean,
  changes: Iterable<Change<T>>,
): StoredMap<T> {
  if (!split) return updatePlain((map ?? {}) as Record<string, T>, changes)
  return updateSplit((map ?? buildSplit<T>([], [])) as SplitMap<T>, changes)
}

/** A plain map split into buckets. */
export function toBuckets<T>(map: StoredMap<T>): StoredMap<T> {
  const plain = map as Record<string, T>
  const keys = Object.keys(plain)
  return buildSplit(
    keys.map(storedKeyOf),
    keys.map((key) => plain[key] as T),
  )
}

/** A split map made plain again. */
export function toPlain<T>(map: StoredMap<T>): StoredMap<T> {
  const plain: Record<string, T> = {}
  forEachStored<T>(map, true, (key, value) => setOwn(plain, key, value))
  return plain
}

const plainViews = new WeakMap<object, StoredMap<unknown>>()

/**
 * Every entry as one plain `{ [key]: value }`: the map itself when plain, else a copy made once
 * per (immutable) split map object, for code that looks through a whole map.
 */
export function plainView<T>(map: StoredMap<T>, split: boolean): Readonly<Record<string, T>> {
  if (!split) return map as Readonly<Record<string, T>>
  let view = plainViews.get(map)
  if (!view) plainViews.set(map, (view = toPlain(map)))
  return view as Readonly<Record<string, T>>
}
