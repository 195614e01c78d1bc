/**
 * Whether a call's data is fit to show now, and whether its error is reported: the rules every
 * reader shares (`useSuspense` shows usable data instead of suspending, `useCache` returns it, a
 * soft error leaves it on screen; `useError` and `controller.getError` agree).
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

/**
 * The call's error as readers report it at `now`: `undefined` when there is none, or when it is
 * soft (see `CallState.errorPolicy`) and the data is usable, as data-client's
 * `Controller.getError` does.
 */
export function reportedError(call: CallState, now: number): Error | undefined {
  if (call.error === undefined) return undefined
  return call.errorPolicy === 'soft' && isUsable(call, now) ? undefined : call.error
}
