/**
 * The public `createEntityCache`: the cache as a slice (redux/) with the RTK Query bridge
 * (rtkQuery/) added. It sits above both, so that every layer imports only from those below it.
 */
import type { EntityCacheOptions, SliceCache } from './redux/createEntityCache'
import { createSliceCache, internalsOf } from './redux/createEntityCache'
import { buildRtkQueryBridge } from './rtkQuery/bridge'
import type {
  CheckedSchemas,
  RtkQueryApi,
  RtkQueryBridge,
  RtkQueryBridgeSchemas,
} from './rtkQuery/types'

/**
 * What {@link createEntityCache} returns: the reducer, middleware, actions and selectors of the
 * slice, a Controller per store, and the RTK Query bridge.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createEntityCache.md
 */
export interface EntityCache<
  TReducerPath extends string = string,
> extends SliceCache<TReducerPath> {
  /**
   * Bridges an RTK Query `api`: the results of the endpoints named in `schemas` are normalized
   * into this cache (one `received` action each), and a record changed from either side is
   * patched into every RTK Query entry holding it (a `schema.Delete` result removes it from their
   * lists). Add `bridge.middleware` after `api.middleware` and `cache.middleware`. Names and
   * schemas are checked against the api's endpoints and result types.
   * @template TApi - the RTK Query api
   * @template TSchemas - a schema per endpoint name
   * @example
   * ```ts
   * const bridge = cache.bridgeRtkQuery(api, { getPosts: [Post], updatePost: Post })
   * const store = configureStore({
   *   reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
   *   middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
   * })
   * ```
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md
   */
  bridgeRtkQuery<TApi extends RtkQueryApi, TSchemas extends RtkQueryBridgeSchemas<TApi>>(
    api: TApi,
    schemas: TSchemas & NoInfer<CheckedSchemas<TApi, TSchemas>>,
  ): RtkQueryBridge<TApi, TSchemas>
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
  const cache = createSliceCache(options)
  const bridgeRtkQuery: EntityCache['bridgeRtkQuery'] = (api, schemas) =>
    buildRtkQueryBridge(internalsOf(cache), api, schemas) as never
  return Object.assign(cache, { bridgeRtkQuery })
}
