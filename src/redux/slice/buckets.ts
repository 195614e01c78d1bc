/**
 * Entity tables are split into a fixed number of buckets by a hash of the pk, so that writing
 * one record into a 100,000-record table copies one small bucket instead of the whole table
 * (immutable updates are O(bucket), not O(table)). Deterministic: replaying actions rebuilds
 * the same layout.
 */
import { deleteOwn, getOwn, setOwn } from '../../internal/ownKeys'
import type { EntityMeta, EntityRecord, EntityTables } from '../../normalizr/types'
import type { BucketedTables } from './state'

/** How many buckets a table has (at most). */
export const BUCKET_COUNT = 1024

/** The bucket of a pk: FNV-1a of its UTF-16 code units, modulo {@link BUCKET_COUNT}. */
export function bucketOf(pk: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < pk.length; i++) {
    hash ^= pk.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return String((hash >>> 0) % BUCKET_COUNT)
}

/** Reads one member of a bucketed table. */
export function readBucketed<T>(tables: BucketedTables<T>, key: string, pk: string): T | undefined {
  return getOwn<T>(getOwn(getOwn(tables, key), bucketOf(pk)), pk)
}

/**
 * Writes a normalized delta into bucketed tables immutably: each touched bucket, table and the
 * root are copied once. Records whose meta says `deleted` are removed from `entities`.
 * Returns the new `{ entities, entitiesMeta }` (the same objects when nothing was written).
 */
export function writeBucketed(
  entities: BucketedTables<EntityRecord>,
  entitiesMeta: BucketedTables<EntityMeta>,
  delta: EntityTables<EntityRecord>,
  deltaMeta: EntityTables<EntityMeta>,
): { entities: BucketedTables<EntityRecord>; entitiesMeta: BucketedTables<EntityMeta> } {
  const keys = Object.keys(deltaMeta)
  if (keys.length === 0) return { entities, entitiesMeta }
  const nextEntities = { ...entities }
  const nextMeta = { ...entitiesMeta }
  for (const key of keys) {
    const metas = deltaMeta[key] as Record<string, EntityMeta>
    const records = getOwn<Record<string, EntityRecord>>(delta, key)
    const table = { ...getOwn<Record<string, Record<string, EntityRecord>>>(entities, key) }
    const metaTable = { ...getOwn<Record<string, Record<string, EntityMeta>>>(entitiesMeta, key) }
    const copied = new Set<string>()
    for (const pk of Object.keys(metas)) {
      const bucket = bucketOf(pk)
      if (!copied.has(bucket)) {
        copied.add(bucket)
        setOwn(table, bucket, { ...getOwn<object>(table, bucket) })
        setOwn(metaTable, bucket, { ...getOwn<object>(metaTable, bucket) })
      }
      const meta = metas[pk] as EntityMeta
      setOwn(getOwn(metaTable, bucket) as object, pk, meta)
      const records$ = getOwn(table, bucket) as Record<string, EntityRecord>
      if (meta.deleted) deleteOwn(records$, pk)
      else if (records && Object.prototype.hasOwnProperty.call(records, pk)) {
        setOwn(records$, pk, records[pk])
      }
    }
    setOwn(nextEntities, key, table)
    setOwn(nextMeta, key, metaTable)
  }
  return { entities: nextEntities, entitiesMeta: nextMeta }
}

/**
 * Removes records and their meta from bucketed tables immutably (each touched bucket and table
 * copied once). A bucket or table left empty is removed, so the layout is what it would be had
 * the records never been written. Returns the same objects when nothing was removed.
 */
export function removeBucketed(
  entities: BucketedTables<EntityRecord>,
  entitiesMeta: BucketedTables<EntityMeta>,
  pksByKey: Readonly<Record<string, readonly string[]>>,
): { entities: BucketedTables<EntityRecord>; entitiesMeta: BucketedTables<EntityMeta> } {
  let nextEntities = entities
  let nextMeta = entitiesMeta
  for (const key of Object.keys(pksByKey)) {
    const pks = pksByKey[key] as readonly string[]
    const table = getOwn<Record<string, Record<string, EntityRecord>>>(entities, key)
    const metaTable = getOwn<Record<string, Record<string, EntityMeta>>>(entitiesMeta, key)
    const records = withoutPks(table, pks)
    const metas = withoutPks(metaTable, pks)
    if (records !== table) {
      if (nextEntities === entities) nextEntities = { ...entities }
      if (records) setOwn(nextEntities, key, records)
      else deleteOwn(nextEntities, key)
    }
    if (metas !== metaTable) {
      if (nextMeta === entitiesMeta) nextMeta = { ...entitiesMeta }
      if (metas) setOwn(nextMeta, key, metas)
      else deleteOwn(nextMeta, key)
    }
  }
  return { entities: nextEntities, entitiesMeta: nextMeta }
}

/** One table without `pks`: the same object when none was there, `undefined` when emptied. */
function withoutPks<T>(
  table: Record<string, Record<string, T>> | undefined,
  pks: readonly string[],
): Record<string, Record<string, T>> | undefined {
  if (!table) return table
  let next: Record<string, Record<string, T>> | undefined
  const copied = new Set<string>()
  for (const pk of pks) {
    const bucket = bucketOf(pk)
    const current = getOwn<Record<string, T>>(next ?? table, bucket)
    if (!current || !Object.prototype.hasOwnProperty.call(current, pk)) continue
    next ??= { ...table }
    if (!copied.has(bucket)) {
      copied.add(bucket)
      setOwn(next, bucket, { ...current })
    }
    const records = getOwn(next, bucket) as Record<string, T>
    deleteOwn(records, pk)
    if (Object.keys(records).length === 0) {
      deleteOwn(next, bucket)
      copied.delete(bucket)
    }
  }
  if (!next) return table
  return Object.keys(next).length === 0 ? undefined : next
}
