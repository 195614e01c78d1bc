import { useEffect, useMemo } from 'react'
import { UnusableResponseError } from '../internal/errors'
import type { ErrorTypes } from '../internal/errors'
import type { EndpointArgs, EndpointData, EndpointInterface } from '../redux/endpointTypes'
import { explainUnusable } from '../redux/controllerSymbols'
import { useController } from './context'
import { holdRequest } from './heldRequests'
import type { Verdict } from './useCallState'
import { useCallState } from './useCallState'

/**
 * What `useDLE` returns or acts on: a request starting while it already reports loading (its
 * own, say) changes the call's state, not its result, so it renders nothing, as data-client's
 * `useDLE` renders twice for one fetch (loading, then the data).
 */
function sameDLE(a: Verdict, b: Verdict): boolean {
  return (
    a.idleRound === b.idleRound &&
    a.usableData === b.usableData &&
    a.error === b.error &&
    a.unusable === b.unusable &&
    a.mustFetch === b.mustFetch &&
    a.shouldRevalidate === b.shouldRevalidate &&
    (a.mustFetch || a.waiting) === (b.mustFetch || b.waiting)
  )
}

/**
 * What {@link useDLE} returns: one of three states, so that checking `loading` and `error`
 * narrows `data` (`if (!loading && !error) data.title`), as data-client's does.
 */
export type DLE<TData> =
  | {
      /** Not loading, no error: the data, usable. */
      data: TData
      loading: false
      error: undefined
    }
  | {
      /**
       * No usable data yet, and a request is on its way (or about to be). Stale data being
       * refetched in the background reports `loading: false`, with the data.
       */
      data: TData | undefined
      loading: true
      error: undefined
    }
  | {
      /** The request failed; usable data, if any, stays beside the error. */
      data: TData | undefined
      loading: false
      error: ErrorTypes
    }

/** What {@link useDLE} returns for `null` args (no call): no data, not loading, no error. */
export type IdleDLE = { data: undefined; loading: false; error: undefined }

/**
 * Data, Loading, Error without Suspense: fetches like `useSuspense` (in an effect) and reports
 * the state instead of throwing.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usedle
 */
export function useDLE<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: EndpointArgs<TEndpoint>
): DLE<EndpointData<TEndpoint>>
export function useDLE<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): DLE<EndpointData<TEndpoint>> | IdleDLE
export function useDLE<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): DLE<EndpointData<TEndpoint>> | IdleDLE {
  const controller = useController()
  const state = useCallState(endpoint, args, sameDLE)
  // `idleRound`: a request settled without making the data usable (invalidated while in flight,
  // dropped by a reset), so another is made (in the effect, as its deps change).
  const { key, mustFetch, shouldRevalidate, waiting, idleRound } = state
  useEffect(() => {
    // Held while mounted: when the last component holding the request unmounts, it is aborted.
    if ((mustFetch || shouldRevalidate) && key !== undefined) {
      return holdRequest(controller, endpoint, args)
    }
    return undefined
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, mustFetch, shouldRevalidate, idleRound])
  // Its request succeeded and the data still cannot show (a record failing `validate` on
  // read): not loading, since no request will come, but the error `useSuspense` throws. One
  // object while the reason stands, so an effect that lists it does not run again.
  const { unusable } = state
  const unusableError = useMemo(() => {
    if (!unusable || key === undefined) return undefined
    const detail =
      unusable === 'incomplete' ? controller[explainUnusable](endpoint, args) : undefined
    return new UnusableResponseError(key, unusable, detail)
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, unusable])
  const error = state.error ?? unusableError
  // Usable data stays beside an error (a refetch answered 404), as in data-client: a view can
  // keep showing it under the error's banner. Not loading and no error: the data is usable.
  return {
    data: state.usableData,
    loading: state.active && (mustFetch || waiting) && !error,
    error,
  } as DLE<EndpointData<TEndpoint>> | IdleDLE
}
