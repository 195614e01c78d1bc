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
