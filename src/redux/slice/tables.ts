/**
 * The entity tables of the slice: `entities[key]` (records) and `entitiesMeta[key]` (their meta,
 * tombstones included), stored plain or split as the layout says (storedMap.ts). A table is split
 * when a write takes it past {@link PLAIN_LIMIT} records (or its meta past
 * {@link PLAIN_META_LIMIT} entries), and made plain again when a write or garbage collection
 * leaves it at {@link PLAIN_AGAIN_AT} records or fewer.
 */
import { deleteOwn, getOwn, hasOwn, setOwn } from '../../internal/ownKeys'
import { linkSnapshots } from '../../normalizr/changeLog'
import type { EntityMeta, EntityRecord, EntityTables } from '../../normalizr/types'
import type { StateLayout } from './layout'
import { isSplitTable, withSplitTable } from './layout'
import { tokenOf } from './snapshotToken'
import type { EntityCacheState } from './state'
import type { StoredMap } from './storedMap'
export { PLAIN_AGAIN_AT, PLAIN_META_LIMIT } from './storedMap'
import {
  forEachSplitMeta,
  plainMetas,
  rebasedOn,
  sameMeta,
  sharedMetaOf,
  keepShared,
} from './sharedMeta'
import {
  countStored,
  forEachStored,
  getStored,
  hasStored,
  PLAIN_AGAIN_AT,
  PLAIN_LIMIT,
  PLAIN_META_LIMIT,
  REMOVE,
  toBuckets,
  toPlain,
  updateStored,
} from './storedMap'

/** The part of the state the tables are. */
export type TablesState = Pick<EntityCacheState, 'entities' | 'entitiesMeta' | 'layout'>

/** The record `key`/`pk`, or `undefined` (missing or deleted). */
export function getRecord(state: TablesState, key: string, pk: string): EntityRecord | undefined {
  return getStored<EntityRecord>(getOwn(state.entities, key), isSplitTable(state.layout, key), pk)
}

/** Every pk of table `key` with its meta (tombstones included). */
export function forEachEntityMeta(
  state: TablesState,
  key: string,
  fn: (pk: string, meta: EntityMeta) => void,
): void {
  const metas = getOwn<StoredMap<EntityMeta>>(state.entitiesMeta, key)
  if (isSplitTable(state.layout, key)) forEachSplitMeta(getOwn(state.entities, key), metas, fn)
  else forEachStored(metas, false, fn)
}

/**
 * One table and its meta, made plain when it is split and holds at most
 * {@link PLAIN_AGAIN_AT} records (and a meta map a plain table may hold).
 */
function sizedDown(
  key: string,
  records: StoredMap<EntityRecord>,
  metas: StoredMap<EntityMeta>,
  layout: StateLayout,
) {
  const kept = { records, metas, layout }
  if (!isSplitTable(layout, key)) return kept
  const size = countStored(records, true)
  // Plain, the meta has an entry per record and per tombstone: at least the split map's entries
  // (records with a meta of their own, and tombstones), at most those and the records.
  const entries = countStored(metas, true)
  if (size > PLAIN_AGAIN_AT || entries > PLAIN_META_LIMIT) return kept
  const plain = plainMetas(records, metas)
  if (size + entries > PLAIN_META_LIMIT && Object.keys(plain).length > PLAIN_META_LIMIT) return kept
  return { records: toPlain(records), metas: plain, layout: withSplitTable(layout, key, false) }
}

/**
 * True when a write takes a plain table past {@link PLAIN_LIMIT} records, or its meta past
 * {@link PLAIN_META_LIMIT} entries: `recordPks`/`recordValues` are the records it writes
 * ({@link REMOVE} for a deletion), `pks` every pk it gives a meta.
 */
