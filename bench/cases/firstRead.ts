/**
 * Case 2s: the first read of 500 projects through a selector, with nothing memoized yet: ours
 * through `cache.select` on a store that just received the response (a new cache each time, so
 * the memo is empty), normalizr 3.6.2 through a new reselect selector.
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

export function runFirstReadCase(options: MeasureOptions = {}): CaseResult {
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
  const freshStore = () => {
    const cache = createEntityCache({ reducerPath: 'cache' })
    const store = configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
    store.dispatch(cache.actions.received(payload))
    return { read: cache.select(listProjects), state: store.getState() }
  }
  const check = freshStore()
  if ((check.read(check.state) as unknown[] | undefined)?.length !== raw.length) {
    throw new Error('bench setup: first read of the project list failed')
  }

  const theirs = normalizr.normalize(raw)
  const normalizrState: NormalizrState = { result: theirs.result, entities: theirs.state }
  const [ours, peer] = compare(
    [
      // Both start from a collected heap: a new store per sample leaves garbage behind.
      taskWithSetup(freshStore, ({ read, state }) => read(state), { clean: true }),
      taskWithSetup(createNormalizrSelector, (select) => select(normalizrState), { clean: true }),
    ],
    options,
  )
  return {
    id: '2s',
    title: 'first read through a selector (empty memo)',
    ours: { timing: ours },
    peers: [{ name: 'normalizr@3.6.2 + reselect', value: { timing: peer } }],
  }
}
