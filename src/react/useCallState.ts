/**
 * The shared core of the reading hooks: a verdict on what to do with a call now (show, fetch,
 * throw), made from its {@link CallState} inside one `useSelector` (one snapshot per render,
 * never `store.getState()`) and compared field by field by the hook's own test of sameness, so a
 * component renders again only when what its hook returns or acts on changes: not when a
 * request starts or ends while data shows, nor when a refetch with the same values moves the
 * fetch times.
 */
import { isNoCall, keyOf } from '../redux/read/readableKey'
import { useEffect, useMemo } from 'react'
import { useSelector, useStore } from 'react-redux'
import type { ErrorTypes, UnusableReason } from '../internal/errors'
import type { EndpointInterface } from '../redux/endpointTypes'
import { ExpiryStatus } from '../redux/read/ExpiryStatus'
import type { CallState } from '../redux/read/readCall'
import { isUsable, reportedError } from '../redux/read/usable'
import { deletedSince } from '../redux/read/deletedSince'
import { getRequestMeta } from '../redux/slice/requests'
import type { RequestMeta } from '../redux/slice/state'
import { askedByReader, shownByReader, unshownByReader } from '../redux/controllerSymbols'
import type { Controller } from '../redux/Controller'
import { useEntityCache } from './context'
import { inRenderGrace } from './renderGrace'

/** What a reading hook decides about one call. */
export interface CallVerdict {
  /** False when the args were `null` (inactive: no read, no fetch). */
  active: boolean
  key: string | undefined
  /**
   * Data fit to show now (`undefined` when missing, invalid, incomplete or too stale). Data of an
   * `invalidIfStale` call that a reader's request brought less than a second ago is fit to show
   * even when its expiry is shorter (see `renderGrace.ts`).
   */
  data: unknown
  /**
   * Usable data whatever error stands beside it (a hard error replaces {@link data}, not
   * this): what `useDLE` reports next to the error, as data-client's does.
   */
  usableData: unknown
  /** A fetch is needed before anything can be shown. */
  mustFetch: boolean
  /**
   * Refetch while the verdict holds: the data shown is stale, or a hard error that expired
   * beside usable data is still shown (the data may be gone or forbidden) until a refetch lands.
   */
  shouldRevalidate: boolean
  /**
   * The error to show instead of data, if any: one that stands, or a hard one that expired
   * beside usable data (shown until a refetch replaces it).
   */
  error: ErrorTypes | undefined
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
   * {@link idle} because a record the call's data needs was deleted after its request (a
   * tombstone newer than it), not because of a reset or an invalidation.
   */
  deleted: boolean
  /**
   * How many times the call (this key) has become {@link idle} in the store states this
   * component's selector has seen: a hook that fetches on it lists this (not `idle`) in its
   * deps, so it asks once each time, and not again when the request starts (React may render
   * only after that request has settled). Counted per key: a render for other args (a pending
   * transition) counts on its own, and never changes the count of the args on screen.
   */
  idleRound: number
  /**
   * The call's last request succeeded and nothing happened since that asking again could fix
   * (no invalidation after it, no reset), yet its data cannot be shown: why (`'incomplete'`: a
   * record it needs fails `validate` on read; `'missing'`: nothing can be read for it).
   * Fetching again would bring the same: `useSuspense` throws instead of looping. `undefined`
   * otherwise (stale `invalidIfStale` data is fetched again: a new response can be fresh).
   */
  unusable: UnusableReason | undefined
  /**
   * The call's state the verdict was made from (not compared: a verdict kept as equal keeps
   * the state it was made from). A suspended reader waits until the store's state of the call
   * is another (`nextCallChange`).
   */
  call: CallState | undefined
}

/** A verdict as the store's state makes it (the args' part, `active` and `key`, left out). */
export type Verdict = Omit<CallVerdict, 'active' | 'key'>

/**
 * Whether two verdicts render the same for one hook: each reading hook compares only what it
 * returns or acts on, so a change that matters to another hook renders nothing here.
 */
export type SameVerdict = (a: Verdict, b: Verdict) => boolean

const NONE: Verdict = {
  data: undefined,
  usableData: undefined,
  mustFetch: false,
  shouldRevalidate: false,
  error: undefined,
  waiting: false,
  idle: false,
  idleSince: -1,
  deleted: false,
  unusable: undefined,
  call: undefined,
  idleRound: 0,
}

/**
 * Equal verdicts render the same: a request starting or ending while data shows, or fetch
 * times moving on (a refetch or poll with the same values), change the call's state, not what
 * a reading hook does with it, so the component does not render again.
 */
function sameVerdict(a: Verdict, b: Verdict): boolean {
  return (
    a.idleRound === b.idleRound &&
    a.data === b.data &&
    a.usableData === b.usableData &&
    a.mustFetch === b.mustFetch &&
    a.shouldRevalidate === b.shouldRevalidate &&
    a.error === b.error &&
    a.waiting === b.waiting &&
    a.idle === b.idle &&
    a.idleSince === b.idleSince &&
    a.deleted === b.deleted &&
    a.unusable === b.unusable
  )
}

