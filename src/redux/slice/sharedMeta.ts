/**
 * The meta of a split entity table, stored once where records share it. A large table is mostly
 * written by large responses, and every record of one response has the same meta (when it was
 * fetched, when it expires). A split meta map's summary may hold that meta as `shared`: every
 * record of the table without an entry of its own has it. Entries are kept for the rest:
 * records written by other responses, and tombstones (which have no record).
 *
 * The shared meta is chosen by the write that gives one meta to at least half of the table's
 * records (a list fetched whole, typically), so the cost of re-deriving the entries is at most
 * twice that write's own size. Plain tables (up to 1,024 entries) keep one entry per record.
 */
import { hasOwn, setOwn } from '../../internal/ownKeys'
import type { EntityMeta, EntityRecord } from '../../normalizr/types'
import type { SplitMap, SplitSummary, StoredKey } from './splitMap'
import { storedKeyOf, SUMMARY } from './splitMap'
import { buildSplit } from './splitWrite'
import type { StoredMap } from './storedMap'
import { forEachStored, hasStored } from './storedMap'

/** The meta shared by a split table's records without an entry of their own, if any. */
export function sharedMetaOf(metas: StoredMap<EntityMeta> | undefined): EntityMeta | undefined {
  return metas === undefined
    ? undefined
    : ((metas as SplitMap<EntityMeta>)[SUMMARY]?.shared as EntityMeta | undefined)
}

/**
 * Puts `shared` in the summary of `fresh`, a split map this write has just made (nobody holds it
 * yet, so its summary is replaced in place rather than its top array copied once more).
 */
function setShared(fresh: StoredMap<EntityMeta>, shared: EntityMeta): StoredMap<EntityMeta> {
  const top = fresh as unknown as [SplitSummary, ...unknown[]]
  top[SUMMARY] = { ...top[SUMMARY], shared }
  return fresh
}

/**
 * `after`, the meta map a write made from `before`, keeping `before`'s shared meta. A split
 * write gives back `before` itself when it changes nothing, else a new map with a new summary.
 */
export function keepShared(
  before: StoredMap<EntityMeta> | undefined,
  after: StoredMap<EntityMeta>,
): StoredMap<EntityMeta> {
  const shared = sharedMetaOf(before)
  return after === before || shared === undefined ? after : setShared(after, shared)
}

/** True when two metas say the same (so one can stand for the other). */
export function sameMeta(a: EntityMeta, b: EntityMeta): boolean {
  return (
    a === b ||
    (a.fetchedAt === b.fetchedAt &&
      a.date === b.date &&
      a.expiresAt === b.expiresAt &&
      a.confirmedAt === b.confirmedAt &&
      a.deleted === b.deleted)
  )
}

/**
 * Reads the meta of a split table by pk: its own entry, else the shared meta when the pk has a
 * record. `own` and `record` read the table's meta map and records map.
 */
export function splitMetaReader(
  metas: StoredMap<EntityMeta> | undefined,
  own: (pk: string) => EntityMeta | undefined,
  record: (pk: string) => EntityRecord | undefined,
): (pk: string) => EntityMeta | undefined {
  const shared = sharedMetaOf(metas)
  if (shared === undefined) return own
  return (pk) => own(pk) ?? (record(pk) !== undefined ? shared : undefined)
}

/** Every pk of a split table with its meta: the entries, then the records that share one. */
export function forEachSplitMeta(
  records: StoredMap<EntityRecord> | undefined,
  metas: StoredMap<EntityMeta> | undefined,
  fn: (pk: string, meta: EntityMeta) => void,
): void {
  forEachStored<EntityMeta>(metas, true, fn)
  const shared = sharedMetaOf(metas)
  if (shared === undefined) return
  forEachStored<EntityRecord>(records, true, (pk) => {
    if (!hasStored(metas, true, pk)) fn(pk, shared)
  })
}

/** Every pk's meta as one plain map (for a table made plain again). */
export function plainMetas(
  records: StoredMap<EntityRecord> | undefined,
  metas: StoredMap<EntityMeta> | undefined,
): Record<string, EntityMeta> {
  const plain: Record<string, EntityMeta> = {}
  forEachSplitMeta(records, metas, (pk, meta) => setOwn(plain, pk, meta))
  return plain
}

/**
 * The meta map of a split table after a write that gave `meta` to each of its pks (`written`, by
 * pk) and to at least half of the table's records: `meta` shared, and an entry for every other
 * pk (tombstones, and records with another meta). `records` is the table after the write,
 * `before` the meta map before it. Built anew, in one pass over the table and the write.
 */
export function rebasedOn(
  meta: EntityMeta,
  records: StoredMap<EntityRecord>,
  before: StoredMap<EntityMeta> | undefined,
  written: Readonly<Record<string, EntityMeta>>,
): StoredMap<EntityMeta> {
  const keys: StoredKey[] = []
  const values: EntityMeta[] = []
  const keep = (pk: string, own: EntityMeta) => {
    if (!own.deleted && sameMeta(own, meta) && hasStored(records, true, pk)) return
    keys.push(storedKeyOf(pk))
    values.push(own)
  }
  forEachSplitMeta(records, before, (pk, own) => {
    if (!hasOwn(written, pk)) keep(pk, own)
  })
  for (const pk of Object.keys(written)) keep(pk, written[pk] as EntityMeta)
  return setShared(buildSplit(keys, values), meta)
}
