/**
 * Garbage collection: which results and records of a slice nobody uses any more. The plan is
 * computed here, outside the reducer (it needs schemas, readers and requests in flight, none of
 * which are data), and dispatched as one `collected` action naming what to forget.
 *
 * - A request key goes when no reader retains it, no request for it is in flight, no optimistic
 *   write belongs to it, and it was last used (released, written or invalidated) at or before
 *   `now - olderThan`.
 * - A record goes when nothing that stays reaches it: not a remaining result (walked with its
 *   schema through the stored records), not a table a retained Query (or a get answered from the
 *   tables) reads, not an optimistic write. When a remaining result's or a retained reader's
 *   schema is unknown, no record goes in that sweep.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
 */
import { setOwn } from '../../internal/ownKeys'
import { ReferenceWalker, schemaEntities } from '../../normalizr/references'
import type { EntitySchemaContract } from '../../normalizr/types'
import type { InFlightRequests } from '../runtime/inFlight'
import type { RetainedKeys } from '../runtime/retained'
import type { CollectedPayload } from '../slice/actions'
import { readSourceOf, sourceOf } from '../slice/entitySource'
import { getRequestMeta, getResult, hasResult, requestKeys, resultKeys } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'
import { forEachEntityMeta } from '../slice/tables'
import type { SchemaMemory } from './schemaMemory'

/** Options of `controller.collectGarbage`. */
export interface CollectGarbageOptions {
  /** The time to judge by (epoch ms). Default `Date.now()`. */
  now?: number | undefined
  /** How long (ms) a result must have gone unused to be collected. Default: the cache's `gcTime`. */
  olderThan?: number | undefined
}

/** What planning a sweep needs. */
export interface GcInputs {
  slice: EntityCacheState
  /** Which keys readers of the store use now. */
  retained: RetainedKeys
  /** The store's requests in flight. */
  requests: InFlightRequests
  schemas: SchemaMemory
  now: number
  olderThan: number
}

/** What one sweep forgets. */
export function planCollection(input: GcInputs): CollectedPayload {
  const keys = collectableKeys(input)
  return { keys, entities: collectableEntities(input, new Set(keys)) }
}

function collectableKeys({ slice, retained, requests, now, olderThan }: GcInputs): string[] {
  const cutoff = now - olderThan
  const layered = new Set(slice.optimistic.map((layer) => layer.key))
  const keys: string[] = []
  for (const key of new Set([...resultKeys(slice), ...requestKeys(slice)])) {
    if (retained.isRetained(key) || layered.has(key) || requests.isPending(key)) continue
    const meta = getRequestMeta(slice, key)
    const lastUse = Math.max(
      retained.releasedAt(key) ?? 0,
      meta?.date ?? 0,
      meta?.invalidatedAt ?? 0,
    )
    if (lastUse <= cutoff) keys.push(key)
  }
  return keys
}

/** Tables named by `schemas`, closed over every class known for each table. */
function tablesOf(schemas: readonly unknown[], memory: SchemaMemory, into: Set<string>): void {
  const work: unknown[] = [...schemas]
  while (work.length > 0) {
    for (const table of schemaEntities(work.pop()).keys()) {
      if (into.has(table)) continue
      into.add(table)
      for (const entity of memory.classesOf(table) ?? []) work.push(entity)
    }
  }
}

function collectableEntities(input: GcInputs, collected: Set<string>): Record<string, string[]> {
  const { slice, retained, requests, schemas } = input
  const roots: Array<[schema: unknown, value: unknown]> = []
  for (const key of resultKeys(slice)) {
    if (collected.has(key)) continue
    const known = schemas.schemasOf(key)
    if (!known) return {} // unknown schema: keep every record this sweep
    for (const schema of known) roots.push([schema, getResult(slice, key)])
  }
  // Retained readers that read the tables themselves (Queries, gets answered from the tables)
  // keep every record of the tables their schema names.
  const keptTables = new Set<string>()
  for (const key of retained.retainedKeys()) {
    if (hasResult(slice, key)) continue
    const known = schemas.schemasOf(key)
    if (!known) return {}
    tablesOf(known, schemas, keptTables)
  }
  const layered: Array<[entity: EntitySchemaContract, pk: string]> = []
  for (const layer of slice.optimistic) {
    for (const table of Object.keys(layer.entitiesMeta)) {
      const classes = schemas.classesOf(table)
      if (!classes) return {}
      for (const pk of Object.keys(layer.entitiesMeta[table] as object)) {
        for (const entity of classes) layered.push([entity, pk])
      }
    }
  }
  const reached = walk(slice, schemas, roots, layered, keptTables)
  return unreached(slice, reached, keptTables, requests.earliestStart())
}

/** Every record the roots reach, by table (over the confirmed tables and what readers see). */
function walk(
  slice: EntityCacheState,
  schemas: SchemaMemory,
  roots: Array<[unknown, unknown]>,
  layered: Array<[EntitySchemaContract, string]>,
  keptTables: ReadonlySet<string>,
): Map<string, Set<string>> {
  const reached = new Map<string, Set<string>>()
  const sources =
    slice.optimistic.length > 0 ? [sourceOf(slice), readSourceOf(slice)] : [sourceOf(slice)]
  for (const source of sources) {
    const followed = new Map<EntitySchemaContract, Set<string>>()
    const walker: ReferenceWalker = new ReferenceWalker(source, (entity, pk) => {
      // A kept table stays whole, and the tables its records point to are kept too.
      if (keptTables.has(entity.key)) return false
      let pks = reached.get(entity.key)
      if (!pks) reached.set(entity.key, (pks = new Set()))
      pks.add(pk)
      let done = followed.get(entity)
      if (!done) followed.set(entity, (done = new Set()))
      if (done.has(pk)) return false
      done.add(pk)
      // Another class of the same table (summary and detail) may name more of its members.
      for (const other of schemas.classesOf(entity.key) ?? []) {
        if (!followed.get(other)?.has(pk)) walker.add(other, pk)
      }
      return true
    })
    for (const [schema, value] of roots) walker.add(schema, value)
    for (const [entity, pk] of layered) walker.add(entity, pk)
    walker.run()
  }
  return reached
}

/** The records (by table) that nothing reaches. */
function unreached(
  slice: EntityCacheState,
  reached: Map<string, Set<string>>,
  keptTables: ReadonlySet<string>,
  earliestPending: number,
): Record<string, string[]> {
  const entities: Record<string, string[]> = {}
  for (const table of Object.keys(slice.entitiesMeta)) {
    if (keptTables.has(table)) continue
    const kept = reached.get(table)
    const pks: string[] = []
    forEachEntityMeta(slice, table, (pk, meta) => {
      if (kept?.has(pk)) return
      // A tombstone stays while a request older than the delete (started before it, or before
      // it was confirmed) is in flight: its response must not bring the entity back.
      if (meta.deleted && earliestPending < (meta.confirmedAt ?? meta.fetchedAt)) return
      pks.push(pk)
    })
    if (pks.length > 0) setOwn(entities, table, pks.sort())
  }
  return entities
}
