/**
 * The newest request-clock stamp a slice holds (request starts, confirmations, invalidations,
 * resets), so that the clock never stamps anything older: a state rendered on a server whose
 * clock is ahead, hydrated in a browser, keeps its order with what the browser does next.
 * Computed per container and cached by identity, so after a write only what it replaced (the
 * root, one table, the buckets of a split one) is looked at again.
 */
import { getOwn } from '../../internal/ownKeys'
import type { EntityMeta } from '../../normalizr/types'
import { isSplitTable } from './layout'
import type { EntityCacheState, RequestMeta } from './state'
import type { Bucket, SplitMap } from './storedMap'
import { forEachBucket } from './storedMap'

type Stamps<T> = (value: T) => number

const tableStamps = new WeakMap<object, number>()
const requestStamps = new WeakMap<object, number>()
const rootStamps = new WeakMap<object, number>()

const entityStamp: Stamps<EntityMeta> = (meta) => Math.max(meta.fetchedAt, meta.confirmedAt ?? 0)
const requestStamp: Stamps<RequestMeta> = (meta) =>
  Math.max(meta.fetchedAt, meta.invalidatedAt ?? 0, meta.pendingSince ?? 0)

/** The newest stamp of one bucket's values (odd positions); cached per bucket. */
function newestInBucket<T>(bucket: Bucket<T>, stampOf: Stamps<T>, memo: WeakMap<object, number>) {
  const cached = memo.get(bucket)
  if (cached !== undefined) return cached
  let newest = 0
  for (let i = 1; i < bucket.length; i += 2) {
    const stamp = stampOf(bucket[i] as T) || 0
    if (stamp > newest) newest = stamp
  }
  memo.set(bucket, newest)
  return newest
}

/** The newest stamp of a map stored plain or split (storedMap.ts); cached per object. */
function newestIn<T>(
  map: object | undefined,
  split: boolean,
  stampOf: Stamps<T>,
  memo: WeakMap<object, number>,
): number {
  if (map === undefined || map === null) return 0
  const cached = memo.get(map)
  if (cached !== undefined) return cached
  let newest = 0
  if (split) {
    forEachBucket(map as SplitMap<T>, (bucket) => {
      newest = Math.max(newest, newestInBucket(bucket, stampOf, memo))
    })
  } else {
    for (const key of Object.keys(map)) {
      const stamp = stampOf((map as Record<string, T>)[key] as T) || 0
      if (stamp > newest) newest = stamp
    }
  }
  memo.set(map, newest)
  return newest
}

/** The newest stamp of every entity table's meta. */
function newestOfTables(state: EntityCacheState): number {
  const root = state.entitiesMeta
  const cached = rootStamps.get(root)
  if (cached !== undefined) return cached
  let newest = 0
  for (const key of Object.keys(root)) {
    const split = isSplitTable(state.layout, key)
    newest = Math.max(newest, newestIn(getOwn(root, key), split, entityStamp, tableStamps))
  }
  rootStamps.set(root, newest)
  return newest
}

/** The newest stamp in `state`: 0 for a fresh cache. */
export function newestStamp(state: EntityCacheState): number {
  let newest = Math.max(state.resetAt || 0, newestOfTables(state))
  const requests = state.layout.splitRequests
  newest = Math.max(newest, newestIn(state.meta, requests, requestStamp, requestStamps))
  for (const layer of state.optimistic) newest = Math.max(newest, layer.fetchedAt)
  return newest
}
