/**
 * Selectors for one record or one table by entity key and pk, whatever the storage layout:
 * `cache.selectRecord(key, pk)` (the stored plain record), `cache.selectTable(key)` (the table as
 * one plain object), `cache.selectEntity(Entity, pk)` (the Entity instance, as every other read
 * of the cache builds it). Equal arguments give the same selector; a selector's value keeps its
 * reference while the record (or table) is unchanged.
 */
import { getOwn } from '../../internal/ownKeys'
import type { EntityRecord, EntitySchemaContract } from '../../normalizr/types'
import { readSourceOf } from '../slice/entitySource'
import { isSplitTable } from '../slice/layout'
import type { EntityCacheState } from '../slice/state'
import type { StoredMap } from '../slice/storedMap'
import { plainView } from '../slice/storedMap'
import { getRecord } from '../slice/tables'
import { LruMap } from './lru'
import { memoSelector } from './memoSelector'
import type { ReadLane } from './readLanes'

/** How many record (or entity) selectors each table keeps. */
const SELECTORS_PER_TABLE = 500

const EMPTY: Readonly<Record<string, EntityRecord>> = Object.freeze({})

/** Builds the record selectors of one cache. */
export function buildRecordSelectors(
  selectSlice: (root: unknown) => EntityCacheState,
  /** The read lane of a root state (its store's memo). */
  laneOf: (root: unknown) => ReadLane,
) {
  const records = new Map<string, LruMap<string, (root: unknown) => EntityRecord | undefined>>()
  const tables = new Map<string, (root: unknown) => Readonly<Record<string, EntityRecord>>>()
  let instances = new WeakMap<object, LruMap<string, (root: unknown) => unknown>>()

  /** The cached selector of `id` in `byId`, made by `make` the first time. */
  function cached<T>(byId: LruMap<string, T>, id: string, make: () => T): T {
    let selector = byId.get(id)
    if (!selector) byId.set(id, (selector = make()))
    return selector
  }

  return {
    /**
     * Drops the Entity instance selectors made so far (after a reset or a sweep): none keeps old
     * instances alive. The record and table selectors remember nothing, and stay.
     */
    forgetInstances(): void {
      instances = new WeakMap()
    },
    /** The stored record (plain JSON) of `key`/`pk`; `undefined` when missing or deleted. */
    selectRecord(key: string, pk: string | number) {
      let byPk = records.get(key)
      if (!byPk) records.set(key, (byPk = new LruMap(SELECTORS_PER_TABLE)))
      const id = String(pk)
      return cached(byPk, id, () => (root: unknown) => getRecord(selectSlice(root), key, id))
    },

    /** Every stored record of table `key` as one `{ [pk]: record }` (empty when none). */
    selectTable(key: string) {
      let selector = tables.get(key)
      if (!selector) {
        selector = (root: unknown) => {
          const slice = selectSlice(root)
          const table = getOwn<StoredMap<EntityRecord>>(slice.entities, key)
          if (!table) return EMPTY
          // A split table read whole: one plain copy per table object.
          return plainView<EntityRecord>(table, isSplitTable(slice.layout, key))
        }
        tables.set(key, selector)
      }
      return selector
    },

    /** The Entity instance of `pk` (with its members resolved); `undefined` when missing. */
    selectEntity(entity: EntitySchemaContract, pk: string | number) {
      let byPk = instances.get(entity)
      if (!byPk) instances.set(entity, (byPk = new LruMap(SELECTORS_PER_TABLE)))
      const id = String(pk)
      return cached(byPk, id, () =>
        memoSelector(
          [
            (root: unknown) => selectSlice(root).entities,
            (root: unknown) => selectSlice(root).entitiesMeta,
            (root: unknown) => selectSlice(root).layout,
            (root: unknown) => selectSlice(root).optimistic,
          ],
          laneOf,
          (lane, _previous, entities, entitiesMeta, layout, optimistic) =>
            lane.memo.getEntity(
              entity,
              id,
              readSourceOf({ entities, entitiesMeta, layout, optimistic }),
            ),
        ),
      )
    },
  }
}
