/**
 * Development only: freezes what a write made that a user could mutate by accident (records,
 * their meta, results, request meta, optimistic layers, and the small containers that hold them:
 * plain tables and buckets), but not the large containers RTK's dev checks walk (the slice root,
 * `entities`, `entitiesMeta`, the bucket index of a split map, `results`, `meta`).
 *
 * Why: RTK's serializable check caches frozen subtrees it has seen, but verifies a *new* frozen
 * object by walking its whole subtree; an unfrozen container is walked one level (its frozen
 * children are cached). Its immutable check skips frozen objects and walks unfrozen ones. So
 * frozen leaves plus unfrozen large containers make both checks cost what a write changed plus
 * the size of the containers (at most 1,024 entries each), not the size of the cache. The
 * containers are still checked for mutation by RTK's immutable check, which walks them.
 */
import { freezeNew } from '../../internal/freezeNew'
import { getOwn } from '../../internal/ownKeys'
import { isSplitTable } from './layout'
import type { EntityCacheState } from './state'

/** Deep-freezes every value of `container` that is not frozen yet (stopping at frozen ones). */
function freezeValues(container: object): void {
  for (const key of Object.keys(container)) {
    const value = (container as Record<string, unknown>)[key]
    if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) freezeNew(value)
  }
}

/** Freezes the new values of a map; its own object too when `small` (a plain table, a bucket). */
function freezeMap(map: object, previous: object | undefined, split: boolean, small: boolean) {
  if (map === previous) return
  if (!split) {
    freezeValues(map)
    if (small) Object.freeze(map)
    return
  }
  // A split map: its index stays open; each new bucket is frozen with its values.
  for (const bucket of Object.keys(map)) {
    const entries = (map as Record<string, object>)[bucket] as object
    if (Object.isFrozen(entries) || entries === getOwn(previous, bucket)) continue
    freezeValues(entries)
    Object.freeze(entries)
  }
}

/** Freezes what `next` holds that `previous` did not (see the module comment). */
export function freezeWritten(next: EntityCacheState, previous: EntityCacheState | undefined) {
  for (const root of ['entities', 'entitiesMeta'] as const) {
    const tables = next[root]
    const before = previous?.[root]
    if (tables === before) continue
    for (const key of Object.keys(tables)) {
      const table = getOwn<object>(tables, key) as object
      freezeMap(table, getOwn(before, key), isSplitTable(next.layout, key), true)
    }
  }
  const split = next.layout.splitRequests
  freezeMap(next.results, previous?.results, split, false)
  freezeMap(next.meta, previous?.meta, split, false)
  freezeNew(next.layout)
  freezeNew(next.optimistic)
}
