/**
 * Case reducers for whole-cache changes: invalidating and expiring keys, resetting, and
 * forgetting what garbage collection planned. Pure: everything they need is in the action.
 */
import { deleteOwn, getOwn, hasOwn, setOwn } from '../../internal/ownKeys'
import type { CollectedPayload, InvalidatedPayload } from './actions'
import { removeBucketed } from './buckets'
import type { EntityCacheState, RequestMeta } from './state'
import { initialEntityCacheState } from './state'

/** Rewrites the meta of `keys` with `change`; keys without meta get one when `create` says so. */
function rewriteMeta(
  state: EntityCacheState,
  keys: readonly string[],
  change: (previous: RequestMeta | undefined) => RequestMeta | undefined,
): EntityCacheState {
  let meta: Record<string, RequestMeta> | undefined
  for (const key of keys) {
    const next = change(getOwn<RequestMeta>(state.meta, key))
    if (!next) continue
    meta ??= { ...state.meta }
    setOwn(meta, key, next)
  }
  return meta ? { ...state, meta } : state
}

/**
 * Marks results invalid: not shown again until fetched. Also covers reads answered from the
 * tables (a `get` of a stored entity), which have no meta of their own yet.
 */
export function invalidated(state: EntityCacheState, { keys, date }: InvalidatedPayload) {
  return rewriteMeta(state, keys, (previous) => ({
    ...(previous ?? { date: 0, fetchedAt: 0 }),
    invalidated: true,
    invalidatedAt: date,
    expiresAt: 0,
  }))
}

/** Marks stored results stale: still shown, fetched again by the next reader. */
export function expired(state: EntityCacheState, { keys }: { keys: string[] }) {
  return rewriteMeta(state, keys, (previous) => previous && { ...previous, expiresAt: 0 })
}

/** Empties the cache; responses to requests started before `date` will be dropped. */
export function reset(_state: EntityCacheState, { date }: { date: number }): EntityCacheState {
  return { ...initialEntityCacheState(), resetAt: date }
}

/**
 * Garbage collection: forgets exactly the results, request meta, records and entity meta the
 * payload names (no tombstones: forgetting is not deleting).
 */
export function collected(state: EntityCacheState, payload: CollectedPayload): EntityCacheState {
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
  const unchanged =
    results === state.results &&
    meta === state.meta &&
    tables.entities === state.entities &&
    tables.entitiesMeta === state.entitiesMeta
  return unchanged ? state : { ...state, ...tables, results, meta }
}
