/**
 * The one-second grace React readers give the data of an `invalidIfStale` call that a reader's
 * request just brought: an expiry under a second (0, or `NaN`, which counts as 0) makes the data
 * stale before the render that waited for it can show it, and `useSuspense` would fetch it again
 * and again. A component that suspends before it first mounts keeps nothing between its renders,
 * so the grace is stated in time (as TanStack Query's suspense mode keeps a one-second minimum
 * `staleTime`), and given only to data whose request a reader (`useSuspense`, `useFetch`,
 * `useDLE`) started or joined: data fetched by `controller.fetch` is stale at its expiry, for
 * hooks as for selectors, as in data-client.
 */
import { ExpiryStatus } from '../redux/read/ExpiryStatus'
import { RENDER_GRACE_MS } from '../redux/runtime/readerRequests'
import type { CallState } from '../redux/read/readCall'
import type { RequestMeta } from '../redux/slice/state'

export { RENDER_GRACE_MS }

/**
 * True when the call's data is stale only because its expiry is shorter than the grace: an
 * `invalidIfStale` call whose last request succeeded at most {@link RENDER_GRACE_MS} ago (or
 * later, while no reader has committed a render since: `unshown`, so that a render slower than
 * the grace, 300 rows under one Suspense boundary on a busy machine, does not ask again before
 * anything showed), was
 * started or joined by a React reader (`askedByReader`, given that request's start) and whose
 * data expired by its own expiry length (not by `expireAll`, which sets it to 0, nor
 * `invalidate`, which makes it `Invalid`). `meta` and `askedByReader` are asked only then.
 */
export function inRenderGrace(
  call: CallState,
  now: number,
  meta: () => RequestMeta | undefined,
  askedByReader: (fetchedAt: number) => boolean,
  unshown: (fetchedAt: number) => boolean = () => false,
): boolean {
  if (call.expiryStatus !== ExpiryStatus.InvalidIfStale || now <= call.expiresAt) return false
  if (call.error !== undefined) return false
  const request = meta()
  if (request === undefined || request.error !== undefined || !(request.date > 0)) return false
  return (
    call.expiresAt >= request.date &&
    (now <= request.date + RENDER_GRACE_MS || unshown(request.fetchedAt)) &&
    askedByReader(request.fetchedAt)
  )
}
