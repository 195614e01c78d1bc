/**
 * Reading a state written in another format (a persisted state, an SSR payload, fixtures written
 * by hand): a state without `layout` is upgraded to the current format, where its maps are
 * recognised; a state in an unknown format is refused with a clear error (layout.ts).
 *
 * Format 1 (rtk-resources before layouts) kept every entity table in 1,024 hash buckets,
 * `entities[key][bucket][pk]`. A table is read as format 1 only when every member of it is a
 * bucket that holds exactly the pks that hash to it; anything else is read as a plain table.
 *
 * Format 2 split maps past 1,024 entries into 256 buckets that were objects,
 * `{ "0": { size }, "1": { [key]: value }, ... }`; its split maps are flattened, then the state
 * is laid out again as a state without a layout is.
 *
 * Formats 3 and 4 are format 6 with buckets of pairs only, an integer key's bucket chosen by the
 * key itself (not its block of 64), no `entries` in the summary, and, in format 3, no shared
 * metas. Each split map is built again from its entries, with as many buckets as this version
 * gives a map of those entries, and the summary's other members (`shared`).
 *
 * Format 5 is format 6 without `entries` in the summary: each split map's entries are counted
 * (one step a run) and its summary given them; the buckets are kept as they are.
 */
import { fnv1a } from '../../internal/hash'
import { getOwn, hasOwn, isPlainObject, setOwn } from '../../internal/ownKeys'
import type { EntityMeta, EntityRecord } from '../../normalizr/types'
import { assertReadableLayout, EMPTY_LAYOUT, LAYOUT_VERSION, withSplitTable } from './layout'
import type { StateLayout } from './layout'
import type { EntityCacheState, RequestMeta } from './state'
import type { SplitMap, StoredKey, StoredMap } from './storedMap'
import {
  forEachBucket,
  PLAIN_LIMIT,
  PLAIN_META_LIMIT,
  storedKeyOf,
  SUMMARY,
  toBuckets,
} from './storedMap'
import { entriesIn } from './bucketEntries'
import type { SplitSummary } from './splitMap'
import { storedKeyOfId, summaryOf } from './splitMap'
import { buildSplit } from './splitWrite'

const FORMAT_1_BUCKETS = 1024

/** Format 1's bucket of a pk (FNV-1a modulo 1,024). */
function format1Bucket(pk: string): string {
  return String(fnv1a(pk) % FORMAT_1_BUCKETS)
}

/** True when `table` is a format-1 bucketed table (see the module comment). */
function isFormat1Table(table: Record<string, unknown>): boolean {
  const buckets = Object.keys(table)
  if (buckets.length === 0) return false
  for (const bucket of buckets) {
    const members = table[bucket]
    if (!/^(?:0|[1-9]\d*)$/.test(bucket) || Number(bucket) >= FORMAT_1_BUCKETS) return false
    if (!isPlainObject(members)) return false
    for (const pk of Object.keys(members)) if (format1Bucket(pk) !== bucket) return false
  }
  return true
}

/** A table (plain, or format 1) as one plain `{ [pk]: value }`. */
function plainTable<T>(table: unknown): Record<string, T> {
  if (!isPlainObject(table)) return {}
  if (!isFormat1Table(table)) return table as Record<string, T>
  const plain: Record<string, T> = {}
  for (const bucket of Object.keys(table)) {
    const members = table[bucket] as Record<string, T>
    for (const pk of Object.keys(members)) setOwn(plain, pk, members[pk])
  }
  return plain
}

/** A format-2 split map as one plain map (its summary left out). */
function flattenSplit2(map: unknown): Record<string, unknown> {
  const plain: Record<string, unknown> = {}
  if (!isPlainObject(map)) return plain
  for (const bucket of Object.keys(map)) {
    const members = map[bucket]
    if (bucket === '0' || !isPlainObject(members)) continue
    for (const key of Object.keys(members)) setOwn(plain, key, members[key])
  }
  return plain
}

