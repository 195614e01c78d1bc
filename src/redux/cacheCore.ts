/** @internal What a Controller uses of its cache (made by `createEntityCache`). */
import type { EndpointInterface } from './endpointTypes'
import type { CollectGarbageOptions } from './gc/plan'
import type { CallState, Readable, ResponseState } from './read/readCall'
import type { Clock } from './request/clock'
import type { CacheThunk, ExpiryDefaults, FetchOptions } from './request/fetchThunk'
import type { StoreRuntime } from './runtime/storeRuntime'
import type { CollectedPayload, EntityCacheActions } from './slice/actions'
import type { EntityCacheState } from './slice/state'

/**
 * @internal What a Controller uses of its cache.
 * @template TController - the Controller class (a parameter, so this file does not import it)
 */
export interface CacheCore<TController = unknown> {
  actions: EntityCacheActions
  selectSlice: (root: unknown) => EntityCacheState
  /** The memoized {@link CallState} selector of a call. */
  selectCall: (readable: Readable, ...args: readonly unknown[]) => (root: unknown) => CallState
  /** The memoized `{ data, expiryStatus, expiresAt }` selector of a call. */
  selectResponse: (
    readable: Readable,
    ...args: readonly unknown[]
  ) => (root: unknown) => ResponseState
  fetchThunk: <T>(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    options?: FetchOptions,
  ) => CacheThunk<T>
  defaults: ExpiryDefaults
  clock: Clock
  collectGarbage: (
    runtime: StoreRuntime<TController>,
    options?: CollectGarbageOptions,
  ) => CollectedPayload
  /** Remembers the schema a key is written with (for garbage collection). */
  remember: (key: string, schema: unknown) => void
  /** The root state writes build on: the present, not an earlier state DevTools shows. */
  presentRoot: (runtime: StoreRuntime, root: unknown) => unknown
}
