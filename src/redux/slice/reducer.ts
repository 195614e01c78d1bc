/**
 * The slice reducer: one named case reducer per action (requestCases.ts, cacheCases.ts), found
 * by the action's type. Pure bookkeeping: no schema work, no I/O, no clock; every record it
 * writes arrives in the action, so replaying recorded actions rebuilds the state exactly.
 */
import type { PayloadAction, Reducer, UnknownAction } from '@reduxjs/toolkit'
import { isDev } from '../../internal/env'
import type { EntityCacheActions } from './actions'
import { collected, expired, invalidated, reset } from './cacheCases'
import { freezeWritten } from './freezeWritten'
import { LAYOUT_VERSION } from './layout'
import { failed, optimistic, received, requested, settled } from './requestCases'
import type { EntityCacheState } from './state'
import { initialEntityCacheState } from './state'
import { upgradeState } from './upgrade'

/** The case reducer of each action, by name (the names of {@link EntityCacheActions}). */
export const caseReducers = {
  requested,
  optimistic,
  received,
  failed,
  settled,
  invalidated,
  expired,
  reset,
  collected,
} satisfies { [K in keyof EntityCacheActions]: unknown }

type CaseReducer = (state: EntityCacheState, payload: never) => EntityCacheState

/**
 * Builds the reducer for one cache's actions (mounted at `reducerPath`). A state in another
 * storage format (persisted, server-rendered, written by hand) is upgraded on the first action,
 * or refused with a clear error (upgrade.ts).
 */
export function buildReducer(
  actions: EntityCacheActions,
  reducerPath: string,
): Reducer<EntityCacheState> {
  const byType = new Map<string, CaseReducer>()
  for (const name of Object.keys(caseReducers) as (keyof EntityCacheActions)[]) {
    byType.set(actions[name].type, caseReducers[name] as CaseReducer)
  }
  const reduce = (given: EntityCacheState | null | undefined, action: UnknownAction) => {
    let state = given ?? initialEntityCacheState()
    if (state.layout?.version !== LAYOUT_VERSION) state = upgradeState(state, reducerPath)
    const caseReducer = byType.get(action.type)
    return caseReducer ? caseReducer(state, (action as PayloadAction<never>).payload) : state
  }
  // In development, what a write makes is frozen, so the state cannot be mutated by accident,
  // in the shape RTK's dev checks walk cheaply (freezeWritten.ts). Not in production: there are
  // no checks, and V8 copies frozen objects slowly.
  if (!isDev) return reduce
  // Slices this reducer made, frozen as written. Any other (a preloaded or restored state, a
  // replaced one) is frozen whole once, as it is (no copies: it is already the store's state),
  // so the checks stay proportional to each later write.
  const frozenSlices = new WeakSet<object>()
  return (state, action) => {
    // `null` (a page that rendered no cache) starts empty, as `undefined` does.
    if (state != null && !frozenSlices.has(state) && state.layout?.version === LAYOUT_VERSION) {
      freezeWritten(state, undefined, false)
      frozenSlices.add(state)
    }
    const next = reduce(state, action)
    if (next !== state) {
      freezeWritten(next, state)
      frozenSlices.add(next)
    }
    return next
  }
}
