/**
 * The slice reducer: pure bookkeeping. It does no schema work and no I/O; every record it writes
 * arrives in the action, so replaying recorded actions rebuilds the state exactly.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit'
import { isDev } from '../internal/env'
import { freezeNew } from '../internal/freezeNew'
import { deleteOwn, getOwn, setOwn } from '../internal/ownKeys'
import type { EntityCacheActions } from './actions'
import { writeBucketed } from './buckets'
import { forgetCollected } from './forget'
import type { EntityCacheState, RequestMeta } from './state'
import { initialEntityCacheState } from './state'

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

function withoutPending(meta: RequestMeta): RequestMeta {
  const { pendingSince: _pending, ...rest } = meta
  return rest
}

/** Builds the reducer for one cache's actions. */
export function buildReducer(actions: EntityCacheActions): Reducer<EntityCacheState> {
  // In development, whatever a reducer writes is frozen (new objects only): the state cannot be
  // mutated by accident, and RTK's dev checks skip frozen subtrees, so they cost O(change), not
  // O(state). Not in production: there are no checks, and V8 copies frozen objects slowly.
  const reduce = buildBookkeeping(actions)
  if (!isDev) return (state, action) => reduce(state, action)
  return (state, action) => {
    const next = reduce(state, action)
    return next === state ? next : freezeNew(next)
  }
}

/** The state without the optimistic layer of the request (key, fetchedAt), if it has one. */
function withoutLayer(state: EntityCacheState, key: string, fetchedAt: number): EntityCacheState {
  const layers = state.optimistic
  if (!layers.some((layer) => layer.key === key && layer.fetchedAt === fetchedAt)) return state
  const optimistic = layers.filter((layer) => !(layer.key === key && layer.fetchedAt === fetchedAt))
  return { ...state, optimistic }
}

function buildBookkeeping(actions: EntityCacheActions) {
  const reduce = buildRequestBookkeeping(actions)
  return (state = initialEntityCacheState(), action: UnknownAction): EntityCacheState => {
    if (actions.optimistic.match(action)) {
      if (action.payload.fetchedAt < state.resetAt) return state
      return { ...state, optimistic: [...state.optimistic, action.payload] }
    }
    // Garbage collection: forget exactly what the action names.
    if (actions.collected.match(action)) return forgetCollected(state, action.payload)
    const next = reduce(state, action)
    // A request that settles (any way) takes its optimistic write away.
    if (actions.received.match(action) || actions.failed.match(action)) {
      return withoutLayer(next, action.payload.key, action.payload.times.fetchedAt)
    }
    if (actions.settled.match(action)) {
      return withoutLayer(next, action.payload.key, action.payload.fetchedAt)
    }
    return next
  }
}

function buildRequestBookkeeping(actions: EntityCacheActions) {
  return (state: EntityCacheState, action: UnknownAction): EntityCacheState => {
    if (actions.received.match(action)) {
      const { key, result, entities, entitiesMeta, times, updates } = action.payload
      if (times.fetchedAt < state.resetAt) return state
      const tables = writeBucketed(state.entities, state.entitiesMeta, entities, entitiesMeta)
      const previous = getOwn<RequestMeta>(state.meta, key)
      // An older response never replaces the result of a newer one (its records still merged).
      const stale =
        previous !== undefined && previous.fetchedAt > times.fetchedAt && !previous.error
      const pending =
        previous?.pendingSince !== undefined && previous.pendingSince > times.fetchedAt
          ? { pendingSince: previous.pendingSince }
          : {}
      // An invalidation issued while this request was in flight still holds.
      const invalid =
        previous?.invalidatedAt !== undefined && previous.invalidatedAt > times.fetchedAt
          ? { invalidated: true as const, invalidatedAt: previous.invalidatedAt, expiresAt: 0 }
          : {}
      return {
        ...state,
        ...tables,
        results: withUpdates(
          stale ? state.results : withMember(state.results, key, result),
          updates,
        ),
        meta: stale
          ? state.meta
          : withMember<RequestMeta>(state.meta, key, {
              date: times.date,
              fetchedAt: times.fetchedAt,
              expiresAt: times.expiresAt,
              ...pending,
              ...invalid,
            }),
      }
    }
    if (actions.failed.match(action)) {
      const { key, error, times } = action.payload
      if (times.fetchedAt < state.resetAt) return state
      const previous = getOwn<RequestMeta>(state.meta, key)
      if (previous && previous.fetchedAt > times.fetchedAt) return state
      const pending =
        previous?.pendingSince !== undefined && previous.pendingSince > times.fetchedAt
          ? { pendingSince: previous.pendingSince }
          : {}
      // The data of an earlier success stays readable; the error sits beside it.
      const meta: RequestMeta = {
        date: times.date,
        fetchedAt: times.fetchedAt,
        expiresAt: times.expiresAt,
        error,
        ...pending,
      }
      return { ...state, meta: withMember(state.meta, key, meta) }
    }
    if (actions.requested.match(action)) {
      const { key, fetchedAt } = action.payload
      if (fetchedAt < state.resetAt) return state
      const previous = getOwn<RequestMeta>(state.meta, key)
      const meta: RequestMeta = previous
        ? { ...previous, pendingSince: fetchedAt }
        : { date: 0, fetchedAt: 0, expiresAt: 0, pendingSince: fetchedAt }
      return { ...state, meta: withMember(state.meta, key, meta) }
    }
    if (actions.settled.match(action)) {
      const { key, fetchedAt } = action.payload
      const previous = getOwn<RequestMeta>(state.meta, key)
      if (!previous || previous.pendingSince !== fetchedAt) return state
      if (previous.fetchedAt === 0 && getOwn(state.results, key) === undefined && !previous.error) {
        const meta = { ...state.meta }
        deleteOwn(meta, key)
        return { ...state, meta }
      }
      return { ...state, meta: withMember(state.meta, key, withoutPending(previous)) }
    }
    if (actions.invalidated.match(action) || actions.expired.match(action)) {
      const invalidate = actions.invalidated.match(action)
      let meta: Record<string, RequestMeta> | undefined
      for (const key of action.payload.keys) {
        const previous = getOwn<RequestMeta>(state.meta, key)
        // Expiring needs something stored; invalidating also covers reads answered from the
        // tables (a `get` of a stored entity), which have no meta of their own yet.
        if (!previous && !invalidate) continue
        meta ??= { ...state.meta }
        setOwn(
          meta,
          key,
          invalidate
            ? {
                ...(previous ?? { date: 0, fetchedAt: 0 }),
                invalidated: true,
                invalidatedAt: action.payload.date,
                expiresAt: 0,
              }
            : { ...(previous as RequestMeta), expiresAt: 0 },
        )
      }
      return meta ? { ...state, meta } : state
    }
    if (actions.reset.match(action)) {
      return { ...initialEntityCacheState(), resetAt: action.payload.date }
    }
    return state
  }
}
