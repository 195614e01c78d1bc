import { useEffect, useMemo } from 'react'
import type { EndpointArgs, EndpointData, EndpointInterface } from '../redux/endpointTypes'
import { fetchFromRender } from '../redux/controllerSymbols'
import { useController } from './context'
import { holdRequest } from './heldRequests'
import type { Verdict } from './useCallState'
import { useCallState } from './useCallState'

/**
 * What `useFetch` acts on: whether to ask, and a new reason to ask again. It returns no data,
 * so a change that leaves those as they were (its request starting, new values of data that
 * is fresh) renders nothing.
 */
function sameAsking(a: Verdict, b: Verdict): boolean {
  return (
    a.idleRound === b.idleRound &&
    a.mustFetch === b.mustFetch &&
    a.shouldRevalidate === b.shouldRevalidate
  )
}

const ignore = () => {}

/** The requests a `useFetch` render started that have settled (nothing left to hold). */
const settled = new WeakSet<Promise<unknown>>()

/**
 * Fetches when the call's data is missing, invalid or stale, without reading it or suspending
 * (pair it with `useCache`). Errors are recorded in the cache (read them with `useError`).
 *
 * Returns the request's promise when it fetches (the same promise on every render until the
 * data is fetched again), resolving to the data as stored, as `controller.fetch` does; else
 * (fresh data, a standing error, `null` args) `undefined`, as in Reactive Data Client. The
 * request starts during render (a microtask later, like `useSuspense`'s), so the promise settles
 * even if the render never commits. While mounted, the component holds the request: when the
 * last component holding it unmounts and no other caller waits, it is aborted and the promise
 * rejects with an `AbortError`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usefetch
 */
export function useFetch<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: EndpointArgs<TEndpoint>
): Promise<EndpointData<TEndpoint>> | undefined
export function useFetch<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): Promise<EndpointData<TEndpoint>> | undefined
export function useFetch<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): Promise<EndpointData<TEndpoint>> | undefined {
  const controller = useController()
  // `idleRound`: a request settled without making the data usable (invalidated while in flight,
  // dropped by a reset), so another is made. While one is in flight, the memo joins it and
  // gives the same promise.
  const { key, mustFetch, shouldRevalidate, idleRound } = useCallState(endpoint, args, sameAsking)
  const request = useMemo(() => {
    if (!(mustFetch || shouldRevalidate) || key === undefined) return undefined
    // Watched, not kept: the hold below (a mounted component) decides whether it may be aborted.
    const promise = controller[fetchFromRender](endpoint, args, { watch: true })
    const done = () => settled.add(promise)
    promise.then(done, done)
    promise.catch(ignore)
    return promise as Promise<EndpointData<TEndpoint>>
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, mustFetch, shouldRevalidate, idleRound])
  useEffect(() => {
    // Held while mounted: when the last component holding the request unmounts, it is aborted.
    // The hold joins the request in flight; once it has settled there is nothing to hold. A
    // mutation is never joined by another call, so it is not held (it runs to the end).
    if (request === undefined || settled.has(request) || endpoint.sideEffect) return undefined
    return holdRequest(controller, endpoint, args)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, request])
  return request
}
