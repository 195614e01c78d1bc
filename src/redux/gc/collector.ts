/**
 * The garbage collector of one cache: `collectGarbage` for a store (plan, then one `collected`
 * action), `retain` for readers, the schemas per key, and automatic sweeps.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
 */
import { keyOf } from '../read/readableKey'
import { isDev } from '../../internal/env'
import type { Readable } from '../read/readCall'
import type { StoreRuntime } from '../runtime/storeRuntime'
import type { CollectedPayload, EntityCacheActions } from '../slice/actions'
import { getRequestMeta, hasResult, requestKeys, resultKeys } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'
import type { CollectGarbageOptions } from './plan'
import { planCollection } from './plan'
import { SchemaMemory } from './schemaMemory'

/** Keys whose schemas are kept whatever the stores hold. */
const SCHEMA_ROOM = 4_096
/** How far past its bound the memory may grow between sweeps before it is trimmed. */
const SCHEMA_SLACK = 1_024
/** How many times the keys of the largest swept store the schema memory keeps beyond that. */
const STORES_ROOM = 4

/** What the collector needs from its cache. */
export interface CollectorDeps {
  actions: EntityCacheActions
  selectSlice: (root: unknown) => EntityCacheState
  /** Default `olderThan` (ms). */
  gcTime: number
  /** Automatic sweep period (ms); 0 = none. */
  gcInterval: number
  /** The store's present root state, not an earlier one DevTools shows (see FetchDeps). */
  presentRoot: (runtime: StoreRuntime, root: unknown) => unknown
}

/** Builds the collector of one cache. */
export function buildCollector(deps: CollectorDeps) {
  const { actions, selectSlice, gcTime, gcInterval, presentRoot } = deps
  const schemas = new SchemaMemory()
  /** The most keys one swept store held (the schema memory keeps room for several such). */
  let largestStore = 0

  /** Plans one sweep of the runtime's store and dispatches it (when it forgets anything). */
  function collectGarbage(
    runtime: StoreRuntime,
    options: CollectGarbageOptions = {},
  ): CollectedPayload {
    const { store, retained, requests } = runtime
    // Planned on the present: DevTools may show an earlier state, and the action it appends
    // applies to the latest one.
    const present = () => selectSlice(presentRoot(runtime, store.getState()))
    const payload = planCollection({
      slice: present(),
      retained,
      requests,
      schemas,
      now: options.now ?? Date.now(),
      olderThan: options.olderThan ?? gcTime,
    })
    if (payload.keys.length > 0 || Object.keys(payload.entities).length > 0) {
      store.dispatch(actions.collected(payload))
    }
    // Bookkeeping of keys this store no longer holds is dropped, so it stays bounded. Schemas
    // are shared by every store of the cache: the ones this store uses are marked as used, and
    // the memory keeps the most recently used, with room for several stores' keys.
    const slice = present()
    const stored = (key: string) =>
      hasResult(slice, key) || getRequestMeta(slice, key) !== undefined
    retained.forgetReleased(stored)
    const held = new Set([...requestKeys(slice), ...resultKeys(slice), ...retained.retainedKeys()])
    for (const key of held) schemas.touch(key)
    largestStore = Math.max(largestStore, held.size)
    schemas.trim(schemaBound())
    return payload
  }

  /** How many keys' schemas are kept: room for every store's keys, at least SCHEMA_ROOM. */
  const schemaBound = () => SCHEMA_ROOM + STORES_ROOM * largestStore

  /**
   * Remembers `key`'s schema. Keys read and let go without sweeps (a filter typed into a Query,
   * with `gcInterval: 0`) would pile up: past its bound, the memory drops its least recently used.
   */
  function remember(key: string, schema: unknown): void {
    schemas.remember(key, schema)
    if (schemas.size > schemaBound() + SCHEMA_SLACK) schemas.trim(schemaBound())
  }

  /** Marks the call's key in use by a reader until the returned function is called. */
  function retain(runtime: StoreRuntime, readable: Readable, args: readonly unknown[]) {
    const key = keyOf(readable, args, 'cache.retain')
    remember(key, readable.schema)
    const release = runtime.retained.retain(key)
    return () => {
      release()
      // A key its store does not hold (a Query's, a call never fetched) has nothing to age:
      // no release time is kept for it, so reading many such keys leaves nothing behind.
      let slice: EntityCacheState
      try {
        slice = selectSlice(runtime.store.getState())
      } catch {
        return // no slice to look in (a store taken apart): the release time stays
      }
      if (!hasResult(slice, key) && getRequestMeta(slice, key) === undefined) {
        runtime.retained.forgetRelease(key)
      }
    }
  }

  /** Starts sweeping the runtime's store every `gcInterval` ms (once), while the store exists. */
  function startSweeps(runtime: StoreRuntime): void {
    if (gcInterval <= 0 || runtime.sweeping) return
    runtime.sweeping = true
    // Holds the runtime weakly where it can, so a dropped store's timer stops.
    const ref = typeof WeakRef === 'function' ? new WeakRef(runtime) : { deref: () => runtime }
    const timer = setInterval(() => {
      const current = ref.deref()
      if (!current) {
        clearInterval(timer)
        return
      }
      try {
        collectGarbage(current)
      } catch (error) {
        // A sweep that cannot run (no slice mounted yet, say) is retried by the next one.
        if (isDev) console.error(error)
      }
    }, gcInterval)
    ;(timer as { unref?: () => void }).unref?.()
  }

  return {
    collectGarbage,
    retain,
    startSweeps,
    remember,
    /** How many keys' schemas are remembered (for tests of the bound). */
    schemaCount: () => schemas.size,
  }
}
