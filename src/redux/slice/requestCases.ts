/**
 * Case reducers for the life of one request: `requested` → (`optimistic`) → `received`,
 * `failed` or `settled`. Pure bookkeeping on numbers carried by the action (request start
 * times); every record they write arrives already normalized and merged.
 */
import { jsonEqual } from '../../internal/jsonEqual'
import type { FailedPayload, ReceivedPayload, RequestStart } from './actions'
import type { Change } from './requests'
import { getRequestMeta, getResult, REMOVE, writeRequests } from './requests'
import type { EntityCacheState, OptimisticLayer, RequestMeta } from './state'
import { dataExpiryOf } from './state'
import { writeTables } from './tables'

/** The state with the meta of `key` replaced (or removed). */
function withMeta(state: EntityCacheState, key: string, meta: RequestMeta | typeof REMOVE) {
  return { ...state, ...writeRequests(state, [], [[key, meta]]) }
}

/**
 * The pending mark, kept unless it is the settling request's own (`fetchedAt`): a newer request
 * is still in flight, or this write did not come from a request at all (`setResponse`,
 * `setError`) and the one in flight still is.
 */
function stillPending(previous: RequestMeta | undefined, fetchedAt: number) {
  return previous?.pendingSince !== undefined && previous.pendingSince !== fetchedAt
    ? { pendingSince: previous.pendingSince }
    : {}
}

/** The state without the pending mark of the request that started at `fetchedAt`, if it has it. */
function withoutOwnMark(state: EntityCacheState, key: string, fetchedAt: number) {
  const previous = getRequestMeta(state, key)
  if (previous?.pendingSince !== fetchedAt) return state
  const { pendingSince: _own, ...rest } = previous
  return withMeta(state, key, rest)
}

/** The state without the optimistic layer of the request (key, fetchedAt), if it has one. */
function withoutLayer(state: EntityCacheState, key: string, fetchedAt: number): EntityCacheState {
  const mine = (layer: OptimisticLayer) => layer.key === key && layer.fetchedAt === fetchedAt
  if (!state.optimistic.some(mine)) return state
  return { ...state, optimistic: state.optimistic.filter((layer) => !mine(layer)) }
}

/**
 * True when what `key` holds (`previous`) is newer than an answer to a request started at
 * `fetchedAt`: a later-started request answered (and did not fail), or a later write changed the
 * result through its `update`.
 */
function newerThan(previous: RequestMeta | undefined, fetchedAt: number, merged = false) {
  if (previous === undefined) return false
  return answeredAfter(previous, fetchedAt) || (!merged && changedSince(previous, fetchedAt))
}

/** True when another call's `update` changed the result after `fetchedAt` (see `changedAt`). */
export function changedSince(previous: RequestMeta, fetchedAt: number): boolean {
  return (previous.changedAt ?? 0) > fetchedAt
}

/** True when the stored result comes from a request started after `fetchedAt` that succeeded. */
function answeredAfter(previous: RequestMeta, fetchedAt: number) {
  return previous.fetchedAt > fetchedAt && !previous.error
}

/** A request started: marks `pendingSince` on its key. */
export function requested(state: EntityCacheState, { key, fetchedAt }: RequestStart) {
  if (fetchedAt < state.resetAt) return state
  const previous = getRequestMeta(state, key)
  const meta: RequestMeta = previous
    ? { ...previous, pendingSince: fetchedAt }
    : { date: 0, fetchedAt: 0, expiresAt: 0, pendingSince: fetchedAt }
  return withMeta(state, key, meta)
}

/** A mutation's optimistic write: a layer shown over the tables until its request settles. */
export function optimistic(state: EntityCacheState, layer: OptimisticLayer) {
  if (layer.fetchedAt < state.resetAt) return state
  // Layers stay in the order their writes started; a write's layer computed again (after an
  // earlier write settled) replaces its own.
  const others = state.optimistic.filter(
    (shown) => shown.key !== layer.key || shown.fetchedAt !== layer.fetchedAt,
  )
  const at = others.findIndex((shown) => shown.fetchedAt > layer.fetchedAt)
  const layers = at < 0 ? [...others, layer] : [...others.slice(0, at), layer, ...others.slice(at)]
  return { ...state, optimistic: layers }
}

/**
 * A response arrived: its records are written; the key's result and meta are replaced unless a
 * later-started request already answered (its records still merge, by their own times).
 */
