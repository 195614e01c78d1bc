/**
 * The newest request-clock stamp a slice holds (request starts, confirmations, invalidations,
 * resets), so that the clock never stamps anything older: a state rendered on a server whose
 * clock is ahead, hydrated in a browser, keeps its order with what the browser does next.
 * Computed per container and cached by identity, so after a write only what it replaced (the
 * root, one table or bucket) is looked at again.
 */
import { getOwn } from '../../internal/ownKeys'
import type { EntityMeta } from '../../normalizr/types'
import { isSplitTable } from './layout'
import type { EntityCacheState, RequestMeta } from './state'
import { SUMMARY } from './storedMap'

type Stamps<T> = (value: T) => number

const tableStamps = new WeakMap<object, number>()
const requestStamps = new WeakMap<object, number>()
const rootStamps = new WeakMap<object, number>()

const entityStamp: Stamps<EntityMeta> = (meta) => Math.max(meta.fetchedAt, meta.confirmedAt ?? 0)
const requestStamp: Stamps<RequestMeta> = (meta) =>
  Math.max(meta.fetchedAt, meta.invalidatedAt ?? 0, meta.pendingSince ?? 0)

/** The newest stamp of a map stored plain (`depth` 1) or in buckets (2); cached per object. */
function newestIn<T>(
  map: object | undefined,
  depth: 1 | 2,
  stampOf: Stamps<T>,
  memo: WeakMap<object, number>,
): number {
  if (map === undefined || map === null) return 0
  const cached = memo.get(map)
  if (cached !== undefined) return cached
  let newest = 0
  for (const key of Object.keys(map)) {
    // A split map's summary (its size) is not a bucket.
    if (depth === 2 && key === SUMMARY) continue
    const value = (map as Record<string, unknown>)[key]
    const stamp =
      depth === 2 ? newestIn(value as object, 1, stampOf, memo) : stampOf(value as T) || 0
    if (stamp > newest) newest = stamp
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
    const depth = isSplitTable(state.layout, key) ? 2 : 1
    newest = Math.max(newest, newestIn(getOwn(root, key), depth, entityStamp, tableStamps))
  }
  rootStamps.set(root, newest)
  return newest
}

/** The newest stamp in `state`: 0 for a fresh cache. */
export function newestStamp(state: EntityCacheState): number {
  let newest = Math.max(state.resetAt || 0, newestOfTables(state))
  const requests = state.layout.splitRequests ? 2 : 1
  newest = Math.max(newest, newestIn(state.meta, requests, requestStamp, requestStamps))
  for (const layer of state.optimistic) newest = Math.max(newest, layer.fetchedAt)
  return newest
}
