import { isNoCall, keyOf } from '../redux/read/readableKey'
import { useEffect, useMemo } from 'react'
import { useSelector, useStore } from 'react-redux'
import type { EndpointArgs, EndpointData, EndpointInterface } from '../redux/endpointTypes'
import type { Query } from '../redux/read/Query'
import { isUsable } from '../redux/read/usable'
import { askedByReader } from '../redux/controllerSymbols'
import { getRequestMeta } from '../redux/slice/requests'
import { useEntityCache } from './context'
import { inRenderGrace } from './renderGrace'

const selectNothing = () => undefined

/**
 * Reads the call's data from the cache; never fetches. `undefined` when the data is not usable:
 * absent, invalidated, incomplete, stale with `invalidIfStale` (unless a reader's request brought
 * it less than a second ago: see `useSuspense`), or `null` args. Errors do not hide it (where
 * `useSuspense` would throw a hard one): read them with `useError`. Stale data of
 * other endpoints is returned. Re-renders only when what it returns changes.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usecache
 */
export function useCache<TEndpoint extends EndpointInterface<any, any, any> | Query<any, any, any>>(
  readable: TEndpoint,
  ...args: EndpointArgs<TEndpoint>
): EndpointData<TEndpoint> | undefined
export function useCache<TEndpoint extends EndpointInterface<any, any, any> | Query<any, any, any>>(
  readable: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): EndpointData<TEndpoint> | undefined
export function useCache<TEndpoint extends EndpointInterface<any, any, any> | Query<any, any, any>>(
  readable: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): EndpointData<TEndpoint> | undefined {
  const cache = useEntityCache()
  const store = useStore()
  const active = !isNoCall(args)
  const key = active ? keyOf(readable, args, 'useCache') : undefined
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
  const selectCall = active
    ? cache.selectCall(readable, ...(args as EndpointArgs<TEndpoint>))
    : undefined
  // The data, or `undefined` when not usable: the same reference while that holds, so a change
  // of the call's other parts (pending, an error) does not re-render.
  const selectShown = useMemo(() => {
    if (!selectCall || key === undefined) return selectNothing
    return (root: unknown) => {
      const call = selectCall(root)
      const now = Date.now()
      const meta = () => getRequestMeta(cache.selectSlice(root), key)
      const asked = (fetchedAt: number) => cache.controller(store)[askedByReader](key, fetchedAt)
      return isUsable(call, now) || inRenderGrace(call, now, meta, asked) ? call.data : undefined
    }
  }, [cache, store, key, selectCall])
  return useSelector(selectShown) as EndpointData<TEndpoint> | undefined
}

/**
 * Reads a `Query` (sorted, filtered, counted views over the tables); never fetches.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usequery
 */
export function useQuery<TQuery extends Query<any, any, any>>(
  query: TQuery,
  ...args: EndpointArgs<TQuery>
): EndpointData<TQuery> | undefined
export function useQuery<TQuery extends Query<any, any, any>>(
  query: TQuery,
  ...args: [null] | EndpointArgs<TQuery>
): EndpointData<TQuery> | undefined
export function useQuery<TQuery extends Query<any, any, any>>(
  query: TQuery,
  ...args: [null] | EndpointArgs<TQuery>
): EndpointData<TQuery> | undefined {
  return useCache(query, ...args)
}
