/**
 * How the slice stores a map (an entity table, its meta, the results or the request meta).
 *
 * - **Plain**, `{ [key]: value }`, up to {@link PLAIN_LIMIT} entries, so DevTools shows records
 *   where a person looks for them.
 * - **Split**, beyond: an array of a summary and pages of hash buckets of key/value pairs and
 *   runs of consecutive integer keys, built for size (splitMap.ts).
 *
 * Which maps are split is written in the state's `layout` (layout.ts); these functions take that
 * flag. Deterministic: the layout depends only on the keys written, in order, so replaying the
 * actions rebuilds it exactly.
 */
import { deleteOwn, getOwn, hasOwn, setOwn } from '../../internal/ownKeys'
import { forEachEntryIn } from './bucketEntries'
import type { Change, Changes, SplitMap } from './splitMap'
import {
  REMOVE,
  changesOf,
  forEachBucket,
  getInSplit,
  hasInSplit,
  keyOfStored,
  storedKeyOf,
  SUMMARY,
} from './splitMap'
import { buildSplit, updateSplit } from './splitWrite'

export { forEachEntryIn, forEachValueIn } from './bucketEntries'
export type { Bucket, Change, Changes, Page, SplitMap, SplitSummary, StoredKey } from './splitMap'
export {
  forEachBucket,
  forEachNewBucket,
  REMOVE,
  splitReader,
  storedKeyOf,
  SUMMARY,
} from './splitMap'

/** A map stored plain or split (see the module comment). */
export type StoredMap<T> = Readonly<Record<string, T>> | SplitMap<T>

/** A plain map with more entries than this is split. */
export const PLAIN_LIMIT = 1024
/**
 * A split map of request keys (`results`, `meta`) with this many entries or fewer goes back to
 * plain when garbage collection shrinks it. Entity tables: {@link PLAIN_AGAIN_AT}.
 */
export const SHRINK_LIMIT = 256

/**
 * A split table whose records fall to this many or fewer is made plain again (after a write or
 * a garbage collection): a table of up to 1,000 records is always shown at `entities[key][pk]`.
 * Between it and {@link PLAIN_LIMIT} a table keeps the layout it has, so one that hovers around
 * a limit is not converted on every write.
 */
export const PLAIN_AGAIN_AT = 1000

/**
 * The most entries the meta map of a plain table holds (each record's meta and the tombstones
 * of deleted records): past it the table is split whatever its records. Tombstones are counted
 * apart from records, and garbage collection removes those no request needs, so only a store
 * that keeps many thousands of them (collection off) meets this.
 */
export const PLAIN_META_LIMIT = 8 * PLAIN_LIMIT

/** The value stored under `key`, or `undefined`. */
export function getStored<T>(
  map: StoredMap<T> | undefined,
  split: boolean,
  key: string,
): T | undefined {
  if (map === undefined) return undefined
  return split ? getInSplit(map as SplitMap<T>, key) : getOwn<T>(map, key)
}

/** True when `key` is stored. */
export function hasStored(map: StoredMap<unknown> | undefined, split: boolean, key: string) {
  if (map === undefined) return false
  return split ? hasInSplit(map as SplitMap<unknown>, key) : hasOwn(map, key)
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
    forEachEntryIn<T>(bucket, (stored, value) => fn(keyOfStored(stored), value))
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

/** A plain map with `changes` applied immutably (copied once, on the first real change). */
function updatePlain<T>(source: Record<string, T>, { keys, values }: Changes<T>) {
  let next: Record<string, unknown> | undefined
  for (let c = 0; c < keys.length; c++) {
    const key = keys[c] as string
    const value = values[c]
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

/**
 * The map with `changes` applied immutably (a value sets, {@link REMOVE} deletes), given as
 * pairs or as two parallel lists: a plain map is copied once; a split map copies its top array,
 * each touched page and each touched bucket once. Returns the same map when nothing changed
 * (setting the value already stored changes nothing).
 */
export function updateStored<T>(
  map: StoredMap<T> | undefined,
  split: boolean,
  changes: Iterable<Change<T>> | Changes<T>,
): StoredMap<T> {
  // Lists have a `keys` method, not a `keys` array.
  const given = changes as Partial<Changes<T>>
  const lists = Array.isArray(given.keys)
    ? (changes as Changes<T>)
    : changesOf(changes as Iterable<Change<T>>)
  if (!split) return updatePlain((map ?? {}) as Record<string, T>, lists)
  return updateSplit((map ?? buildSplit<T>([], [])) as SplitMap<T>, lists)
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
