import { useEffect } from 'react'
import type { EndpointArgs, EndpointInterface } from '../redux/endpointTypes'
import { useController } from './context'
import { holdRequest } from './heldRequests'
import { useCallState } from './useCallState'

/**
 * Fetches when the call's data is missing, invalid or stale, without reading it or suspending
 * (pair it with `useCache`). Errors are recorded in the cache (read them with `useError`).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usefetch
 */
export function useFetch<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): void {
  const controller = useController()
  const { key, mustFetch, shouldRevalidate } = useCallState(endpoint, args)
  useEffect(() => {
    // Held while mounted: when the last component holding the request unmounts, it is aborted.
    if ((mustFetch || shouldRevalidate) && key !== undefined) {
      return holdRequest(controller, endpoint, args)
    }
    return undefined
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, mustFetch, shouldRevalidate])
}
