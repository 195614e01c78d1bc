import { getOwn } from '../internal/ownKeys'
import type { EntityMeta, EntityRecord, EntitySource } from '../normalizr/types'
import { readBucketed } from './buckets'
import type { EntityCacheState } from './state'

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

/** The pks of a bucketed table in read order; cached per table identity. */
function orderedPks(table: Record<string, Record<string, EntityRecord>>): string[] {
  let pks = orders.get(table)
  if (!pks) {
    pks = []
    for (const bucket of Object.keys(table)) pks.push(...Object.keys(table[bucket] as object))
    pks.sort(comparePks)
    orders.set(table, pks)
  }
  return pks
}

/**
 * The engine's view of a slice state. Cached per `entities` object, which is also the snapshot
 * token: any write replaces it, and nothing else does.
 */
export function sourceOf(state: Pick<EntityCacheState, 'entities' | 'entitiesMeta'>): EntitySource {
  const { entities, entitiesMeta } = state
  let source = sources.get(entities)
  if (source) return source
  source = {
    token: entities,
    getEntity: (key, pk) => readBucketed<EntityRecord>(entities, key, pk),
    getMeta: (key, pk) => readBucketed<EntityMeta>(entitiesMeta, key, pk),
    getTable: (key) => getOwn(entities, key),
    forEachEntity(key, fn) {
      const table = getOwn<Record<string, Record<string, EntityRecord>>>(entities, key)
      if (!table) return
      for (const pk of orderedPks(table)) {
        fn(pk, readBucketed<EntityRecord>(entities, key, pk) as EntityRecord)
      }
    },
  }
  sources.set(entities, source)
  return source
}
