/**
 * The shared core of the reading hooks: a verdict on what to do with a call now (show, fetch,
 * throw), made from its {@link CallState} inside one `useSelector` (one snapshot per render,
 * never `store.getState()`) and compared field by field, so a component renders again only when
 * the verdict changes: not when a request starts or ends while data shows, nor when a refetch
 * with the same values moves the fetch times.
 */
import { useEffect, useRef } from 'react'
import { useSelector, useStore } from 'react-redux'
import type { EndpointInterface } from '../redux/endpointTypes'
import type { CallState } from '../redux/read/readCall'
import { isUsable, reportedError } from '../redux/read/usable'
import { getRequestMeta } from '../redux/slice/requests'
import type { RequestMeta } from '../redux/slice/state'
import { useEntityCache } from './context'

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
  /** A request for this key is in flight while there is no data to show (a loading state). */
  waiting: boolean
  /**
   * No data is fit to show, none is on its way, and asking again can help: the call was never
   * requested since the cache last forgot it (a reset), or was invalidated after its last request
   * started. A request that landed with data still unusable for any other reason (a record that
   * fails `validate` on read) is not asked again, so no request loops.
   */
  idle: boolean
  /**
   * When the call became {@link idle}: the reset or the invalidation that made asking again
   * useful (0 before any; `-1` when not idle). A new one while idle is a new reason to ask.
   */
  idleSince: number
  /**
   * How many times the call has become {@link idle} while this component was mounted: a hook
   * that fetches on it lists this (not `idle`) in its deps, so it asks once each time, and not
   * again when the request starts (React may render only after that request has settled).
   */
  idleRound: number
}

type Verdict = Omit<CallVerdict, 'active' | 'key' | 'idleRound'>

const NONE: Verdict = {
  data: undefined,
  mustFetch: false,
  shouldRevalidate: false,
  error: undefined,
  waiting: false,
  idle: false,
  idleSince: -1,
}

/**
 * Equal verdicts render the same: a request starting or ending while data shows, or fetch
 * times moving on (a refetch or poll with the same values), change the call's state, not what
 * a reading hook does with it, so the component does not render again.
 */
function sameVerdict(a: Verdict, b: Verdict): boolean {
  return (
    a.data === b.data &&
    a.mustFetch === b.mustFetch &&
    a.shouldRevalidate === b.shouldRevalidate &&
    a.error === b.error &&
    a.waiting === b.waiting &&
    a.idle === b.idle &&
    a.idleSince === b.idleSince
  )
}

/**
 * What to do with a call's state at time `now`; `askAgainSince`: when asking again became useful
 * (see {@link CallVerdict.idleSince}), `-1` when it is not.
 */
function verdictOf(call: CallState, now: number, askAgainSince: number): Verdict {
  const usable = isUsable(call, now)
  const standing = call.error !== undefined && now <= call.errorExpiresAt
  const error = standing ? reportedError(call, now) : undefined
  const data = usable && !error ? call.data : undefined
  const mustFetch = !usable && !error
  return {
    data,
    mustFetch,
    // Stale data beside an error that still stands (a soft one): retried once the error expires.
    shouldRevalidate: usable && !standing && now > call.expiresAt,
    error,
    waiting: call.pending && data === undefined,
    idle: mustFetch && !call.pending && askAgainSince >= 0,
    idleSince: mustFetch && !call.pending ? askAgainSince : -1,
  }
}

/**
 * Since when asking again for the call can make its data usable (see {@link CallVerdict.idle}):
 * the last reset when nothing is stored for it, the invalidation when it is newer than the last
 * request; `-1` when asking again cannot help.
 */
function askAgainSince(meta: RequestMeta | undefined, resetAt: number): number {
  if (meta === undefined) return resetAt
  const invalidatedAt = meta.invalidatedAt ?? 0
  return meta.invalidated === true && invalidatedAt > meta.fetchedAt ? invalidatedAt : -1
}

/** @internal */
export function useCallState(endpoint: EndpointInterface, args: readonly unknown[]): CallVerdict {
  const cache = useEntityCache()
  const store = useStore()
  const active = !(args.length > 0 && args[0] === null)
  const key = active ? endpoint.key(...args) : undefined
  const selectCall = active ? cache.selectCall(endpoint, ...(args as never[])) : undefined
  const verdict = useSelector((root: unknown): Verdict => {
    if (selectCall === undefined || key === undefined) return NONE
    const slice = cache.selectSlice(root)
    const since = askAgainSince(getRequestMeta(slice, key), slice.resetAt ?? 0)
    return verdictOf(selectCall(root), Date.now(), since)
  }, sameVerdict)
  // A new round each time the call becomes idle, or idle for a new reason (a reset made before
  // this component saw its request in flight).
  const rounds = useRef({ since: -1, round: 0 })
  if (verdict.idle && verdict.idleSince !== rounds.current.since) rounds.current.round += 1
  rounds.current.since = verdict.idle ? verdict.idleSince : -1
  // While mounted, the call's data is in use: garbage collection keeps it.
  useEffect(
    () => (key === undefined ? undefined : cache.retain(store, endpoint, ...(args as never[]))),
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, store, key],
  )
  return { active, key, ...verdict, idleRound: rounds.current.round }
}