export function received(state: EntityCacheState, payload: ReceivedPayload) {
  const { key, result, entities, entitiesMeta, times, updates, merged } = payload
  if (times.fetchedAt < state.resetAt) return state
  const tables = writeTables(state, entities, entitiesMeta)
  const previous = getRequestMeta(state, key)
  const stale = newerThan(previous, times.fetchedAt, merged)
  // Dropped only because another call's update changed the result after this request started
  // (a push confirmed while a refresh was in flight): what the refresh knew may be newer than
  // the rest of the list, so the list is marked stale, and its next reader asks again.
  const outdated = stale && previous !== undefined && !answeredAfter(previous, times.fetchedAt)
  // An invalidation issued while this request was in flight still holds.
  const invalid =
    previous?.invalidatedAt !== undefined && previous.invalidatedAt > times.fetchedAt
      ? { invalidated: true as const, invalidatedAt: previous.invalidatedAt, expiresAt: 0 }
      : {}
  // The same result again (a refetch, a poll): the stored one is kept, so the list keeps its
  // reference when its records did too.
  const before = stale ? undefined : getResult(state, key)
  const kept = before !== undefined && jsonEqual(before, result) ? before : result
  const results: Change<unknown>[] = stale ? [] : [[key, kept]]
  // Other results this response changed (lists that grow), stamped so that an answer to a
  // request started before this one (or, for a mutation, before its answer) cannot undo it.
  const meta: Change<RequestMeta>[] = []
  const changedAt = times.confirmedAt ?? times.fetchedAt
  for (const other of Object.keys(updates ?? {})) {
    results.push([other, updates?.[other]])
    const theirs = other === key ? undefined : getRequestMeta(state, other)
    if (theirs !== undefined && (theirs.changedAt ?? 0) < changedAt) {
      meta.push([other, { ...theirs, changedAt }])
    }
  }
  if (outdated) meta.push([key, { ...previous, expiresAt: 0 }])
  if (!stale) {
    meta.push([
      key,
      {
        date: times.date,
        fetchedAt: times.fetchedAt,
        expiresAt: times.expiresAt,
        // A merged page keeps the stamp of a change made after it started: it holds that change.
        ...(previous !== undefined && changedSince(previous, times.fetchedAt)
          ? { changedAt: previous.changedAt }
          : {}),
        ...stillPending(previous, times.fetchedAt),
        ...invalid,
      },
    ])
  }
  const next = { ...state, ...tables, ...writeRequests({ ...state, ...tables }, results, meta) }
  // An answer older than what is stored writes no meta, but its request is no longer in flight.
  return withoutLayer(
    stale ? withoutOwnMark(next, key, times.fetchedAt) : next,
    key,
    times.fetchedAt,
  )
}

/**
 * A request failed: its error is recorded beside the data of an earlier success, with its own
 * expiry (`errorExpiresAt`); the data's (`expiresAt`) is kept, so stale data stays stale.
 */
export function failed(state: EntityCacheState, payload: FailedPayload) {
  const { key, error, times, errorPolicy } = payload
  if (times.fetchedAt < state.resetAt) return state
  const previous = getRequestMeta(state, key)
  if (
    previous &&
    (previous.fetchedAt > times.fetchedAt || changedSince(previous, times.fetchedAt))
  ) {
    return withoutLayer(withoutOwnMark(state, key, times.fetchedAt), key, times.fetchedAt)
  }
  // A failure makes nothing valid: an invalidation (made before or during the request) holds.
  const invalid = previous?.invalidated
    ? {
        invalidated: true as const,
        ...(previous.invalidatedAt === undefined ? {} : { invalidatedAt: previous.invalidatedAt }),
      }
    : {}
  const meta: RequestMeta = {
    date: times.date,
    fetchedAt: times.fetchedAt,
    expiresAt: dataExpiryOf(previous),
    // The result is still what that update made of it: an older answer still may not undo it.
    ...(previous?.changedAt === undefined ? {} : { changedAt: previous.changedAt }),
    error,
    errorExpiresAt: times.expiresAt,
    ...(errorPolicy === undefined ? {} : { errorPolicy }),
    ...stillPending(previous, times.fetchedAt),
    ...invalid,
  }
  return withoutLayer(withMeta(state, key, meta), key, times.fetchedAt)
}

/** A request ended with nothing to store (aborted, or answered after a reset). */
export function settled(state: EntityCacheState, { key, fetchedAt }: RequestStart) {
  const previous = getRequestMeta(state, key)
  if (!previous || previous.pendingSince !== fetchedAt) return withoutLayer(state, key, fetchedAt)
  const { pendingSince: _pending, ...rest } = previous
  // A meta that held nothing but the pending mark goes with it.
  const empty = previous.fetchedAt === 0 && getResult(state, key) === undefined && !previous.error
  return withoutLayer(withMeta(state, key, empty ? REMOVE : rest), key, fetchedAt)
}
