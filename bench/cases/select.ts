/**
 * Case 8: `cache.select` re-read after a dispatch that does not touch the cache, in a store whose
 * cache holds 100k records vs 1k. O(1) means the two take the same time.
 * Case 8t: one cache serving two stores (two Providers on one page, a store per request), each
 * holding its own 500 projects: a read of store A, then of store B, alternately, beside
 * normalizr + one reselect 5 selector (whose default memo keeps a result per state).
 */
import { configureStore, createSlice } from '@reduxjs/toolkit'
import { Endpoint, createEntityCache } from '../../src/index'
import { generateItems } from '../data'
import { receivedPayload } from '../peers/redux'
import type { CaseResult } from '../results'
import type { MeasureOptions } from '../timing'
import { compare, task } from '../timing'
import { Item, projectList } from '../peers/ours'
import { generateProjects } from '../data'
import { createNormalizrSelector, normalizr } from '../peers/normalizr'

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

const listProjects = new Endpoint(async () => [] as unknown[], {
  schema: projectList,
  name: 'projects',
})

export function runTwoStoresCase(options: MeasureOptions = {}): CaseResult {
  const cache = createEntityCache({ reducerPath: 'cache' })
  const raws = [generateProjects(undefined, 42), generateProjects(undefined, 43)]
  const states = raws.map((raw) => {
    const store = configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
    cache.controller(store).setResponse(listProjects, raw)
    return store.getState()
  })
  const select = cache.select(listProjects)
  const first = states.map((state) => select(state))
  const normalizrStates = raws.map((raw) => {
    const { result, state } = normalizr.normalize(raw)
    return { result, entities: state }
  })
  const theirSelect = createNormalizrSelector()
  const theirFirst = normalizrStates.map((state) => theirSelect(state))
  const [ours, theirs] = compare(
    [
      task(() => [select(states[0]), select(states[1])]),
      task(() => [theirSelect(normalizrStates[0]!), theirSelect(normalizrStates[1]!)]),
    ],
    options,
  )
  const kept = states.every((state, i) => select(state) === first[i])
  const theirsKept = normalizrStates.every((state, i) => theirSelect(state) === theirFirst[i])
  return {
    id: '8t',
    title: 'two stores, one cache: read A, then B',
    ours: { timing: ours },
    peers: [{ name: 'normalizr@3.6.2 + reselect 5', value: { timing: theirs } }],
    notes: [
      `each store's list kept its reference: ours ${kept ? 'yes' : 'NO'}, ` +
        `reselect ${theirsKept ? 'yes' : 'NO'}`,
    ],
    refsKept: kept,
  }
}
