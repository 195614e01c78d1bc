/**
 * How the slice stores a map (an entity table, its meta, the results or the request meta).
 *
 * - **Plain**, `{ [key]: value }`, up to {@link PLAIN_LIMIT} entries, so DevTools shows records
 *   where a person looks for them.
 * - **Split**, beyond: the entries spread over {@link BUCKET_COUNT} buckets by a hash of the key,
 *   `{ "0": { size }, "1": { [key]: value }, ..., "256": { ... } }`, so that an immutable write
 *   copies one bucket and the small index instead of the whole map. Member `"0"` is the split
 *   map's summary (how many entries it holds); buckets are numbered from 1.
 *
 * Which maps are split is written in the state's `layout` (layout.ts); these functions take that
 * flag. Deterministic: the layout depends only on the keys, so replaying actions rebuilds it.
 */
import { fnv1a } from '../../internal/hash'
import { deleteOwn, getOwn, hasOwn, setOwn } from '../../internal/ownKeys'

/** A map stored plain or split (see the module comment). */
export type StoredMap<T> = Readonly<Record<string, T>> | Readonly<Record<string, Record<string, T>>>

/** How many buckets a split map has (at most; empty buckets are left out). */
export const BUCKET_COUNT = 256
/** A plain map with more entries than this is split. */
export const PLAIN_LIMIT = 1024
/** A split map with this many entries or fewer goes back to plain (checked when maps shrink). */
export const SHRINK_LIMIT = 256
/** The member of a split map that holds its summary. */
export const SUMMARY = '0'

/** The summary of a split map. */
export interface SplitSummary {
  /** How many entries the map holds. */
  readonly size: number
}

/** The bucket of a key: 1 + FNV-1a of its UTF-16 code units modulo {@link BUCKET_COUNT}. */
export function bucketOf(key: string): string {
  return String(1 + (fnv1a(key) % BUCKET_COUNT))
}

/** The value stored under `key`, or `undefined`. */
export function getStored<T>(
  map: StoredMap<T> | undefined,
  split: boolean,
  key: string,
): T | undefined {
  if (map === undefined) return undefined
  return split ? getOwn<T>(getOwn(map, bucketOf(key)), key) : getOwn<T>(map, key)
}

/** True when `key` is stored. */
export function hasStored(map: StoredMap<unknown> | undefined, split: boolean, key: string) {
  if (map === undefined) return false
  if (!split) return hasOwn(map, key)
  const bucket = getOwn<object>(map, bucketOf(key))
  return bucket !== undefined && hasOwn(bucket, key)
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
  for (const bucket of Object.keys(map)) {
    if (bucket === SUMMARY) continue
    const entries = (map as Record<string, Record<string, T>>)[bucket] as Record<string, T>
    for (const key of Object.keys(entries)) fn(key, entries[key] as T)
  }
}

/** Every key stored. */
export function keysOfStored(map: StoredMap<unknown> | undefined, split: boolean): string[] {
  const keys: string[] = []
  forEachStored(map, split, (key) => keys.push(key))
  return keys
}

/** How many entries are stored (a split map says it in its summary). */
export function countStored(map: StoredMap<unknown> | undefined, split: boolean): number {
  if (map === undefined) return 0
  if (!split) return Object.keys(map).length
  return getOwn<SplitSummary>(map, SUMMARY)?.size ?? 0
}

/** A value to remove the key (in {@link updateStored}'s changes). */
export const REMOVE: unique symbol = Symbol('remove')

/**
 * The map with `changes` applied immutably (a value sets, {@link REMOVE} deletes): a plain map
 * is copied once; a split map copies its index and each touched bucket once, drops buckets left
 * empty and gets a new summary. Returns the same map when nothing changed.
 */
export function updateStored<T>(
  map: StoredMap<T> | undefined,
  split: boolean,
  changes: Iterable<readonly [key: string, value: T | typeof REMOVE]>,
): StoredMap<T> {
  const source = (map ?? {}) as Record<string, unknown>
  let next: Record<string, unknown> | undefined
  if (!split) {
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
  const copied = new Set<string>()
  let size = countStored(source, true)
  for (const [key, value] of changes) {
    const bucket = bucketOf(key)
    const current = getOwn<Record<string, T>>(next ?? source, bucket)
    const had = current !== undefined && hasOwn(current, key)
    if (value === REMOVE && !had) continue
    next ??= { ...source }
    if (!copied.has(bucket)) {
      copied.add(bucket)
      setOwn(next, bucket, { ...current })
    }
    const entries = getOwn(next, bucket) as Record<string, unknown>
    if (value === REMOVE) {
      deleteOwn(entries, key)
      size -= 1
      if (Object.keys(entries).length === 0) {
        deleteOwn(next, bucket)
        copied.delete(bucket)
      }
    } else {
      setOwn(entries, key, value)
      if (!had) size += 1
    }
  }
  if (!next) return source as StoredMap<T>
  setOwn(next, SUMMARY, { size } satisfies SplitSummary)
  return next as StoredMap<T>
}

/** A plain map split into buckets. */
export function toBuckets<T>(map: StoredMap<T>): StoredMap<T> {
  const keys = Object.keys(map)
  const split: Record<string, unknown> = { [SUMMARY]: { size: keys.length } }
  for (const key of keys) {
    const bucket = bucketOf(key)
    let entries = getOwn<Record<string, T>>(split, bucket)
    if (!entries) setOwn(split, bucket, (entries = {}))
    setOwn(entries, key, (map as Record<string, T>)[key])
  }
  return split as StoredMap<T>
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
