/**
 * Case reducers for the life of one request: `requested` → (`optimistic`) → `received`,
 * `failed` or `settled`. Pure bookkeeping on numbers carried by the action (request start
 * times); every record they write arrives already normalized and merged.
 */
import { deleteOwn, getOwn, setOwn } from '../../internal/ownKeys'
import type { FailedPayload, ReceivedPayload, RequestStart } from './actions'
import { writeBucketed } from './buckets'
import type { EntityCacheState, OptimisticLayer, RequestMeta } from './state'

function withMember<T>(record: Record<string, T>, key: string, value: T): Record<string, T> {
  const next = { ...record }
  setOwn(next, key, value)
  return next
}

/** `results` with the other results a response changed (lists that grow) written in. */
function withUpdates(
  results: Record<string, unknown>,
  updates: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  if (!updates) return results
  const next = { ...results }
  for (const key of Object.keys(updates)) setOwn(next, key, updates[key])
  return next
}

/** The pending mark of a newer request than the one settling, kept. */
function newerPending(previous: RequestMeta | undefined, fetchedAt: number) {
  return previous?.pendingSince !== undefined && previous.pendingSince > fetchedAt
    ? { pendingSince: previous.pendingSince }
    : {}
}

/** The state without the optimistic layer of the request (key, fetchedAt), if it has one. */
function withoutLayer(state: EntityCacheState, key: string, fetchedAt: number): EntityCacheState {
  const mine = (layer: OptimisticLayer) => layer.key === key && layer.fetchedAt === fetchedAt
  if (!state.optimistic.some(mine)) return state
  return { ...state, optimistic: state.optimistic.filter((layer) => !mine(layer)) }
}

/** A request started: marks `pendingSince` on its key. */
export function requested(state: EntityCacheState, { key, fetchedAt }: RequestStart) {
  if (fetchedAt < state.resetAt) return state
  const previous = getOwn<RequestMeta>(state.meta, key)
  const meta: RequestMeta = previous
    ? { ...previous, pendingSince: fetchedAt }
    : { date: 0, fetchedAt: 0, expiresAt: 0, pendingSince: fetchedAt }
  return { ...state, meta: withMember(state.meta, key, meta) }
}

/** A mutation's optimistic write: a layer shown over the tables until its request settles. */
export function optimistic(state: EntityCacheState, layer: OptimisticLayer) {
  if (layer.fetchedAt < state.resetAt) return state
  return { ...state, optimistic: [...state.optimistic, layer] }
}

/**
 * A response arrived: its records are written; the key's result and meta are replaced unless a
 * later-started request already answered (its records still merge, by their own times).
 */
export function received(state: EntityCacheState, payload: ReceivedPayload) {
  const { key, result, entities, entitiesMeta, times, updates } = payload
  if (times.fetchedAt < state.resetAt) return state
  const tables = writeBucketed(state.entities, state.entitiesMeta, entities, entitiesMeta)
  const previous = getOwn<RequestMeta>(state.meta, key)
  const stale = previous !== undefined && previous.fetchedAt > times.fetchedAt && !previous.error
  // An invalidation issued while this request was in flight still holds.
  const invalid =
    previous?.invalidatedAt !== undefined && previous.invalidatedAt > times.fetchedAt
      ? { invalidated: true as const, invalidatedAt: previous.invalidatedAt, expiresAt: 0 }
      : {}
  const next: EntityCacheState = {
    ...state,
    ...tables,
    results: withUpdates(stale ? state.results : withMember(state.results, key, result), updates),
    meta: stale
      ? state.meta
      : withMember<RequestMeta>(state.meta, key, {
          date: times.date,
          fetchedAt: times.fetchedAt,
          expiresAt: times.expiresAt,
          ...newerPending(previous, times.fetchedAt),
          ...invalid,
        }),
  }
  return withoutLayer(next, key, times.fetchedAt)
}

/** A request failed: its error is recorded beside the data of an earlier success. */
export function failed(state: EntityCacheState, { key, error, times }: FailedPayload) {
  if (times.fetchedAt < state.resetAt) return state
  const previous = getOwn<RequestMeta>(state.meta, key)
  if (previous && previous.fetchedAt > times.fetchedAt) {
    return withoutLayer(state, key, times.fetchedAt)
  }
  const meta: RequestMeta = {
    date: times.date,
    fetchedAt: times.fetchedAt,
    expiresAt: times.expiresAt,
    error,
    ...newerPending(previous, times.fetchedAt),
  }
  return withoutLayer({ ...state, meta: withMember(state.meta, key, meta) }, key, times.fetchedAt)
}

/** A request ended with nothing to store (aborted, or answered after a reset). */
export function settled(state: EntityCacheState, { key, fetchedAt }: RequestStart) {
  const previous = getOwn<RequestMeta>(state.meta, key)
  if (!previous || previous.pendingSince !== fetchedAt) return withoutLayer(state, key, fetchedAt)
  let meta: Record<string, RequestMeta>
  if (previous.fetchedAt === 0 && getOwn(state.results, key) === undefined && !previous.error) {
    // It held nothing but the pending mark: the key goes.
    meta = { ...state.meta }
    deleteOwn(meta, key)
  } else {
    const { pendingSince: _pending, ...rest } = previous
    meta = withMember(state.meta, key, rest)
  }
  return withoutLayer({ ...state, meta }, key, fetchedAt)
}
