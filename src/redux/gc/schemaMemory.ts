/**
 * The schemas request keys were written or read with, per cache: what garbage collection walks
 * stored results with. Not data, so not in the state.
 *
 * One memory serves every store of the cache (a selector is told of a new call before any
 * store reads it, so it cannot say whose it is). So a sweep never forgets a key because its own
 * store does not hold it: another store may. Keys are kept in the order they were last used
 * (remembered, or found stored by a sweep), and the least recently used go once the memory is
 * past its bound ({@link SchemaMemory.trim}). A key forgotten that way only makes a sweep of a
 * store still holding it keep every record that round; nothing is collected wrongly.
 */
import { schemaEntities } from '../../normalizr/references'
import type { EntitySchemaContract } from '../../normalizr/types'

/**
 * The schemas request keys were written or read with (usually one per key; two Queries with
 * equal args share a key, so a key may have several), and every Entity class seen per table.
 */
export class SchemaMemory {
  private readonly byKey = new Map<string, unknown[]>()
  private readonly classes = new Map<string, Set<EntitySchemaContract>>()
  private readonly registered = new WeakSet<object>()

  /** Remembers that `key` holds (or reads) data of `schema` (`undefined`: no schema). */
  remember(key: string, schema: unknown): void {
    const schemas = this.byKey.get(key)
    if (!schemas) this.byKey.set(key, [schema])
    else {
      this.touch(key)
      if (!schemas.includes(schema)) schemas.push(schema)
    }
    if ((typeof schema === 'object' || typeof schema === 'function') && schema !== null) {
      if (this.registered.has(schema)) return
      this.registered.add(schema)
      for (const [table, found] of schemaEntities(schema)) {
        const known = this.classes.get(table) ?? new Set()
        for (const entity of found) known.add(entity)
        this.classes.set(table, known)
      }
    }
  }

  /** The schemas of `key`, or `undefined` when it is unknown (never written or read here). */
  schemasOf(key: string): readonly unknown[] | undefined {
    return this.byKey.get(key)
  }

  /** Every Entity class seen for a table (summary and detail classes share one). */
  classesOf(table: string): ReadonlySet<EntitySchemaContract> | undefined {
    return this.classes.get(table)
  }

  /** Marks `key` as used now (a store holds it): the last to be forgotten by {@link trim}. */
  touch(key: string): void {
    const schemas = this.byKey.get(key)
    if (schemas === undefined) return
    this.byKey.delete(key)
    this.byKey.set(key, schemas)
  }

  /** Forgets the least recently used keys past the first `max`. */
  trim(max: number): void {
    let excess = this.byKey.size - max
    if (excess <= 0) return
    for (const key of this.byKey.keys()) {
      if (excess-- <= 0) break
      this.byKey.delete(key)
    }
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.byKey.size
  }
}
