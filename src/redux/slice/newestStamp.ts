/**
 * The newest request-clock stamp a slice holds (request starts, confirmations, invalidations,
 * resets), so that the clock never stamps anything older: a state rendered on a server whose
 * clock is ahead, hydrated in a browser, keeps its order with what the browser does next.
 *
 * Computed per container and cached by identity. A split map (storedMap.ts) is compared with the
 * one its clock saw before: buckets it shares with that map are covered by that map's newest
 * stamp, so only the buckets a write replaced are looked at. The answer may be newer than the
 * newest stamp actually held (after removals), never older: the clock only needs a bound.
 */
import { getOwn } from '../../internal/ownKeys'
import type { EntityMeta } from '../../normalizr/types'
import { isSplitTable } from './layout'
import type { EntityCacheState, RequestMeta } from './state'
import type { Bucket, SplitMap } from './storedMap'
import { forEachNewBucket, forEachValueIn, SUMMARY } from './storedMap'

type Stamps<T> = (value: T) => number

/** What one clock saw last of each split map (by table key; `''` for the requests). */
export type StampMemo = Map<string, { readonly map: SplitMap<unknown>; readonly newest: number }>

const plainStamps = new WeakMap<object, number>()
const splitStamps = new WeakMap<object, number>()
const rootStamps = new WeakMap<object, number>()

const entityStamp: Stamps<EntityMeta> = (meta) => Math.max(meta.fetchedAt, meta.confirmedAt ?? 0)
const requestStamp: Stamps<RequestMeta> = (meta) =>
  Math.max(meta.fetchedAt, meta.invalidatedAt ?? 0, meta.pendingSince ?? 0, meta.changedAt ?? 0)

/** The newest stamp of the values of a bucket. */
function newestInBucket<T>(bucket: Bucket<T>, stampOf: Stamps<T>): number {
  let newest = 0
  let last: unknown
  forEachValueIn<T>(bucket, (value) => {
    if (value === last) return // one write's records share one meta object
    last = value
    const stamp = stampOf(value) || 0
    if (stamp > newest) newest = stamp
  })
  return newest
}

/** The newest stamp of a split map: the buckets that differ from what `memo` saw, or all. */
function newestInSplit<T>(
  map: SplitMap<T>,
  stampOf: Stamps<T>,
  memoKey: string,
  memo: StampMemo | undefined,
): number {
  const cached = splitStamps.get(map)
  if (cached !== undefined) return cached
  const seen = memo?.get(memoKey)
  const before = seen && seen.map.length === map.length ? seen.map : undefined
  let newest = before ? (seen as { newest: number }).newest : 0
  // An entity meta map's shared meta (sharedMeta.ts) counts too.
  const shared = map[SUMMARY]?.shared
  if (shared !== undefined) newest = Math.max(newest, stampOf(shared as T) || 0)
  forEachNewBucket(map, before as SplitMap<T> | undefined, (bucket) => {
    newest = Math.max(newest, newestInBucket(bucket, stampOf))
  })
  splitStamps.set(map, newest)
  memo?.set(memoKey, { map: map as SplitMap<unknown>, newest })
  return newest
}

/** The newest stamp of a plain map; cached per object. */
function newestInPlain<T>(map: object, stampOf: Stamps<T>): number {
  const cached = plainStamps.get(map)
  if (cached !== undefined) return cached
  let newest = 0
  for (const key of Object.keys(map)) {
    const stamp = stampOf((map as Record<string, T>)[key] as T) || 0
    if (stamp > newest) newest = stamp
  }
  plainStamps.set(map, newest)
  return newest
}

/** The newest stamp of every entity table's meta. */
function newestOfTables(state: EntityCacheState, memo: StampMemo | undefined): number {
  const root = state.entitiesMeta
  const cached = rootStamps.get(root)
  if (cached !== undefined) return cached
  let newest = 0
  for (const key of Object.keys(root)) {
    const table = getOwn<object>(root, key)
    if (table === undefined) continue
    const stamp = isSplitTable(state.layout, key)
      ? newestInSplit(table as SplitMap<EntityMeta>, entityStamp, key, memo)
      : newestInPlain(table, entityStamp)
    newest = Math.max(newest, stamp)
  }
  rootStamps.set(root, newest)
  return newest
}

/**
 * The newest stamp in `state` (0 for a fresh cache), or a newer bound. `memo`, kept by one
 * clock, lets a large split map be compared with the one that clock saw before.
 */
export function newestStamp(state: EntityCacheState, memo?: StampMemo): number {
  let newest = Math.max(state.resetAt || 0, newestOfTables(state, memo))
  const requests = state.layout.splitRequests
    ? newestInSplit(state.meta as unknown as SplitMap<RequestMeta>, requestStamp, '', memo)
    : newestInPlain(state.meta, requestStamp)
  newest = Math.max(newest, requests)
  for (const layer of state.optimistic) newest = Math.max(newest, layer.fetchedAt)
  return newest
}
