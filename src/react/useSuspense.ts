import { useEffect } from 'react'
import { useStore } from 'react-redux'
import { UnusableResponseError } from '../internal/errors'
import type { EndpointArgs, EndpointData, EndpointInterface } from '../redux/endpointTypes'
import {
  explainUnusable,
  fetchFromRender,
  nextCallChange,
  nextStoreChange,
  showsEarlierState,
} from '../redux/controllerSymbols'
import { useController } from './context'
import { useDeletedGrace } from './deletedGrace'
import { useCallState } from './useCallState'

const ignore = () => {}

/**
 * Returns the call's data, denormalized. Suspends (throws the request's promise) while there is
 * nothing valid to show: missing, invalidated, incomplete (a record failing `validate`), or stale
 * with `invalidIfStale` (data that a reader's request, this one's or another hook's, brought
 * less than a second ago is shown, whatever its expiry). Stale data keeps rendering while it
 * refetches in the background. A failed request is thrown to the nearest error boundary, unless
 * it is soft (`errorPolicy`) and usable data shows; a hard error beside data is thrown again
 * after it expires, while the render fetches the data again. Data still unusable right after
 * its request succeeded throws `UnusableResponseError` instead of fetching again. `null` args
 * mean inactive: no fetch, `undefined`.
 *
 * @example
 * ```tsx
 * function Profile({ id }: { id: number }) {
 *   const user = useSuspense(UserResource.get, { id })
 *   return <h1>{user.name}</h1>
 * }
 * ```
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usesuspense
 */
export function useSuspense<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: EndpointArgs<TEndpoint>
): EndpointData<TEndpoint>
export function useSuspense<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): EndpointData<TEndpoint> | undefined
export function useSuspense(endpoint: EndpointInterface, ...args: unknown[]): unknown {
  const controller = useController()
  const store = useStore()
  const state = useCallState(endpoint, args)
  const { key, shouldRevalidate } = state
  const grace = useDeletedGrace(controller, endpoint, args, state)
  useEffect(() => {
    if (shouldRevalidate) controller.fetch(endpoint, ...args).catch(ignore)
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, shouldRevalidate])
  if (!state.active) return undefined
  if (state.error) {
    // A hard error that expired beside data: shown until the refetch started here lands.
    if (shouldRevalidate && key !== undefined) {
      controller[fetchFromRender](endpoint, args).catch(ignore)
    }
    throw state.error
  }
  // A record it showed was just deleted: shown one task more (deletedGrace.ts).
  if (grace.keep) return grace.data
  if (state.mustFetch && key !== undefined) {
    // Its request succeeded and the data still cannot show: asking again would bring the same.
    if (state.unusable) {
      const detail =
        state.unusable === 'incomplete' ? controller[explainUnusable](endpoint, args) : undefined
      throw new UnusableResponseError(key, state.unusable, detail)
    }
    // DevTools shows an earlier state: what was fetched landed after it; wait for the store to
    // move (a jump back to the present) instead of asking again on every retry.
    if (controller[showsEarlierState](endpoint, args))
      throw controller[nextStoreChange](store.subscribe)
    const request = controller[fetchFromRender](endpoint, args)
    request.catch(ignore)
    // Rendered again when the request settles, or sooner when the store changes the call
    // meanwhile (data set by `setResponse`, a reset that forgot the request): a suspended
    // component is subscribed to nothing, and would wait for a request nobody needs any more.
    throw Promise.race([
      request.then(ignore, ignore),
      controller[nextCallChange](endpoint, args, state.call, store.subscribe, request),
    ])
  }
  return state.data
}