function outgrowsPlain(
  table: StoredMap<EntityRecord> | undefined,
  metaTable: StoredMap<EntityMeta> | undefined,
  recordPks: readonly string[],
  recordValues: ReadonlyArray<EntityRecord | typeof REMOVE>,
  pks: readonly string[],
): boolean {
  let records = table ? Object.keys(table).length : 0
  if (records + recordPks.length > PLAIN_LIMIT) {
    for (let i = 0; i < recordPks.length; i++) {
      const held = table !== undefined && hasOwn(table, recordPks[i] as string)
      if (recordValues[i] === REMOVE) records -= held ? 1 : 0
      else records += held ? 0 : 1
    }
    if (records > PLAIN_LIMIT) return true
  }
  let metas = metaTable ? Object.keys(metaTable).length : 0
  if (metas + pks.length <= PLAIN_META_LIMIT) return false
  for (const pk of pks) {
    if (metaTable === undefined || !hasOwn(metaTable, pk)) metas += 1
    if (metas > PLAIN_META_LIMIT) return true
  }
  return false
}

/**
 * The meta map of a split table after a write of `metas` (by `pks`), `records` being the table
 * after it: metas equal to the shared one are left out for pks that have a record; a write that
 * gives one meta to at least half of the records makes it the shared one (sharedMeta.ts).
 */
function splitMetasAfter(
  before: StoredMap<EntityMeta> | undefined,
  records: StoredMap<EntityRecord>,
  written: Readonly<Record<string, EntityMeta>>,
  pks: readonly string[],
  metas: readonly EntityMeta[],
  recordsWritten: number,
): StoredMap<EntityMeta> {
  const first = metas[0]
  const size = countStored(records, true)
  if (
    first !== undefined &&
    !first.deleted &&
    2 * recordsWritten >= size &&
    metas.every((meta) => sameMeta(meta, first))
  ) {
    return rebasedOn(first, records, before, written)
  }
  const shared = sharedMetaOf(before)
  const values: Array<EntityMeta | typeof REMOVE> = metas.slice()
  if (shared !== undefined) {
    for (let i = 0; i < pks.length; i++) {
      const meta = metas[i] as EntityMeta
      if (!meta.deleted && sameMeta(meta, shared) && hasStored(records, true, pks[i] as string)) {
        values[i] = REMOVE
      }
    }
  }
  return keepShared(before, updateStored(before, true, { keys: pks, values }))
}

/** Copies of the roots, being written. */
interface Roots {
  entities: Record<string, StoredMap<EntityRecord>>
  entitiesMeta: Record<string, StoredMap<EntityMeta>>
}

/**
 * Puts one table and its meta into copies of the roots; both are removed when neither holds
 * anything. A table whose records were all deleted stays (empty) while its tombstones do: the
 * kind has been stored, so `schema.All` and queries over it read an empty list, not "no data".
 */
function place(
  into: Roots,
  key: string,
  records: StoredMap<EntityRecord>,
  metas: StoredMap<EntityMeta>,
) {
  const hasMetas = Object.keys(metas).length > 0
  if (hasMetas || Object.keys(records).length > 0) setOwn(into.entities, key, records)
  else deleteOwn(into.entities, key)
  if (hasMetas) setOwn(into.entitiesMeta, key, metas)
  else deleteOwn(into.entitiesMeta, key)
}

/**
 * Writes a normalized delta immutably: each touched table copied once (or, when split, its top
 * array, each touched page and bucket; a write larger than the table builds it anew). A record whose meta says `deleted` is removed from
 * `entities`; its tombstone stays in `entitiesMeta`. The same objects when nothing was written.
 */
