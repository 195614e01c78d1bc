import type { Middleware, Reducer } from '@reduxjs/toolkit'
import { SchemaDefinitionError } from '../internal/errors'
import { MemoCache } from '../normalizr/MemoCache'
import type { EntityCacheActions } from './actions'
import { buildActions } from './actions'
import { buildCollector } from './collector'
import { Controller } from './Controller'
import type { StoreLike } from './Controller'
import type { EndpointArgs, EndpointData, EndpointInterface } from './endpointTypes'
import type { CacheThunk, FetchOptions } from './fetchThunk'
import { buildFetchThunk } from './fetchThunk'
import type { Query } from './Query'
import type { Readable } from './reads'
import type { RootSelector } from './selectors'
import { buildReads } from './reads'
import { perStore } from './perStore'
import { buildReducer } from './reducer'
import { buildSelect } from './selectors'
import type { EntityCacheState } from './state'

/** Options of {@link createEntityCache}. */
export interface EntityCacheOptions<TReducerPath extends string = string> {
  /** Where the slice is mounted in the root state. Default `'entityCache'`. */
  reducerPath?: TReducerPath
  /** Default freshness of responses (ms). Default 60,000. */
  dataExpiryLength?: number
  /** Default time before a failed request is retried by readers (ms). Default 1,000. */
  errorExpiryLength?: number
  /**
   * How long (ms) a result must go unused before garbage collection may forget it (and the
   * records only it reaches). Default 300,000 (5 minutes).
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  gcTime?: number
  /**
   * Sweeps each store automatically every `gcInterval` ms (from its first action). Default 0:
   * no automatic sweeps; call `controller.collectGarbage()` yourself.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  gcInterval?: number
}

/** What {@link createEntityCache} returns. */
export interface EntityCache<TReducerPath extends string = string> {
  readonly reducerPath: TReducerPath
  /** Mount it at `reducerPath`. */
  readonly reducer: Reducer<EntityCacheState>
  /** Add it to the store's middleware (after the defaults). */
  readonly middleware: Middleware
  /** The action creators (types `${reducerPath}/...`). */
  readonly actions: EntityCacheActions
  /** The Controller of a store (one per store). */
  controller(store: StoreLike): Controller
  /** A memoized selector of an endpoint's or query's data; equal args → the same selector. */
  select<TReadable extends Readable>(
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): RootSelector<EndpointData<TReadable>>
  /** The thunk `controller.fetch` runs, to dispatch yourself. */
  fetchThunk<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): CacheThunk<EndpointData<TEndpoint>>
  /** The slice state in a root state. */
  selectSlice(root: unknown): EntityCacheState
  /**
   * Marks the call's data in use by a reader of `store` until the returned function is called:
   * garbage collection keeps it (and what it reaches) however old. The React hooks do this while
   * mounted; call it for readers of your own (a `cache.select` subscription, say).
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  retain<TReadable extends Readable>(
    store: StoreLike,
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): () => void
}

/**
 * Creates the normalized cache as a Redux slice, to add to an existing store.
 * @template TReducerPath - the key of the slice in the root state (a literal type)
 *
 * @example
 * ```ts
 * const cache = createEntityCache({ reducerPath: 'data' })
 * const store = configureStore({
 *   reducer: { todos: todosReducer, [cache.reducerPath]: cache.reducer },
 *   middleware: (gDM) => gDM().concat(cache.middleware),
 * })
 * const user = await cache.controller(store).fetch(UserResource.get, { id: 1 })
 * ```
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createEntityCache.md
 */
export function createEntityCache<TReducerPath extends string = 'entityCache'>(
  options: EntityCacheOptions<TReducerPath> = {},
): EntityCache<TReducerPath> {
  const reducerPath = (options.reducerPath ?? 'entityCache') as TReducerPath
  const defaults = {
    dataExpiryLength: options.dataExpiryLength ?? 60_000,
    errorExpiryLength: options.errorExpiryLength ?? 1_000,
  }
  const actions = buildActions(reducerPath)
  const reducer = buildReducer(actions)
  const memo = new MemoCache()

  const selectSlice = (root: unknown): EntityCacheState => {
    const slice = (root as Record<string, EntityCacheState> | undefined)?.[reducerPath]
    if (!slice || typeof slice !== 'object') {
      throw new SchemaDefinitionError(
        `No entity cache at state.${reducerPath}. Mount cache.reducer under the key ` +
          `cache.reducerPath in configureStore({ reducer }).`,
      )
    }
    return slice
  }

  let last = 0
  const clock = () => {
    last = Math.max(Date.now(), last + 1)
    return last
  }

  const inflightOf = perStore(() => new Map<string, Promise<unknown>>())

  const collector = buildCollector({
    actions,
    selectSlice,
    inflightOf,
    memo,
    gcTime: options.gcTime ?? 300_000,
    gcInterval: options.gcInterval ?? 0,
  })
  const reads = buildReads(selectSlice, memo)
  const select = buildSelect(selectSlice, reads, collector.remember)
  const selectQuery = (query: Query<unknown>, args: readonly unknown[], root: unknown) =>
    select(query, ...args)(root)
  const runFetch = buildFetchThunk({ actions, selectSlice, reads, defaults, clock, inflightOf })
  // Remembers the schema of each key fetched (garbage collection walks stored results with it).
  const fetchThunk = <T>(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    options?: FetchOptions,
  ): CacheThunk<T> => {
    const thunk = runFetch<T>(endpoint, args, options)
    return (dispatch, getState) => {
      try {
        collector.remember(endpoint.key(...args), endpoint.schema)
      } catch (error) {
        // A call whose key cannot be made (a path param refused, say) rejects: nothing is sent.
        return Promise.reject(error)
      }
      return thunk(dispatch, getState)
    }
  }

  const controllers = new WeakMap<() => unknown, Controller>()
  const deps = {
    actions,
    selectSlice,
    reads,
    defaults,
    clock,
    fetchThunk,
    selectQuery,
    inflightOf,
    collectGarbage: collector.collectGarbage,
    remember: collector.remember,
  }

  // The middleware forgets in-flight requests on a reset however it was dispatched (devtools too),
  // and gives the garbage collector its view of each store's actions.
  const middleware: Middleware = (api) => {
    const collect = collector.middleware(api)
    return (next) => {
      const forward = collect(next)
      return (action) => {
        if (actions.reset.match(action)) inflightOf(api.getState).clear()
        return forward(action)
      }
    }
  }

  return {
    reducerPath,
    reducer,
    middleware,
    actions,
    selectSlice,
    controller(store) {
      let controller = controllers.get(store.getState)
      if (!controller) {
        controller = new Controller(deps, store)
        controllers.set(store.getState, controller)
      }
      return controller
    },
    select: select as EntityCache['select'],
    fetchThunk: (endpoint, ...args) => fetchThunk(endpoint, args),
    retain: (store, readable, ...args) => collector.retain(store, readable, args),
  }
}
