/**
 * The reducer's side of garbage collection: forgets what a `collected` action names. Pure
 * bookkeeping like the rest of the reducer: no schema, no clock; the planning happened before
 * dispatch (see gc.ts), so replaying the action forgets the same things.
 */
import { deleteOwn, hasOwn } from '../internal/ownKeys'
import type { CollectedPayload } from './actions'
import { removeBucketed } from './buckets'
import type { EntityCacheState } from './state'

/** The state without the results, request meta, records and entity meta `payload` names. */
export function forgetCollected(
  state: EntityCacheState,
  payload: CollectedPayload,
): EntityCacheState {
  let results = state.results
  let meta = state.meta
  for (const key of payload.keys) {
    if (hasOwn(results, key)) {
      if (results === state.results) results = { ...results }
      deleteOwn(results, key)
    }
    if (hasOwn(meta, key)) {
      if (meta === state.meta) meta = { ...meta }
      deleteOwn(meta, key)
    }
  }
  const tables = removeBucketed(state.entities, state.entitiesMeta, payload.entities)
  if (
    results === state.results &&
    meta === state.meta &&
    tables.entities === state.entities &&
    tables.entitiesMeta === state.entitiesMeta
  ) {
    return state
  }
  return { ...state, ...tables, results, meta }
}
