import { useEffect } from 'react'
import { useSelector, useStore } from 'react-redux'
import type { EndpointArgs, EndpointData, EndpointInterface } from '../redux/endpointTypes'
import type { Query } from '../redux/read/Query'
import { useEntityCache } from './context'

const selectNothing = () => undefined

/**
 * Reads the call's data from the cache; never fetches. `undefined` when absent (or `null` args).
 * Re-renders only when this data changes.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usecache
 */
export function useCache<TEndpoint extends EndpointInterface<any, any, any> | Query<any, any, any>>(
  readable: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): EndpointData<TEndpoint> | undefined {
  const cache = useEntityCache()
  const store = useStore()
  const active = !(args.length > 0 && args[0] === null)
  const key = active ? readable.key(...args) : undefined
  // While mounted, the call's data (or the Query's tables) is in use: garbage collection keeps it.
  useEffect(
    () =>
      key === undefined
        ? undefined
        : cache.retain(store, readable, ...(args as EndpointArgs<TEndpoint>)),
    // The key identifies readable + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, store, key],
  )
  return useSelector(
    active ? cache.select(readable, ...(args as EndpointArgs<TEndpoint>)) : selectNothing,
  ) as EndpointData<TEndpoint> | undefined
}

/**
 * Reads a `Query` (sorted, filtered, counted views over the tables); never fetches.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usequery
 */
export function useQuery<TQuery extends Query<any, any, any>>(
  query: TQuery,
  ...args: [null] | EndpointArgs<TQuery>
): EndpointData<TQuery> | undefined {
  return useCache(query, ...args)
}
