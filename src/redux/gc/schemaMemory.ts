/**
 * The schemas request keys were written or read with, per cache: what garbage collection walks
 * stored results with. Not data, so not in the state.
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
    else if (!schemas.includes(schema)) schemas.push(schema)
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

  /** The keys remembered. */
  keys(): IterableIterator<string> {
    return this.byKey.keys()
  }

  /** Forgets the schema of `key`. */
  forget(key: string): void {
    this.byKey.delete(key)
  }
}
