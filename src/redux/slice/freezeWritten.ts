/**
 * Development only: freezes what a write made, so the state cannot be mutated by accident, in
 * the shape that keeps RTK's development checks cheap whatever the size of the cache.
 *
 * How the two checks behave (RTK 2, serializableStateInvariantMiddleware.ts and
 * immutableStateInvariantMiddleware.ts): the immutable check walks every container that is not
 * frozen, and calls `Object.isFrozen` on each child to decide whether to go in; V8 answers
 * `isFrozen` for a large object by looking at every member, so a container with many frozen
 * large children costs O(all their members) on every dispatch. The serializable check skips
 * objects it has cached, and caches an object after walking it only when it is frozen all the
 * way down (checked by walking its whole subtree, children in `Object.values` order, stopping at
 * the first one that is not frozen).
 *
 * So:
 * - records, their meta, results and request meta (the leaves a user could mutate) are frozen;
 * - a plain table (at most 1,024 records) is frozen: the immutable check stops at it, and the
 *   serializable check walks it once per write to it;
 * - a split map (an array, splitMap.ts) is frozen with its pages and buckets, except its summary,
 *   its first member: the immutable check stops at the map, and the serializable check's "frozen
 *   all the way down?" stops at the summary instead of walking every record, so on each dispatch
 *   it looks at the map's pages (one member per 1,024 entries or so; a page is cached once
 *   walked) and, after a write, walks the new page (about 1,000 records) once;
 * - the slice root, `entities`, `entitiesMeta`, and plain `results` and `meta` stay open: the
 *   checks walk them (a few tables; at most 1,024 request keys each), and still see a mutation.
 *
 * A new record, a new result and a new optimistic layer are frozen as deep copies made member by
 * member (`frozenCopy`), put in their slots before anyone reads the state:
 * - what a caller handed over (a plain function's response, a `setResponse` value, the nested
 *   members of its records) is never frozen under them: a fake server that changes its objects
 *   later works in development as in production, and as with data-client, which freezes nothing;
 * - V8 gives each frozen object spread copy a hidden class of its own (see the decision "Records
 *   are copied again before the development freeze" in docs/architecture.md).
 */
import { freezeNew, frozenCopy } from '../../internal/freezeNew'
import { getOwn, setOwn } from '../../internal/ownKeys'
import { isSplitTable } from './layout'
import type { EntityCacheState } from './state'
import type { SplitMap } from './storedMap'
import { forEachEntryIn } from './bucketEntries'
import { forEachNewBucket, splitReader } from './storedMap'

/** True when `value` is an object not frozen yet (what a write may have stored new). */
function isOpen(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Object.isFrozen(value)
}

/**
 * `value` deep-frozen: as a frozen copy when `copy` says so (a value this write stored, not the
 * one the previous state held under its key), else as it is (a value there already, in a state
 * preloaded or restored without freezing, keeps its identity). See the module comment.
 */
function frozen(value: object, copy: boolean): object {
  return copy ? frozenCopy(value) : freezeNew(value)
}

/** Freezes a new plain map's values, and the map itself when `self` says so. */
function freezePlain(map: object, previous: object | undefined, self: boolean, copies = false) {
  if (map === previous) return
  const members = map as Record<string, unknown>
  for (const key of Object.keys(map)) {
    const value = members[key]
    if (!isOpen(value)) continue
    const done = frozen(value, copies && getOwn(previous, key) !== value)
    if (done !== value) setOwn(map, key, done)
  }
  if (self) Object.freeze(map)
}

/** Freezes a new split map: each new page and bucket with its values, then the map but its summary. */
function freezeSplit(map: object, previous: object | undefined, copies = false) {
  if (map === previous) return
  const before = Array.isArray(previous) ? (previous as unknown as SplitMap<unknown>) : undefined
  const readBefore = copies && before ? splitReader(before) : undefined
  forEachNewBucket(
    map as SplitMap<unknown>,
    before,
    (bucket) => {
      if (Object.isFrozen(bucket)) return
      // Most of a written bucket's records are frozen already: only an open one is looked up in
      // the previous state.
      forEachEntryIn(bucket, (stored, value, position) => {
        if (!isOpen(value)) return
        const done = frozen(value, copies && readBefore?.(stored) !== value)
        if (done !== value) (bucket as unknown[])[position] = done
      })
      Object.freeze(bucket)
    },
    (page) => Object.freeze(page),
  )
  Object.freeze(map)
}

/**
 * Freezes what `next` holds that `previous` did not (see the module comment). `copy`: records,
 * results and optimistic layers a write stored are frozen as copies; `false` freezes everything
 * as it is (a state the store already holds, restored or preloaded).
 */
export function freezeWritten(
  next: EntityCacheState,
  previous: EntityCacheState | undefined,
  copy = true,
) {
  for (const root of ['entities', 'entitiesMeta'] as const) {
    const tables = next[root]
    const before = previous?.[root]
    if (tables === before) continue
    for (const key of Object.keys(tables)) {
      const table = getOwn<object>(tables, key) as object
      const records = copy && root === 'entities'
      if (isSplitTable(next.layout, key)) freezeSplit(table, getOwn(before, key), records)
      else freezePlain(table, getOwn(before, key), true, records)
    }
  }
  for (const member of ['results', 'meta'] as const) {
    // A result may be a response as its function returned it (no schema): stored as a copy.
    const copies = copy && member === 'results'
    if (next.layout.splitRequests) freezeSplit(next[member], previous?.[member], copies)
    else freezePlain(next[member], previous?.[member], false, copies)
  }
  freezeNew(next.layout)
  if (copy) (next as { optimistic: unknown }).optimistic = frozenCopy(next.optimistic)
  else freezeNew(next.optimistic)
}
