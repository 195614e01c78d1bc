/**
 * Case reducers for whole-cache changes: invalidating and expiring keys, resetting, and
 * forgetting what garbage collection planned. Pure: everything they need is in the action.
 */
import type { CollectedPayload, InvalidatedPayload } from './actions'
import type { Change } from './requests'
import { getRequestMeta, REMOVE, writeRequests } from './requests'
import type { EntityCacheState, RequestMeta } from './state'
import { initialEntityCacheState } from './state'
import { removeFromTables } from './tables'

/**
 * A meta's data expired, and its error (if any) no longer standing: the next reader fetches.
 * `errorExpiresAt` is set only when the meta has it (in an older meta, `expiresAt` is both).
 */
function expiredMeta(previous: RequestMeta) {
  return {
    ...previous,
    expiresAt: 0,
    ...(previous.errorExpiresAt === undefined ? {} : { errorExpiresAt: 0 }),
  }
}

/** Rewrites the meta of `keys` with `change` (`undefined`: left as it is). */
function rewriteMeta(
  state: EntityCacheState,
  keys: readonly string[],
  change: (previous: RequestMeta | undefined) => RequestMeta | undefined,
): EntityCacheState {
  const changes: Change<RequestMeta>[] = []
  for (const key of keys) {
    const next = change(getRequestMeta(state, key))
    if (next) changes.push([key, next])
  }
  if (changes.length === 0) return state
  return { ...state, ...writeRequests(state, [], changes) }
}

/**
 * Marks results invalid: not shown again until fetched. Also covers reads answered from the
 * tables (a `get` of a stored entity), which have no meta of their own yet.
 */
export function invalidated(state: EntityCacheState, { keys, date }: InvalidatedPayload) {
  return rewriteMeta(state, keys, (previous) => ({
    ...expiredMeta(previous ?? { date: 0, fetchedAt: 0, expiresAt: 0 }),
    invalidated: true,
    invalidatedAt: date,
  }))
}

/** Marks stored results stale: still shown, fetched again by the next reader. */
export function expired(state: EntityCacheState, { keys }: { keys: string[] }) {
  return rewriteMeta(state, keys, (previous) => previous && expiredMeta(previous))
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
  const removals = payload.keys.map((key) => [key, REMOVE] as const)
  // One after the other: each may change the layout.
  const withoutKeys: EntityCacheState = {
    ...state,
    ...writeRequests(state, removals, removals, true),
  }
  const next: EntityCacheState = {
    ...withoutKeys,
    ...removeFromTables(withoutKeys, payload.entities),
  }
  const unchanged =
    next.results === state.results &&
    next.meta === state.meta &&
    next.entities === state.entities &&
    next.entitiesMeta === state.entitiesMeta
  return unchanged ? state : next
}
