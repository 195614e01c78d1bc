/**
 * Whether a call's data is fit to show now: the rule every reader shares (`useSuspense` shows
 * it instead of suspending, `useCache` returns it, a soft error leaves it on screen).
 */
import { ExpiryStatus } from './ExpiryStatus'
import type { CallState } from './readCall'

/**
 * True when the call's data can be shown at `now`: `Valid` (fresh or stale), or
 * `InvalidIfStale` and not yet expired. Missing, invalidated or incomplete data (`Invalid`) and
 * stale data of an `invalidIfStale` endpoint are not.
 */
export function isUsable(call: CallState, now: number): boolean {
  return (
    call.expiryStatus === ExpiryStatus.Valid ||
    (call.expiryStatus === ExpiryStatus.InvalidIfStale && now <= call.expiresAt)
  )
}

/** The call's data when it is usable at `now` (see {@link isUsable}), else `undefined`. */
export function usableData<TData>(call: CallState<TData>, now: number): TData | undefined {
  return isUsable(call, now) ? call.data : undefined
}
