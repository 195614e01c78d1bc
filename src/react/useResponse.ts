/**
 * The shared core of the reading hooks: the call's data (a memoized selector), its request meta,
 * and a verdict on what to do (show, fetch, throw).
 */
import { useEffect } from 'react'
import { useSelector, useStore } from 'react-redux'
import { getOwn } from '../internal/ownKeys'
import type { EndpointInterface } from '../redux/endpointTypes'
import { ExpiryStatus } from '../redux/ExpiryStatus'
import type { RequestMeta } from '../redux/state'
import { useEntityCache } from './context'

const selectNothing = () => undefined

/** What a reading hook knows about one call. */
export interface CallState {
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

/** Errors that replace data even when stale data exists: client errors (4xx). */
function isHardError(error: Error): boolean {
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' && status >= 400 && status < 500
}

/** @internal */
export function useCallState(endpoint: EndpointInterface, args: readonly unknown[]): CallState {
  const cache = useEntityCache()
  const store = useStore()
  const active = !(args.length > 0 && args[0] === null)
  const key = active ? endpoint.key(...args) : undefined
  const selected = useSelector(
    active ? cache.select(endpoint, ...(args as never[])) : selectNothing,
  )
  const meta = useSelector((root: unknown) =>
    key === undefined ? undefined : getOwn<RequestMeta>(cache.selectSlice(root).meta, key),
  )
  // While mounted, the call's data is in use: garbage collection keeps it.
  useEffect(
    () => (key === undefined ? undefined : cache.retain(store, endpoint, ...(args as never[]))),
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, store, key],
  )
  if (!active || key === undefined) {
    const idle = { data: undefined, mustFetch: false, shouldRevalidate: false }
    return { active, key, ...idle, error: undefined, pending: false }
  }
  const controller = cache.controller(store)
  const response = controller.getResponse(endpoint, ...(args as never[]), store.getState())
  const now = Date.now()
  const usable =
    response.expiryStatus === ExpiryStatus.Valid ||
    (response.expiryStatus === ExpiryStatus.InvalidIfStale && now <= response.expiresAt)
  const storedError = meta?.error
    ? controller.getError(endpoint, ...(args as never[]), store.getState())
    : undefined
  const errorFresh = storedError !== undefined && meta !== undefined && now <= meta.expiresAt
  const error =
    storedError && errorFresh && (!usable || isHardError(storedError)) ? storedError : undefined
  const data = usable && !error ? (selected ?? response.data) : undefined
  return {
    active,
    key,
    data,
    mustFetch: !usable && !error,
    shouldRevalidate: usable && !error && now > response.expiresAt,
    error,
    pending: meta?.pendingSince !== undefined,
  }
}
