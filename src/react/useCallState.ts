/**
 * The shared core of the reading hooks: the call's {@link CallState} through one `useSelector`
 * (one snapshot per render, never `store.getState()`), and a verdict on what to do with it now
 * (show, fetch, throw).
 */
import { useEffect } from 'react'
import { useSelector, useStore } from 'react-redux'
import type { EndpointInterface } from '../redux/endpointTypes'
import type { CallState } from '../redux/read/readCall'
import { isUsable, reportedError } from '../redux/read/usable'
import { useEntityCache } from './context'

const selectNothing = (): CallState | undefined => undefined

/** What a reading hook decides about one call. */
export interface CallVerdict {
  /** False when the args were `null` (inactive: no read, no fetch). */
  active: boolean
  key: string | undefined
  /** Data fit to show now (`undefined` when missing, invalid, incomplete or too stale). */
  data: unknown
  /** A fetch is needed before anything can be shown. */
  mustFetch: boolean
  /** Data is shown, but stale: refetch in the background. */
  shouldRevalidate: boolean
  /** The error to show instead of data, if any. */
  error: Error | undefined
  /** A request for this key is in flight. */
  pending: boolean
}

/** What to do with a call's state at time `now`. */
function verdictOf(call: CallState, now: number) {
  const usable = isUsable(call, now)
  const standing = call.error !== undefined && now <= call.errorExpiresAt
  const error = standing ? reportedError(call, now) : undefined
  return {
    data: usable && !error ? call.data : undefined,
    mustFetch: !usable && !error,
    shouldRevalidate: usable && !error && now > call.expiresAt,
    error,
    pending: call.pending,
  }
}

/** @internal */
export function useCallState(endpoint: EndpointInterface, args: readonly unknown[]): CallVerdict {
  const cache = useEntityCache()
  const store = useStore()
  const active = !(args.length > 0 && args[0] === null)
  const key = active ? endpoint.key(...args) : undefined
  const call = useSelector(
    active ? cache.selectCall(endpoint, ...(args as never[])) : selectNothing,
  )
  // While mounted, the call's data is in use: garbage collection keeps it.
  useEffect(
    () => (key === undefined ? undefined : cache.retain(store, endpoint, ...(args as never[]))),
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, store, key],
  )
  if (!call) {
    const idle = { data: undefined, mustFetch: false, shouldRevalidate: false }
    return { active, key, ...idle, error: undefined, pending: false }
  }
  return { active, key, ...verdictOf(call, Date.now()) }
}
