/**
 * An {@link EntitySource} over plain `{ [key]: { [pk]: record } }` tables, for using the engine
 * without a store (tests, benchmarks, server code). The Redux slice has its own source.
 */
import { deleteOwn, getOwn, setOwn } from '../internal/ownKeys'
import { forEachChangeBetween, linkSnapshots } from './changeLog'
import type {
  EntityMeta,
  EntityRecord,
  EntitySource,
  EntityTables,
  NormalizedResponse,
} from './types'

/** Plain entity tables and their meta. */
export interface PlainTables {
  entities: EntityTables<EntityRecord>
  entitiesMeta: EntityTables<EntityMeta>
}

const sources = new WeakMap<object, EntitySource>()

/**
 * Wraps plain tables as an {@link EntitySource}. The same `entities` object always gives the
 * same source (and one snapshot token): replace it (immutably) to publish a change. Sources of
 * tables made by {@link applyNormalized} also tell what changed since the tables they came from.
 */
export function createPlainSource(tables: PlainTables): EntitySource {
  const cached = sources.get(tables.entities)
  if (cached) return cached
  const { entities, entitiesMeta } = tables
  // A plain table is an object: a number reads the member its decimal string names.
  const readerOf = (key: string) => {
    const table = getOwn<Record<string, EntityRecord>>(entities, key)
    return (pk: string | number) => getOwn<EntityRecord>(table, pk)
  }
  const source: EntitySource = {
    // A token of its own: memo nodes keep it, and must not keep these tables alive with it.
    token: {},
    getEntity: (key, pk) => getOwn(getOwn(entities, key), pk),
    readerOf,
    idReaderOf: readerOf,
    getMeta: (key, pk) => getOwn(getOwn(entitiesMeta, key), pk),
    getTable: (key) => getOwn(entities, key),
    forEachEntity(key, fn) {
      const table = getOwn<Record<string, EntityRecord>>(entities, key)
      if (!table) return
      for (const pk of Object.keys(table)) fn(pk, table[pk] as EntityRecord)
    },
    forEachChangeSince: (token, fn) => forEachChangeBetween(token, source.token, fn),
  }
  sources.set(entities, source)
  return source
}

/** A source that holds nothing. */
export const emptySource: EntitySource = createPlainSource({ entities: {}, entitiesMeta: {} })

/**
 * Returns new tables with a {@link normalize} output written in: records replaced, deleted ones
 * removed, tombstones kept in meta. Untouched tables keep their identity.
 */
export function applyNormalized(tables: PlainTables, response: NormalizedResponse): PlainTables {
  let entities = tables.entities
  let entitiesMeta = tables.entitiesMeta
  for (const key of Object.keys(response.entitiesMeta)) {
    const metas = response.entitiesMeta[key] as Record<string, EntityMeta>
    const records = getOwn<Record<string, EntityRecord>>(response.entities, key) ?? {}
    const table = { ...getOwn<Record<string, EntityRecord>>(entities, key) }
    const metaTable = { ...getOwn<Record<string, EntityMeta>>(entitiesMeta, key) }
    for (const pk of Object.keys(metas)) {
      const meta = metas[pk] as EntityMeta
      setOwn(metaTable, pk, meta)
      if (meta.deleted) deleteOwn(table, pk)
      else if (Object.prototype.hasOwnProperty.call(records, pk)) setOwn(table, pk, records[pk])
    }
    if (entities === tables.entities) entities = { ...entities }
    if (entitiesMeta === tables.entitiesMeta) entitiesMeta = { ...entitiesMeta }
    setOwn(entities, key, table)
    setOwn(entitiesMeta, key, metaTable)
  }
  const next = { entities, entitiesMeta }
  // Readers memoized against the old tables learn what changed from this link (between the two
  // sources' tokens, which keep neither tables alive).
  if (entities !== tables.entities) {
    linkSnapshots(
      createPlainSource(tables).token,
      createPlainSource(next).token,
      response.entitiesMeta,
    )
  }
  return next
}
