/**
 * The request side of the slice: `results` (the normalized result per request key) and `meta`
 * (the request meta per key), stored plain or split as the layout says (storedMap.ts). Both are
 * split when `meta` grows past {@link PLAIN_LIMIT} keys, and made plain again when garbage
 * collection leaves it at {@link SHRINK_LIMIT} or fewer.
 */
import type { EntityCacheState, RequestMeta } from './state'
import {
  countStored,
  forEachStored,
  getStored,
  hasStored,
  keysOfStored,
  plainView,
  PLAIN_LIMIT,
  REMOVE,
  SHRINK_LIMIT,
  toBuckets,
  toPlain,
  updateStored,
} from './storedMap'

/** The part of the state the requests are. */
export type RequestsState = Pick<EntityCacheState, 'results' | 'meta' | 'layout'>

/** The stored result of `key`, or `undefined`. */
export function getResult(state: RequestsState, key: string): unknown {
  return getStored(state.results, state.layout.splitRequests, key)
}

/** True when a result is stored for `key`. */
export function hasResult(state: RequestsState, key: string): boolean {
  return hasStored(state.results, state.layout.splitRequests, key)
}

/** The request meta of `key`, or `undefined`. */
export function getRequestMeta(state: RequestsState, key: string): RequestMeta | undefined {
  return getStored<RequestMeta>(state.meta, state.layout.splitRequests, key)
}

/** Every request key with meta. */
export function requestKeys(state: RequestsState): string[] {
  return keysOfStored(state.meta, state.layout.splitRequests)
}

/** Every key with a stored result. */
export function resultKeys(state: RequestsState): string[] {
  return keysOfStored(state.results, state.layout.splitRequests)
}

/** Calls `fn` with each stored result. */
export function forEachResult(state: RequestsState, fn: (key: string, result: unknown) => void) {
  forEachStored(state.results, state.layout.splitRequests, fn)
}

/**
 * Every stored result as one plain `{ [key]: result }` object: `results` itself when plain, else
 * a copy made once per `results` object (for code that looks through all results, such as lists
 * that grow).
 */
export function allResults(state: RequestsState): Readonly<Record<string, unknown>> {
  return plainView(state.results, state.layout.splitRequests)
}

/** A change of one key: a new value, or removal. */
export type Change<T> = readonly [key: string, value: T | typeof REMOVE]
export { REMOVE }

/**
 * `results` and `meta` with the changes applied immutably, split when `meta` grows past
 * {@link PLAIN_LIMIT} keys, made plain when `mayShrink` (garbage collection) leaves it at
 * {@link SHRINK_LIMIT} or fewer. The same objects when nothing changed.
 */
export function writeRequests(
  state: RequestsState,
  results: Iterable<Change<unknown>>,
  meta: Iterable<Change<RequestMeta>>,
  mayShrink = false,
): RequestsState {
  const split = state.layout.splitRequests
  let nextResults = updateStored(state.results, split, results)
  let nextMeta = updateStored<RequestMeta>(state.meta, split, meta)
  if (nextResults === state.results && nextMeta === state.meta) return state
  let layout = state.layout
  if (!split && countStored(nextMeta, false) > PLAIN_LIMIT) {
    nextResults = toBuckets(nextResults)
    nextMeta = toBuckets(nextMeta)
    layout = { ...layout, splitRequests: true }
  } else if (split && mayShrink && countStored(nextMeta, true) <= SHRINK_LIMIT) {
    nextResults = toPlain(nextResults)
    nextMeta = toPlain(nextMeta)
    layout = { ...layout, splitRequests: false }
  }
  // The state's types describe the readable layout; split maps are read through storedMap.ts.
  return {
    results: nextResults as RequestsState['results'],
    meta: nextMeta as RequestsState['meta'],
    layout,
  }
}