/**
 * A copy of a state written in an older format, with each map its layout names as split
 * (`splitTables`' tables and their metas, and `results` and `meta` when `splitRequests`) passed
 * through `convert`, and `layout` replaced.
 */
function withSplitMaps(
  old: Record<string, unknown>,
  layout: unknown,
  convert: (map: unknown) => unknown,
): Record<string, unknown> {
  const { splitTables, splitRequests } = old.layout as {
    splitTables?: unknown
    splitRequests?: unknown
  }
  const next: Record<string, unknown> = { ...old, layout }
  for (const root of ['entities', 'entitiesMeta'] as const) {
    const tables = isPlainObject(old[root]) ? { ...old[root] } : {}
    for (const key of Array.isArray(splitTables) ? (splitTables as unknown[]) : []) {
      if (typeof key === 'string' && hasOwn(tables, key)) setOwn(tables, key, convert(tables[key]))
    }
    next[root] = tables
  }
  if (splitRequests === true) {
    next.results = convert(old.results)
    next.meta = convert(old.meta)
  }
  return next
}

/** A number key as a split map stores it (a canonical integer), else `undefined`. */
function storedKeyOfNumber(key: unknown): StoredKey | undefined {
  if (typeof key !== 'number') return undefined
  const stored = storedKeyOfId(key)
  return typeof stored === 'number' ? stored : undefined
}

/** `counted`, the summary of a map laid out again, with the other members `old` held (`shared`). */
function summaryKeeping(old: SplitSummary, counted: SplitSummary): SplitSummary {
  const { size: _size, buckets: _buckets, entries: _entries, ...others } = old
  return { ...counted, ...others }
}

/** Integer keys first, ascending; string keys after them, in the order given (a stable sort). */
function keyOrder(a: StoredKey, b: StoredKey): number {
  if (typeof a === 'number') return typeof b === 'number' ? a - b : -1
  return typeof b === 'number' ? 1 : 0
}

/** A format 5 split map in format 6: its summary says how many entries its buckets hold. */
function countedSplit(map: unknown): unknown {
  if (!Array.isArray(map) || !isPlainObject(map[SUMMARY])) return map
  const old = map as unknown as SplitMap<unknown>
  const { size, buckets } = old[SUMMARY]
  let entries = 0
  forEachBucket(old, (bucket) => {
    if (Array.isArray(bucket)) entries += entriesIn(bucket)
  })
  const counted = old.slice() as unknown[]
  counted[SUMMARY] = summaryKeeping(old[SUMMARY], summaryOf(size, buckets, entries))
  return counted
}

/** A format 3 or 4 split map built again in format 6, with its summary's other members. */
function relaidSplit(map: unknown): unknown {
  if (!Array.isArray(map) || !isPlainObject(map[SUMMARY])) return map
  const old = map as unknown as SplitMap<unknown>
  const keys: StoredKey[] = []
  const values: unknown[] = []
  // Formats 3 and 4 stored pairs only. A key that is not one a split map stores (a state edited
  // by hand or damaged) is left out, as is a duplicate.
  const seen = new Set<StoredKey>()
  forEachBucket(old, (bucket) => {
    if (!Array.isArray(bucket)) return
    for (let i = 0; i + 1 < bucket.length; i += 2) {
      const key: unknown = bucket[i]
      const stored = typeof key === 'string' ? storedKeyOf(key) : storedKeyOfNumber(key)
      if (stored === undefined || seen.has(stored)) continue
      seen.add(stored)
      keys.push(stored)
      values.push(bucket[i + 1])
    }
  })
  // Listed in id order, as a response lists them, so that the map is sized for its runs.
  const order = keys.map((_, i) => i)
  order.sort((a, b) => keyOrder(keys[a] as StoredKey, keys[b] as StoredKey))
  const built = buildSplit(
    order.map((i) => keys[i] as StoredKey),
    order.map((i) => values[i]),
  ) as unknown as unknown[]
  built[SUMMARY] = summaryKeeping(old[SUMMARY], built[SUMMARY] as SplitSummary)
  return built
}

