import { getOwn } from '../../internal/ownKeys'
import { forEachChangeBetween } from '../../normalizr/changeLog'
import type { EntityMeta, EntityRecord, EntitySource } from '../../normalizr/types'
import { isSplitTable } from './layout'
import type { EntityCacheState, OptimisticLayer } from './state'
import type { SplitMap, StoredMap } from './storedMap'
import { keysOfStored, splitReader } from './storedMap'
import { splitMetaReader } from './sharedMeta'
import { tokenOf } from './snapshotToken'
import type { TablesState } from './tables'
import { getRecord } from './tables'

const sources = new WeakMap<object, EntitySource>()
const orders = new WeakMap<object, string[]>()

const INTEGER = /^(?:0|[1-9]\d*)$/

/** Integer-like ids ascending first, then the rest in code-unit order (like object key order). */
function comparePks(a: string, b: string): number {
  const ai = INTEGER.test(a)
  const bi = INTEGER.test(b)
  if (ai && bi) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
  if (ai !== bi) return ai ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

/** The pks of a table in read order, whatever its layout; cached per table identity. */
function orderedPks(table: StoredMap<EntityRecord>, split: boolean): string[] {
  let pks = orders.get(table)
  if (!pks) {
    pks = keysOfStored(table, split).sort(comparePks)
    orders.set(table, pks)
  }
  return pks
}

/** Reads one table of `root` by pk, whatever its layout. */
function readerOf<T>(
  root: object,
  key: string,
  layout: TablesState['layout'],
): (pk: string | number) => T | undefined {
  const table = getOwn<StoredMap<T>>(root, key)
  if (table === undefined) return () => undefined
  return isSplitTable(layout, key)
    ? splitReader(table as SplitMap<T>)
    : (pk: string | number) => getOwn<T>(table, pk)
}

/** Reads the meta of table `key`: its entries, and the shared meta of a split table. */
function metaReaderOf(tables: TablesState, key: string): (pk: string) => EntityMeta | undefined {
  const own = readerOf<EntityMeta>(tables.entitiesMeta, key, tables.layout)
  if (!isSplitTable(tables.layout, key)) return own
  const record = readerOf<EntityRecord>(tables.entities, key, tables.layout)
  return splitMetaReader(getOwn(tables.entitiesMeta, key), own, record)
}

/**
 * The engine's view of a slice state. Cached per `entities` object: any write replaces it, and
 * nothing else does, so one source (and one snapshot token) per `entities` object.
 */
export function sourceOf(state: TablesState): EntitySource {
  const { entities } = state
  let source = sources.get(entities)
  if (source) return source
  const tables: TablesState = { entities, entitiesMeta: state.entitiesMeta, layout: state.layout }
  // Each table is resolved once per snapshot (its map and layout), not on every record read.
  const records = new Map<string, (pk: string | number) => EntityRecord | undefined>()
  const metas = new Map<string, (pk: string) => EntityMeta | undefined>()
  let lastRecordKey: string | undefined
  let lastRecordRead: ((pk: string | number) => EntityRecord | undefined) | undefined
  const recordReader = (key: string) => {
    let read = records.get(key)
    if (!read) records.set(key, (read = readerOf<EntityRecord>(entities, key, tables.layout)))
    return read
  }
  source = {
    token: tokenOf(entities),
    readerOf: recordReader,
    idReaderOf: recordReader,
    // Writes link snapshots with the records they changed (tables.ts): a memoized read after a
    // small write costs what the write reached, not a look at everything it read.
    forEachChangeSince: (since, fn) => forEachChangeBetween(since, tokenOf(entities), fn),
    getEntity(key, pk) {
      // Reads come in runs of one class (lists): the last table's reader is kept at hand.
      if (key !== lastRecordKey) {
        lastRecordKey = key
        lastRecordRead = recordReader(key)
      }
      return (lastRecordRead as (pk: string | number) => EntityRecord | undefined)(pk)
    },
    getMeta(key, pk) {
      let read = metas.get(key)
      if (!read) metas.set(key, (read = metaReaderOf(tables, key)))
      return read(pk)
    },
    getTable: (key) => getOwn(entities, key),
    forEachEntity(key, fn) {
      const table = getOwn<StoredMap<EntityRecord>>(entities, key)
      if (!table) return
      for (const pk of orderedPks(table, isSplitTable(tables.layout, key))) {
        fn(pk, getRecord(tables, key, pk) as EntityRecord)
      }
    },
  }
  sources.set(entities, source)
  return source
}

const overlays = new WeakMap<object, WeakMap<object, EntitySource>>()
const overlayTables = new WeakMap<object, Map<string, object>>()
/**
 * Records shown through layers, found by the newest layer touching them, then key and pk: the
 * same object while the stored record and the layers touching it are the same (layers come and
 * go for other records without making new objects for this one).
 */
const shown = new WeakMap<OptimisticLayer, Map<string, Shown>>()

/** A record as shown through layers, and what it was made from. */
interface Shown {
  base: EntityRecord | undefined
  baseMeta: EntityMeta | undefined
  layers: readonly OptimisticLayer[]
  record: EntityRecord | undefined
}

const sameLayers = (a: readonly OptimisticLayer[], b: readonly OptimisticLayer[]) =>
  a.length === b.length && a.every((layer, i) => layer === b[i])

/** True when `layer` writes or deletes the record `key`/`pk`. */
function touches(layer: OptimisticLayer, key: string, pk: string): boolean {
  return getOwn(getOwn(layer.entitiesMeta, key), pk) !== undefined
}

/** True when the record's write (`stored`) is a confirmed mutation started after the layer's. */
function supersedes(stored: EntityMeta, layer: EntityMeta): boolean {
  return stored.confirmedAt !== undefined && stored.fetchedAt > layer.fetchedAt
}

/**
 * What the layers (oldest first) make of one record: each layer's fields over the record as the
 * layers before it left it (a shallow merge); a tombstone hides it (`undefined`). A layer goes
 * under the record instead when the record was written by a confirmed mutation that started
 * after the layer's own (`baseMeta`; two mutations compare their starts, as in `order.ts`): the
 * newer edit keeps its fields, the layer adds only fields the record lacks. A read never hides
 * a pending edit: the server may have answered it before applying the edit.
 */
function throughLayers(
  layers: readonly OptimisticLayer[],
  key: string,
  pk: string,
  base: EntityRecord | undefined,
  baseMeta: EntityMeta | undefined,
): EntityRecord | undefined {
  let record = base
  for (const layer of layers) {
    const meta = getOwn<EntityMeta>(getOwn(layer.entitiesMeta, key), pk)
    if (meta === undefined) continue
    if (meta.deleted) {
      record = undefined
      continue
    }
    const change = getOwn<EntityRecord>(getOwn(layer.entities, key), pk)
    if (change === undefined) continue
    if (!record) record = change
    else if (base && baseMeta && supersedes(baseMeta, meta)) record = { ...change, ...record }
    else record = { ...record, ...change }
  }
  return record
}

/**
 * What readers see: the confirmed tables with the optimistic layers on top. Each layer holds
 * only the fields its write changes, applied over the record in the order the writes started; a
 * tombstone hides. Without layers it is {@link sourceOf}. Writes normalize against
 * {@link sourceOf} (confirmed data only), so optimistic values never leak into the tables.
 */
export function readSourceOf(
  state: TablesState & Pick<EntityCacheState, 'optimistic'>,
): EntitySource {
  const layers = state.optimistic
  const base = sourceOf(state)
  if (!layers || layers.length === 0) return base
  let byLayers = overlays.get(state.entities)
  if (!byLayers) {
    byLayers = new WeakMap()
    overlays.set(state.entities, byLayers)
  }
  const cached = byLayers.get(layers)
  if (cached) return cached
  const token = {}
  const touchedKeys = new Set<string>()
  for (const layer of layers)
    for (const key of Object.keys(layer.entitiesMeta)) touchedKeys.add(key)
  const layered = (key: string, pk: string): EntityRecord | undefined => {
    const stored = base.getEntity(key, pk)
    if (!touchedKeys.has(key)) return stored
    const touching = layers.filter((layer) => touches(layer, key, pk))
    if (touching.length === 0) return stored
    const newest = touching[touching.length - 1] as OptimisticLayer
    let memos = shown.get(newest)
    if (!memos) shown.set(newest, (memos = new Map()))
    const id = `${key.length}:${key}${pk}`
    const memo = memos.get(id)
    const storedMeta = stored === undefined ? undefined : base.getMeta(key, pk)
    if (
      memo &&
      memo.base === stored &&
      memo.baseMeta === storedMeta &&
      sameLayers(memo.layers, touching)
    ) {
      return memo.record
    }
    const record = throughLayers(touching, key, pk, stored, storedMeta)
    memos.set(id, { base: stored, baseMeta: storedMeta, layers: touching, record })
    return record
  }
  const source: EntitySource = {
    token,
    getEntity: layered,
    getMeta: (key, pk) => base.getMeta(key, pk),
    getTable(key) {
      const table = base.getTable(key)
      if (!touchedKeys.has(key)) return table
      // A fresh identity per (tables, layers): anything reading the whole table rereads it.
      let byKey = overlayTables.get(token)
      if (!byKey) {
        byKey = new Map()
        overlayTables.set(token, byKey)
      }
      let identity = byKey.get(key)
      if (!identity) {
        identity = {}
        byKey.set(key, identity)
      }
      return identity
    },
    forEachEntity(key, fn) {
      const seen = new Set<string>()
      base.forEachEntity(key, (pk) => {
        seen.add(pk)
        const record = layered(key, pk)
        if (record !== undefined) fn(pk, record)
      })
      for (const layer of layers) {
        for (const pk of Object.keys(getOwn<object>(layer.entities, key) ?? {})) {
          if (seen.has(pk)) continue
          seen.add(pk)
          const record = layered(key, pk)
          if (record !== undefined) fn(pk, record)
        }
      }
    },
  }
  byLayers.set(layers, source)
  return source
}
