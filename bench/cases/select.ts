/**
 * Case 8: `cache.select` re-read after a dispatch that does not touch the cache, in a store whose
 * cache holds 100k records vs 1k. O(1) means the two take the same time.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit'
import { Endpoint, createEntityCache } from '../../src/index'
import { generateItems } from '../data'
import { receivedPayload } from '../peers/redux'
import type { CaseResult } from '../results'
import type { MeasureOptions } from '../timing'
import { compare, task } from '../timing'
import { Item } from '../peers/ours'

const counter = createSlice({
  name: 'counter',
  initialState: 0,
  reducers: { bump: (n) => n + 1 },
})
const listAll = new Endpoint(async () => [] as unknown[], { schema: [Item], name: 'all' })

function rereadAfterUnrelated(size: number) {
  const cache = createEntityCache({ reducerPath: 'cache' })
  const store = configureStore({
    reducer: { counter: counter.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (gDM) =>
      gDM({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
  })
  store.dispatch(cache.actions.received(receivedPayload(listAll.key(), generateItems(size, 1))))
  const select = cache.select(listAll)
  if ((select(store.getState())?.length ?? 0) !== size) throw new Error('bench setup: bad list')
  return task(() => {
    store.dispatch(counter.actions.bump())
    return select(store.getState())
  })
}

export function runSelectCase(options: MeasureOptions = {}): CaseResult {
  const [big, small] = compare(
    [rereadAfterUnrelated(100_000), rereadAfterUnrelated(1_000)],
    options,
  )
  return {
    id: '8',
    title: 'select re-read after unrelated dispatch',
    ours: { timing: big },
    peers: [{ name: 'ours, 1k records (O(1) ≈ 1×)', value: { timing: small } }],
  }
}
