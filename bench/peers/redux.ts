/**
 * Our Redux slice, `createEntityCache`, in a plain store. Its `received` action carries one
 * normalized response (`{ key, result, entities, entitiesMeta, times }`); the reducer writes the
 * records into hashed buckets, so one record into a 100k table copies one bucket.
 */
import { configureStore } from '@reduxjs/toolkit'
import { createEntityCache, normalize } from '../../src/index'
import type { RawItem } from '../data'
import { Item } from './ours'

const itemList = [Item]

/** The `received` payload for `items`, normalized as the fetch thunk does before dispatching. */
export function receivedPayload(key: string, items: readonly RawItem[]) {
  const now = Date.now()
  const { result, entities, entitiesMeta } = normalize(itemList, items, [], undefined, {
    date: now,
  })
  const times = { date: now, fetchedAt: now, expiresAt: Number.MAX_SAFE_INTEGER }
  return { key, result, entities, entitiesMeta, times }
}

/** A plain store (RTK's O(state) dev checks off, as for the adapter) holding `items`. */
export function createCacheStore(items: readonly RawItem[]) {
  const cache = createEntityCache({ reducerPath: 'cache' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
  })
  store.dispatch(cache.actions.received(receivedPayload('all', items)))
  const dispatchReceived = (payload: ReturnType<typeof receivedPayload>) =>
    store.dispatch(cache.actions.received(payload))
  return { store, cache, dispatchReceived }
}
