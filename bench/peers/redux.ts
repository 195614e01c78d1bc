/**
 * Our Redux slice (`createEntityCache` from src/redux), loaded only when it exists, so the bench
 * runs before and after it lands. Its `received` action carries one normalized response
 * (`{ key, result, entities, entitiesMeta, times }`); the reducer writes the records into hashed
 * buckets, so one record into a 100k table copies one bucket.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { configureStore } from '@reduxjs/toolkit'
import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit'
import { normalize } from '../../src/index'
import type { RawItem } from '../data'
import { Item } from './ours'

interface EntityCache {
  reducerPath: string
  reducer: Reducer
  middleware?: Middleware
  actions: { received(payload: unknown): UnknownAction }
}

interface EntityCacheModule {
  createEntityCache(options: { reducerPath: string }): EntityCache
}

/** `src/redux` when it exports `createEntityCache`, else `undefined` (the cases say why). */
export async function loadEntityCache(): Promise<EntityCacheModule | undefined> {
  const file = join(__dirname, '../../src/redux/index.ts')
  if (!existsSync(file)) return undefined
  const mod = (await import(file)) as Partial<EntityCacheModule>
  return typeof mod.createEntityCache === 'function' ? (mod as EntityCacheModule) : undefined
}

const itemList = [Item]

/** The `received` payload for `items`, normalized as a thunk would before dispatching. */
export function receivedPayload(key: string, items: readonly RawItem[]) {
  const now = Date.now()
  const { result, entities, entitiesMeta } = normalize(itemList, items, [], undefined, {
    date: now,
  })
  return {
    key,
    result,
    entities,
    entitiesMeta,
    times: { date: now, fetchedAt: now, expiresAt: Number.MAX_SAFE_INTEGER },
  }
}

/** A plain store (dev checks off, as for the adapter) with our cache holding `items`. */
export function createCacheStore(module: EntityCacheModule, items: readonly RawItem[]) {
  const cache = module.createEntityCache({ reducerPath: 'cache' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => {
      const defaults = getDefault({ serializableCheck: false, immutableCheck: false })
      return cache.middleware ? defaults.concat(cache.middleware) : defaults
    },
  })
  store.dispatch(cache.actions.received(receivedPayload('all', items)))
  return { store, cache }
}
