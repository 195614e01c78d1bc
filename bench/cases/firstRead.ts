/**
 * Case 2s: the first read of 500 projects through a selector, with nothing memoized yet: ours
 * through `cache.select` of a new cache (so its memo is empty) on the state of a store that
 * received the response, normalizr 3.6.2 through a new reselect selector on its normalized state.
 * Both sides' setup makes only the new selector: the state is built once, as the peer's is (a new
 * store per sample left the garbage of a whole store on our side of the clock, case 2s2).
 */
import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, createEntityCache, normalize } from '../../src/index'
import { generateProjects } from '../data'
import { createNormalizrSelector, normalizr } from '../peers/normalizr'
import type { NormalizrState } from '../peers/normalizr'
import { projectList } from '../peers/ours'
import type { CaseResult } from '../results'
import { compare, taskWithSetup } from '../timing'
import type { MeasureOptions } from '../timing'

const listProjects = new Endpoint(async () => [] as unknown[], {
  schema: projectList,
  name: 'projects',
})

export function runFirstReadCase(options: MeasureOptions = {}): CaseResult[] {
  const raw = generateProjects()
  const now = Date.now()
  const normalized = normalize(projectList, raw, [], undefined, { date: now })
  const payload = {
    key: listProjects.key(),
    result: normalized.result,
    entities: normalized.entities,
    entitiesMeta: normalized.entitiesMeta,
    times: { date: now, fetchedAt: now, expiresAt: Number.MAX_SAFE_INTEGER },
  }
  const storeWith = () => {
    const cache = createEntityCache({ reducerPath: 'cache' })
    const store = configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
    store.dispatch(cache.actions.received(payload))
    return store.getState()
  }
  const state = storeWith()
  /** A new cache (an empty memo) reading the state the store holds. */
  const freshSelector = () => ({
    read: createEntityCache({ reducerPath: 'cache' }).select(listProjects),
    state,
  })
  /** As measured before: a new store per sample, built in the setup. */
  const freshStore = () => {
    const cache = createEntityCache({ reducerPath: 'cache' })
    const store = configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
    store.dispatch(cache.actions.received(payload))
    return { read: cache.select(listProjects), state: store.getState() }
  }
  for (const check of [freshSelector(), freshStore()]) {
    if ((check.read(check.state) as unknown[] | undefined)?.length !== raw.length) {
      throw new Error('bench setup: first read of the project list failed')
    }
  }

  const theirs = normalizr.normalize(raw)
  const normalizrState: NormalizrState = { result: theirs.result, entities: theirs.state }
  // Each compared with the peer in its own run: a new store per sample leaves garbage that
  // would slow whatever runs after it in the same rounds.
  const [ours, theirTiming] = compare(
    [
      // Every task starts from a collected young generation.
      taskWithSetup(freshSelector, ({ read, state }) => read(state), { clean: true }),
      taskWithSetup(createNormalizrSelector, (select) => select(normalizrState), { clean: true }),
    ],
    options,
  )
  const [oursWithStore, peerAgain] = compare(
    [
      taskWithSetup(freshStore, ({ read, state }) => read(state), { clean: true }),
      taskWithSetup(createNormalizrSelector, (select) => select(normalizrState), { clean: true }),
    ],
    options,
  )
  // After a full GC, in an app that holds a read of the list elsewhere (its instances and memo
  // nodes stay alive; everything made for one read or one write is garbage between them).
  const heldOurs = createEntityCache({ reducerPath: 'cache' }).select(listProjects)(state)
  const heldTheirs = createNormalizrSelector()(normalizrState)
  const [oursAfterGc, peerAfterGc] = compare(
    [
      taskWithSetup(freshSelector, ({ read, state }) => read(state), { clean: 'full' }),
      taskWithSetup(createNormalizrSelector, (select) => select(normalizrState), { clean: 'full' }),
    ],
    options,
  )
  if (heldOurs === undefined || heldTheirs === undefined) throw new Error('bench: held reads lost')
  const peer = (timing: typeof ours) => [{ name: 'normalizr@3.6.2 + reselect', value: { timing } }]
  return [
    {
      id: '2s',
      title: 'first read through a selector (empty memo)',
      ours: { timing: ours },
      peers: peer(theirTiming),
    },
    {
      id: '2g',
      title: 'the same, right after a full GC (another read of the list held)',
      ours: { timing: oursAfterGc },
      peers: peer(peerAfterGc),
    },
    {
      id: '2s2',
      title: 'the same, a new store made before each read',
      ours: { timing: oursWithStore },
      peers: peer(peerAgain),
    },
  ]
}
