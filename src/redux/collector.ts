/**
 * The garbage collector of one cache: usage per store, schemas per key, `collectGarbage`, and the
 * middleware's part (following requests, dropping memoized instances of forgotten records,
 * automatic sweeps).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
 */
import type { Middleware } from '@reduxjs/toolkit'
import { isDev } from '../internal/env'
import { hasOwn } from '../internal/ownKeys'
import type { MemoCache } from '../normalizr/MemoCache'
import type { CollectedPayload, EntityCacheActions } from './actions'
import type { StoreLike } from './Controller'
import type { CollectGarbageOptions } from './gc'
import { planCollection } from './gc'
import type { Readable } from './reads'
import type { EntityCacheState } from './state'
import { SchemaMemory, buildUsage } from './usage'

/** What the collector needs from its cache. */
export interface CollectorDeps {
  actions: EntityCacheActions
  selectSlice: (root: unknown) => EntityCacheState
  inflightOf: (getState: () => unknown) => Map<string, Promise<unknown>>
  memo: MemoCache
  /** Default `olderThan` (ms). */
  gcTime: number
  /** Automatic sweep period (ms); 0 = none. */
  gcInterval: number
}

/** Builds the collector of one cache. */
export function buildCollector(deps: CollectorDeps) {
  const { actions, selectSlice, inflightOf, memo, gcTime, gcInterval } = deps
  const usageOf = buildUsage()
  const schemas = new SchemaMemory()

  /** Plans one sweep of `store` and dispatches it (when it forgets anything). */
  function collectGarbage(store: StoreLike, options: CollectGarbageOptions = {}): CollectedPayload {
    const usage = usageOf(store.getState)
    const payload = planCollection({
      slice: selectSlice(store.getState()),
      usage,
      schemas,
      inflight: inflightOf(store.getState),
      now: options.now ?? Date.now(),
      olderThan: options.olderThan ?? gcTime,
    })
    if (payload.keys.length > 0 || Object.keys(payload.entities).length > 0) {
      store.dispatch(actions.collected(payload))
    }
    // Bookkeeping of keys this store no longer holds is dropped, so it stays bounded.
    const { results, meta } = selectSlice(store.getState())
    const stored = (key: string) => hasOwn(results, key) || hasOwn(meta, key)
    usage.forgetReleased(stored)
    for (const key of [...schemas.keys()]) {
      if (!stored(key) && !usage.isRetained(key)) schemas.forget(key)
    }
    return payload
  }

  /** Marks the call's key in use by a reader of `store` until the returned function is called. */
  function retain(store: StoreLike, readable: Readable, args: readonly unknown[]): () => void {
    const key = readable.key(...args)
    schemas.remember(key, readable.schema)
    return usageOf(store.getState).retain(key)
  }

  /** Starts sweeping `store` every `gcInterval` ms, for as long as the store exists. */
  function startSweeps(store: StoreLike): void {
    // Holds the store weakly where it can, so a dropped store's timer stops.
    const ref = typeof WeakRef === 'function' ? new WeakRef(store) : { deref: () => store }
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

  const middleware: Middleware = (api) => {
    let sweeping = false
    return (next) => (action) => {
      if (gcInterval > 0 && !sweeping) {
        sweeping = true
        startSweeps(api)
      }
      if (typeof action === 'object' && action !== null) {
        usageOf(api.getState).track(actions, action as never)
      }
      const result = next(action)
      if (actions.collected.match(action)) {
        for (const [table, pks] of Object.entries(action.payload.entities)) {
          memo.forgetEntities(table, pks)
        }
      }
      return result
    }
  }

  return {
    collectGarbage,
    retain,
    remember: (key: string, schema: unknown) => schemas.remember(key, schema),
    middleware,
  }
}
