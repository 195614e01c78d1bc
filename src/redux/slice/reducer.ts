/**
 * The slice reducer: one named case reducer per action (requestCases.ts, cacheCases.ts), found
 * by the action's type. Pure bookkeeping: no schema work, no I/O, no clock; every record it
 * writes arrives in the action, so replaying recorded actions rebuilds the state exactly.
 */
import type { PayloadAction, Reducer, UnknownAction } from '@reduxjs/toolkit'
import { isDev } from '../../internal/env'
import { freezeNew } from '../../internal/freezeNew'
import type { EntityCacheActions } from './actions'
import { collected, expired, invalidated, reset } from './cacheCases'
import { failed, optimistic, received, requested, settled } from './requestCases'
import type { EntityCacheState } from './state'
import { initialEntityCacheState } from './state'

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

/** Builds the reducer for one cache's actions. */
export function buildReducer(actions: EntityCacheActions): Reducer<EntityCacheState> {
  const byType = new Map<string, CaseReducer>()
  for (const name of Object.keys(caseReducers) as (keyof EntityCacheActions)[]) {
    byType.set(actions[name].type, caseReducers[name] as CaseReducer)
  }
  const reduce = (state = initialEntityCacheState(), action: UnknownAction) => {
    const caseReducer = byType.get(action.type)
    return caseReducer ? caseReducer(state, (action as PayloadAction<never>).payload) : state
  }
  // In development, whatever a reducer writes is frozen (new objects only): the state cannot be
  // mutated by accident. Not in production: there are no checks, and V8 copies frozen objects
  // slowly.
  if (!isDev) return reduce
  return (state, action) => {
    const next = reduce(state, action)
    return next === state ? next : freezeNew(next)
  }
}