/**
 * The state in the current format. A state with the current layout is returned as it is; one
 * without a layout, or in format 2, 3, 4 or 5, is converted (maps over 1,024 entries split); any other
 * layout throws.
 */
export function upgradeState(state: unknown, reducerPath: string): EntityCacheState {
  const old = (isPlainObject(state) ? state : {}) as Partial<
    Record<keyof EntityCacheState, unknown>
  >
  if (old.layout !== undefined) {
    // Not an object (null, a number): refused below as a format this version cannot read.
    if (typeof old.layout !== 'object' || old.layout === null) {
      assertReadableLayout(old.layout, reducerPath)
    }
    if ((old.layout as { version?: unknown }).version === 2) {
      // Flattened, with no layout: laid out again below, as a state without one.
      const flat = withSplitMaps(old as Record<string, unknown>, undefined, flattenSplit2)
      return upgradeState(flat, reducerPath)
    }
    const version = (old.layout as { version?: unknown }).version
    if (version === 3 || version === 4) {
      const layout = { ...(old.layout as StateLayout), version: LAYOUT_VERSION }
      const relaid = withSplitMaps(old as Record<string, unknown>, layout, relaidSplit)
      return relaid as unknown as EntityCacheState
    }
    if (version === 5) {
      const layout = { ...(old.layout as StateLayout), version: LAYOUT_VERSION }
      const counted = withSplitMaps(old as Record<string, unknown>, layout, countedSplit)
      return counted as unknown as EntityCacheState
    }
    assertReadableLayout(old.layout, reducerPath)
    return state as EntityCacheState
  }
  let layout: StateLayout = EMPTY_LAYOUT
  const entities: Record<string, StoredMap<EntityRecord>> = {}
  const entitiesMeta: Record<string, StoredMap<EntityMeta>> = {}
  const oldEntities = isPlainObject(old.entities) ? old.entities : {}
  const oldMeta = isPlainObject(old.entitiesMeta) ? old.entitiesMeta : {}
  for (const key of new Set([...Object.keys(oldEntities), ...Object.keys(oldMeta)])) {
    let records: StoredMap<EntityRecord> = plainTable<EntityRecord>(getOwn(oldEntities, key))
    let metas: StoredMap<EntityMeta> = plainTable<EntityMeta>(getOwn(oldMeta, key))
    // As a write splits a table: past PLAIN_LIMIT records (tombstones apart), or a meta past
    // PLAIN_META_LIMIT entries.
    if (Object.keys(records).length > PLAIN_LIMIT || Object.keys(metas).length > PLAIN_META_LIMIT) {
      records = toBuckets(records)
      metas = toBuckets(metas)
      layout = withSplitTable(layout, key, true)
    }
    if (Object.keys(records).length > 0) setOwn(entities, key, records)
    if (Object.keys(metas).length > 0) setOwn(entitiesMeta, key, metas)
  }
  let results: StoredMap<unknown> = isPlainObject(old.results) ? old.results : {}
  let meta: StoredMap<RequestMeta> = isPlainObject(old.meta)
    ? (old.meta as Record<string, RequestMeta>)
    : {}
  if (Object.keys(meta).length > PLAIN_LIMIT) {
    results = toBuckets(results)
    meta = toBuckets(meta)
    layout = { ...layout, splitRequests: true }
  }
  // The state's types describe the readable layout; split maps are read through storedMap.ts.
  return {
    layout,
    entities: entities as EntityCacheState['entities'],
    entitiesMeta: entitiesMeta as unknown as EntityCacheState['entitiesMeta'],
    results: results as EntityCacheState['results'],
    meta: meta as unknown as EntityCacheState['meta'],
    resetAt: typeof old.resetAt === 'number' ? old.resetAt : 0,
    optimistic: Array.isArray(old.optimistic)
      ? (old.optimistic as EntityCacheState['optimistic'])
      : [],
  }
}
