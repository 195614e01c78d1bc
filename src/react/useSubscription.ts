import { isNoCall, keyOf } from '../redux/read/readableKey'
import { useEffect } from 'react'
import { useStore } from 'react-redux'
import type { EndpointArgs, EndpointData, EndpointInterface } from '../redux/endpointTypes'
import { useController, useEntityCache } from './context'
import { useSuspense } from './useSuspense'

/**
 * Keeps the call fresh by polling at the endpoint's `pollFrequency` while mounted (one timer per
 * key, shared by every subscribed component; stopped when the last unmounts). `null` args:
 * inactive.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usesubscription
 */
export function useSubscription<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: EndpointArgs<TEndpoint>
): void
export function useSubscription<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): void
export function useSubscription<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): void {
  const controller = useController()
  const cache = useEntityCache()
  const store = useStore()
  const active = !isNoCall(args)
  const key = active ? keyOf(endpoint, args, 'useSubscription') : undefined
  const frequency = endpoint.pollFrequency
  // Keyed by the call and its frequency, not the endpoint object: an endpoint made while
  // rendering (`getItem.extend({ pollFrequency })`, a hookified resource) is a new object each
  // render, and resubscribing on each would restart the poll's timer before it ever fired.
  useEffect(() => {
    if (key === undefined) return undefined
    // Polled data is in use: garbage collection keeps it while subscribed.
    const release = cache.retain(store, endpoint, ...(args as EndpointArgs<TEndpoint>))
    controller.subscribe(endpoint, ...(args as EndpointArgs<TEndpoint>))
    return () => {
      controller.unsubscribe(endpoint, ...(args as EndpointArgs<TEndpoint>))
      release()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, cache, store, key, frequency])
}

/**
 * `useSuspense` plus `useSubscription`: the data, kept fresh by polling. `null` args: inactive
 * (no fetch, no polling), `undefined`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#uselive
 */
export function useLive<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: EndpointArgs<TEndpoint>
): EndpointData<TEndpoint>
export function useLive<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): EndpointData<TEndpoint> | undefined
export function useLive<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): EndpointData<TEndpoint> | undefined {
  useSubscription(endpoint, ...args)
  return useSuspense(endpoint, ...args)
}
