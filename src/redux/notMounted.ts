/**
 * The error a read or a request meets when the store's state has no slice at the cache's
 * `reducerPath`, with a hint when the slice sits at another key.
 */
import { SetupError } from '../internal/errors'
import type { EntityCacheState } from './slice/state'

/** True when `value` has the members every entity cache slice has (any storage format). */
function looksLikeSlice(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false
  const slice = value as Partial<Record<keyof EntityCacheState, unknown>>
  return ['entities', 'entitiesMeta', 'results', 'meta'].every(
    (member) => typeof slice[member as keyof EntityCacheState] === 'object',
  )
}

/**
 * The error for a state with no slice at `reducerPath`; when the slice sits at another key
 * (a reducer mounted by hand under its own name), the message names that key.
 */
export function notMounted(root: unknown, reducerPath: string): SetupError {
  const elsewhere =
    root && typeof root === 'object'
      ? Object.keys(root).filter((key) => looksLikeSlice((root as Record<string, unknown>)[key]))
      : []
  const hint =
    elsewhere.length === 0
      ? ''
      : ` The state has an entity cache at ${elsewhere.map((key) => `state.${key}`).join(', ')}:` +
        ` mount the reducer under cache.reducerPath, or create the cache with` +
        ` createEntityCache({ reducerPath: '${elsewhere[0]}' }).`
  return new SetupError(
    `No entity cache at state.${reducerPath}. Mount cache.reducer under the key ` +
      `cache.reducerPath in configureStore({ reducer: { [cache.reducerPath]: cache.reducer } }).` +
      hint,
  )
}

/**
 * The error for a selector given something other than the root state, when it can tell: the
 * store itself, or the cache's slice. `undefined` for anything else (a root state whose slice is
 * not made yet reads as empty: see `selectSlice`).
 */
export function notARootState(root: unknown, reducerPath: string): SetupError | undefined {
  if (!root || typeof root !== 'object') return undefined
  const value = root as Record<string, unknown>
  if (typeof value.getState === 'function' && typeof value.dispatch === 'function') {
    return new SetupError(
      `A selector of the entity cache was given the store, not its state: call it with ` +
        `store.getState() (useSelector passes the state).`,
    )
  }
  if (looksLikeSlice(root)) {
    return new SetupError(
      `A selector of the entity cache was given the cache's slice, not the root state: call ` +
        `it with the whole state (store.getState()); it finds the slice at ` +
        `state.${reducerPath} itself. If cache.reducer is the store's root reducer, mount it ` +
        `under its key instead: configureStore({ reducer: { [cache.reducerPath]: cache.reducer } }).`,
    )
  }
  return undefined
}