/**
 * What to do with a call's state at time `now`; `meta`: its request meta; `askAgainSince`: when
 * asking again became useful (see {@link CallVerdict.idleSince}), `-1` when it is not.
 */
function verdictOf(
  call: CallState,
  meta: RequestMeta | undefined,
  now: number,
  askAgainSince: number,
  asked: (fetchedAt: number) => boolean,
  deleted: boolean,
  unshown?: (fetchedAt: number) => boolean,
): Verdict {
  const grace = inRenderGrace(call, now, () => meta, asked, unshown)
  const usable = grace || isUsable(call, now)
  const standing = call.error !== undefined && now <= call.errorExpiresAt
  // A hard error (a 404, a 403) beside usable data says the data may be gone or forbidden: once
  // it expires, readers fetch again, and keep showing it until that refetch lands.
  const retryHard = usable && !standing && call.error !== undefined && call.errorPolicy === 'hard'
  const error = standing ? reportedError(call, now) : retryHard ? call.error : undefined
  const data = usable && !error ? call.data : undefined
  const mustFetch = !usable && !error
  const asking = mustFetch && !call.pending
  return {
    data,
    usableData: usable ? call.data : undefined,
    mustFetch,
    // Stale data (past its grace) is refetched; beside an error that still stands (a soft one)
    // only once it expires. An expired hard error beside usable data is retried too.
    shouldRevalidate: usable && !standing && ((now > call.expiresAt && !grace) || retryHard),
    error,
    waiting: call.pending && data === undefined,
    idle: asking && askAgainSince >= 0,
    idleSince: asking ? askAgainSince : -1,
    deleted: asking && deleted,
    unusable: asking && askAgainSince < 0 ? unusableReason(call, meta) : undefined,
    call,
    // Set by the selector, which counts the rounds.
    idleRound: 0,
  }
}

/**
 * Why data that must be fetched cannot become usable by fetching again (see
 * {@link CallVerdict.unusable}): the last request succeeded (an error, expired by now, is
 * retried), and the data is `Invalid` without an invalidation after that request.
 */
function unusableReason(
  call: CallState,
  meta: RequestMeta | undefined,
): UnusableReason | undefined {
  if (meta === undefined || meta.error !== undefined || meta.fetchedAt === 0) return undefined
  if (call.expiryStatus !== ExpiryStatus.Invalid || meta.invalidated === true) return undefined
  return call.incomplete ? 'incomplete' : 'missing'
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

/**
 * The verdict on a call for a reading hook, rendering again only when `same` says it changed
 * (by default, when anything a reader may use changed).
 * @internal
 */
export function useCallState(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  same: SameVerdict = sameVerdict,
): CallVerdict {
  const cache = useEntityCache()
  const store = useStore()
  // Not useController: reading a call's state never throws the store's setup failure.
  const controller: Controller = cache.controller(store)
  const active = !isNoCall(args)
  const key = active ? keyOf(endpoint, args, 'The hook') : undefined
  const selectCall = active ? cache.selectCall(endpoint, ...(args as never[])) : undefined
  // A new round each time the call becomes idle, or idle for a new reason (a reset made before
  // this component saw its request in flight). Counted where the store's states are seen, not
  // where React renders: a hook that does not render when a request starts still counts the
  // idle spell that request ended. The same state seen twice counts once. One count per key,
  // kept by the render that made it: a render for other args that React has not committed
  // (a transition) counts in its own, not in the one the component on screen compares with.
  // `key` is not read in it: a new key is the reason for a new count.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const seen = useMemo(() => ({ since: -1, round: 0 }), [key])
  const verdict = useSelector((root: unknown): Verdict => {
    if (selectCall === undefined || key === undefined) return NONE
    const slice = cache.selectSlice(root)
    const meta = getRequestMeta(slice, key)
    const call = selectCall(root)
    let since = askAgainSince(meta, slice.resetAt ?? 0)
    let deleted = false
    if (since < 0 && call.data === undefined) {
      since = deletedSince(endpoint, slice, key, meta)
      deleted = since >= 0
    }
    const asked = (fetchedAt: number) => controller[askedByReader](key, fetchedAt)
    const unshown = (fetchedAt: number) => controller[unshownByReader](key, fetchedAt)
    const made = verdictOf(call, meta, Date.now(), since, asked, deleted, unshown)
    if (made.idle && made.idleSince !== seen.since) seen.round += 1
    seen.since = made.idle ? made.idleSince : -1
    made.idleRound = seen.round
    return made
  }, same)
  // A render committed: what the call's last request brought has been on screen, so its render
  // grace is now only the time left of it (react/renderGrace.ts).
  useEffect(() => {
    if (key !== undefined) controller[shownByReader](key)
  })
  // While mounted, the call's data is in use: garbage collection keeps it.
  useEffect(
    () => (key === undefined ? undefined : cache.retain(store, endpoint, ...(args as never[]))),
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, store, key],
  )
  return { active, key, ...verdict }
}