export function writeTables(
  state: TablesState,
  delta: EntityTables<EntityRecord>,
  deltaMeta: EntityTables<EntityMeta>,
): TablesState {
  const keys = Object.keys(deltaMeta)
  if (keys.length === 0) return state
  const next: Roots = { entities: { ...state.entities }, entitiesMeta: { ...state.entitiesMeta } }
  let layout = state.layout
  let written = 0
  // Each table's pks, listed once here and given to the change log as they are (listing the
  // keys of a table of thousands of ids makes a string of each).
  const changed: Record<string, readonly string[]> = {}
  for (const key of keys) {
    const metas = deltaMeta[key] as Record<string, EntityMeta>
    const records = getOwn<Record<string, EntityRecord>>(delta, key)
    const pks = Object.keys(metas)
    setOwn(changed, key, pks)
    written += pks.length
    let table = getOwn<StoredMap<EntityRecord>>(state.entities, key)
    let metaTable = getOwn<StoredMap<EntityMeta>>(state.entitiesMeta, key)
    // Two parallel lists per map (no pair per record): every pk has meta; most have a record.
    const metaValues: EntityMeta[] = new Array(pks.length)
    const recordPks: string[] = []
    const recordValues: Array<EntityRecord | typeof REMOVE> = []
    for (let i = 0; i < pks.length; i++) {
      const pk = pks[i] as string
      const meta = metas[pk] as EntityMeta
      metaValues[i] = meta
      const record = meta.deleted ? REMOVE : records ? getOwn<EntityRecord>(records, pk) : undefined
      if (record === undefined) continue
      recordPks.push(pk)
      recordValues.push(record)
    }
    let split = isSplitTable(layout, key)
    if (!split && outgrowsPlain(table, metaTable, recordPks, recordValues, pks)) {
      // Split first, then write into the buckets: a large write never builds a large plain map.
      table = toBuckets(table ?? {})
      metaTable = toBuckets(metaTable ?? {})
      layout = withSplitTable(layout, key, true)
      split = true
    }
    const nextTable = updateStored(table, split, { keys: recordPks, values: recordValues })
    const nextMetas = split
      ? splitMetasAfter(metaTable, nextTable, metas, pks, metaValues, recordValues.length)
      : updateStored(metaTable, false, { keys: pks, values: metaValues })
    // Deletions may leave a split table small enough to be shown plain again.
    const sized = split ? sizedDown(key, nextTable, nextMetas, layout) : undefined
    if (sized) layout = sized.layout
    place(next, key, sized?.records ?? nextTable, sized?.metas ?? nextMetas)
  }
  // The engine's memo learns what this write changed (O(changes) re-reads).
  linkSnapshots(tokenOf(state.entities), tokenOf(next.entities), changed, written)
  return { ...(next as unknown as Omit<TablesState, 'layout'>), layout }
}

/**
 * Removes records and their meta (garbage collection: no tombstones). A table left empty is
 * removed, a split table left small is made plain. The same objects when nothing was removed.
 */
export function removeFromTables(
  state: TablesState,
  pksByKey: Readonly<Record<string, readonly string[]>>,
): TablesState {
  let next: Roots | undefined
  let layout = state.layout
  for (const key of Object.keys(pksByKey)) {
    const split = isSplitTable(layout, key)
    const removals = (pksByKey[key] as readonly string[]).map((pk) => [pk, REMOVE] as const)
    const before = getOwn<StoredMap<EntityRecord>>(state.entities, key)
    const beforeMeta = getOwn<StoredMap<EntityMeta>>(state.entitiesMeta, key)
    const table = updateStored<EntityRecord>(before, split, removals)
    const removed = updateStored<EntityMeta>(beforeMeta, split, removals)
    const metaTable = split ? keepShared(beforeMeta, removed) : removed
    if (table === (before ?? table) && metaTable === (beforeMeta ?? metaTable)) continue
    next ??= { entities: { ...state.entities }, entitiesMeta: { ...state.entitiesMeta } }
    const sized = sizedDown(key, table, metaTable, layout)
    layout = sized.layout
    place(next, key, sized.records, sized.metas)
  }
  if (!next) return state
  linkSnapshots(tokenOf(state.entities), tokenOf(next.entities), pksByKey)
  return { ...(next as unknown as Omit<TablesState, 'layout'>), layout }
}
