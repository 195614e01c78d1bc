/**
 * What garbage collection needs to know that is not data: who uses which request key now (per
 * store), which requests are in flight, and the schema each key was written or read with (per
 * cache). Kept outside the state, like the requests in flight: readers and schemas are not data,
 * and a replayed history needs none of it.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import { schemaEntities } from '../normalizr/references'
import type { EntitySchemaContract } from '../normalizr/types'
import type { EntityCacheActions } from './actions'

/** Usage of one store's cache: retained keys, their last release, requests in flight. */
export class StoreUsage {
  private readonly counts = new Map<string, number>()
  private readonly released = new Map<string, number>()
  private readonly pending = new Map<string, Set<number>>()

  /** Marks `key` in use until the returned function is called (once; later calls do nothing). */
  retain(key: string): () => void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
    let held = true
    return () => {
      if (!held) return
      held = false
      const count = (this.counts.get(key) ?? 1) - 1
      if (count > 0) {
        this.counts.set(key, count)
      } else {
        this.counts.delete(key)
        this.released.set(key, Date.now())
      }
    }
  }

  /** True while at least one reader retains `key`. */
  isRetained(key: string): boolean {
    return this.counts.has(key)
  }

  /** The keys retained now. */
  retainedKeys(): IterableIterator<string> {
    return this.counts.keys()
  }

  /** When the last reader of `key` let go (epoch ms), if one ever did. */
  releasedAt(key: string): number | undefined {
    return this.released.get(key)
  }

  /** Drops the release times of keys the store no longer holds (collected, or never stored). */
  forgetReleased(stored: (key: string) => boolean): void {
    for (const key of [...this.released.keys()]) if (!stored(key)) this.released.delete(key)
  }

  /** True while a request for `key` is in flight (seen `requested`, not yet settled). */
  isPending(key: string): boolean {
    return this.pending.has(key)
  }

  /** When the earliest request in flight started; `Infinity` when none is. */
  earliestPending(): number {
    let earliest = Infinity
    for (const starts of this.pending.values()) {
      for (const start of starts) if (start < earliest) earliest = start
    }
    return earliest
  }

  /** Follows requests through the cache's actions (called by the middleware). */
  track(actions: EntityCacheActions, action: UnknownAction): void {
    if (actions.requested.match(action)) {
      const { key, fetchedAt } = action.payload
      const starts = this.pending.get(key) ?? new Set<number>()
      this.pending.set(key, starts.add(fetchedAt))
    } else if (actions.received.match(action) || actions.failed.match(action)) {
      this.settle(action.payload.key, action.payload.times.fetchedAt)
    } else if (actions.settled.match(action)) {
      this.settle(action.payload.key, action.payload.fetchedAt)
    } else if (actions.reset.match(action)) {
      this.pending.clear()
    }
  }

  private settle(key: string, fetchedAt: number): void {
    const starts = this.pending.get(key)
    if (!starts) return
    starts.delete(fetchedAt)
    if (starts.size === 0) this.pending.delete(key)
  }
}

/** Builds the per-store usage lookup of one cache (keyed by the store's `getState`). */
export function buildUsage(): (getState: () => unknown) => StoreUsage {
  const byStore = new WeakMap<() => unknown, StoreUsage>()
  return (getState) => {
    let usage = byStore.get(getState)
    if (!usage) {
      usage = new StoreUsage()
      byStore.set(getState, usage)
    }
    return usage
  }
}

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
