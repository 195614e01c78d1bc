/**
 * The fetch thunk: one request of one call, from `requested` to `received` (the normalized,
 * merged response) or `failed` (the error as plain data). Identical GETs in flight share one
 * request (see runtime/inFlight.ts); mutations never do. A response to a request started before
 * the last reset is dropped; an aborted request writes nothing and records no error.
 */
import type { Dispatch } from '@reduxjs/toolkit'
import { abortReason, isAbortError } from '../../internal/abort'
import { isDev } from '../../internal/env'
import { SetupError, inResponseTo } from '../../internal/errors'
import { stableStringify } from '../../internal/stableStringify'
import type { EndpointInterface } from '../endpointTypes'
import type { CallState, Readable, ResponseState } from '../read/readCall'
import { assertReadable } from '../read/readableKey'
import type { RootSelector } from '../read/selectors'
import type { Flight } from '../runtime/inFlight'
import type { PendingWrite, StoreLike, StoreRuntime } from '../runtime/storeRuntime'
import type { EntityCacheActions } from '../slice/actions'
import type { EntityCacheState } from '../slice/state'
import { callWithSignal, callerSignal, passesSignal } from './callSignal'
import type { Clock } from './clock'
import { expiresAfter } from './expiry'
import { failedPayload } from './failure'
import { rebaseOptimistic, writeOptimistic } from './optimistic'
import { readDetached } from './detachedRead'
import { receivedPayload } from './receive'
import { changedSince } from '../slice/requestCases'
import { getRequestMeta, hasResult } from '../slice/requests'

/** Expiry defaults of a cache. */
export interface ExpiryDefaults {
  dataExpiryLength: number
  errorExpiryLength: number
}

/** A thunk as RTK's thunk middleware runs it. */
export type CacheThunk<T> = (dispatch: Dispatch, getState: () => unknown) => Promise<T>

/** What the fetch thunk needs from its cache. */
export interface FetchDeps {
  /** Where the slice is mounted (named in messages). */
  reducerPath: string
  actions: EntityCacheActions
  selectSlice: (root: unknown) => EntityCacheState
  /** Throws a SetupError naming the fix when the root state has no slice (after an action). */
  requireSlice: (root: unknown) => void
  /** The data selector of a call (what `getOptimisticResponse` reads). */
  select: (readable: Readable, ...args: readonly unknown[]) => RootSelector<unknown>
  /** The `{ data, expiryStatus, expiresAt }` selector of a call (`snapshot.getResponse`). */
  selectResponse: (readable: Readable, ...args: readonly unknown[]) => RootSelector<ResponseState>
  /** The state of a call (`snapshot.getError`). */
  selectCall: (readable: Readable, ...args: readonly unknown[]) => (root: unknown) => CallState
  /** A call's data in a state, read once (what a fetch resolves to: the data as now stored). */
  readOnce: (endpoint: EndpointInterface, args: readonly unknown[], root: unknown) => unknown
  defaults: ExpiryDefaults
  /** Strictly increasing epoch-ms clock: orders request starts. */
  clock: Clock
  /** The runtime of each store (requests in flight, page merges). */
  runtimes: { of(store: StoreLike): StoreRuntime }
  /** Remembers the schema a key is written with (for garbage collection). */
  remember: (key: string, schema: unknown) => void
  /**
   * The root state a store's writes build on: `root`, but for the cache's slice while Redux
   * DevTools shows an earlier state, which is the store's present (ReadLanes.present).
   */
  presentRoot: (runtime: StoreRuntime, root: unknown) => unknown
}

/** Per-request options of a fetch. */
export interface FetchOptions {
  /**
   * Stops waiting when it aborts: the call rejects with the abort reason. The request itself is
   * aborted (REST and GraphQL endpoints) only when no other caller still waits for it; an
   * aborted request writes nothing and records no error.
   */
  signal?: AbortSignal
  /**
   * @internal Started while a component renders: nothing is dispatched before a microtask (React
   * forbids updating other components during render), and renders share the request.
   */
  fromRender?: boolean
  /**
   * @internal Waits for the request without holding it: neither keeps it from being aborted (as
   * a caller without a signal does) nor counts among the callers that may abort it. A request
   * it starts can be aborted once the callers with a signal that joined it (a mounted
   * `useFetch`'s hold) stop waiting; if none ever joins, it runs to the end.
   */
  watch?: boolean | undefined
  /**
   * @internal A poll's request: its failure is recorded soft whatever the endpoint's
   * `errorPolicy` says (as data-client's polls do), so a rate limit or an expired session on a
   * background refresh never replaces usable data on screen.
   */
  softErrors?: boolean | undefined
  /**
   * @internal Asked by a React reader (`useSuspense`, `useFetch`, `useDLE`): the request it
   * starts or joins is noted, and the data it brings gets the render grace
   * (react/renderGrace.ts).
   */
  forReader?: boolean | undefined
}

const ignore = () => {}

/**
 * True when the answer to `key`'s request started at `fetchedAt` was not stored because another
 * call's `update` changed the result after it started (see `changedAt`).
 */
function outdatedBy(slice: EntityCacheState, key: string, fetchedAt: number): boolean {
  const meta = getRequestMeta(slice, key)
  return meta !== undefined && meta.fetchedAt < fetchedAt && changedSince(meta, fetchedAt)
}

/** Builds `fetchThunk(endpoint, args, options)` for one cache. */
export function buildFetchThunk(deps: FetchDeps) {
  const { reducerPath, actions, selectSlice, requireSlice, readOnce, defaults, clock } = deps
  const { runtimes, remember, presentRoot } = deps
  let warnedNoMiddleware = false
  /** In development, once per cache: the store's first request did not pass its middleware. */
  const checkMiddleware = (runtime: StoreRuntime) => {
    if (!isDev || warnedNoMiddleware || runtime.middlewareSeen) return
    warnedNoMiddleware = true
    console.warn(
      `rtk-resources: the cache mounted at state.${reducerPath} ` +
        'has no middleware in this store. Requests still work, but garbage collection, and ' +
        'forgetting requests in flight on a reset dispatched from DevTools or a replay, do not. ' +
        'Add it: configureStore({ middleware: (getDefaultMiddleware) => ' +
        'getDefaultMiddleware().concat(cache.middleware) }). If the store already has the ' +
        'middleware of another cache made with createEntityCache, use that cache (its ' +
        'controller, hooks and selectors) for this store instead: each cache has its own.',
    )
  }

  return function fetchThunk<T = unknown>(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    options: FetchOptions = {},
  ): CacheThunk<T> {
    return (dispatch, getState) => {
      if (typeof endpoint !== 'function') {
        // Not even a readable (undefined, a whole resource): the message that names those.
        try {
          assertReadable(endpoint, 'controller.fetch')
        } catch (error) {
          return Promise.reject(error)
        }
        // A Query (or any other readable) has no request to run: nothing is written.
        return Promise.reject(
          new SetupError(
            'fetch needs an endpoint to call (such as UserResource.get or a new Endpoint); it ' +
              'was given something that cannot fetch. A Query reads only from the cache: read ' +
              'it with cache.select, useQuery or controller.getResponse, and fetch the ' +
              'endpoints that fill its tables.',
          ),
        )
      }
      let key: string
      try {
        key = endpoint.key(...args)
      } catch (error) {
        // A call whose key cannot be made (a path param refused, say) rejects: nothing is sent.
        return Promise.reject(error)
      }
      remember(key, endpoint.schema)
      const runtime = runtimes.of({ dispatch, getState })
      const { requests, pageTails, optimisticWrites } = runtime
      // What the writes build on: the store's present, not an earlier state DevTools shows.
      const present = () => presentRoot(runtime, getState())
      // Pages of one list share its key; each page is its own request.
      const flightKey = flightKeyOf(endpoint, key, args)
      const shareAs = !endpoint.sideEffect || options.fromRender ? flightKey : undefined
      // The caller's signal: its own, and the endpoint's (`extend({ signal })`), which is the
      // caller's too, not the shared request's (callSignal.ts).
      const caller = options.watch ? undefined : callerSignal(endpoint, options.signal)
      const signal = caller ? caller.signal : options.signal
      const wait = (flight: Flight) => {
        if (options.watch) return requests.watch(flight) as Promise<T>
        const waiting = requests.join(flight, signal) as Promise<T>
        if (caller?.release) void waiting.then(ignore, ignore).finally(caller.release)
        return waiting
      }
      const running = shareAs === undefined ? undefined : requests.joinable(shareAs)
      if (running) {
        if (options.forReader) runtime.readerRequests.note(key, running)
        return wait(running)
      }
      if (signal?.aborted) {
        caller?.release?.()
        return Promise.reject(abortReason(signal))
      }

      // Never older than what the slice holds; a render reads no state, so its request is
      // stamped when it starts, a microtask later.
      const stamp = () => clock(selectSlice(present()), requests.latestOutsideStart())
      let fetchedAt = options.fromRender ? 0 : stamp()
      const flight = requests.start(
        key,
        fetchedAt,
        shareAs,
        signal,
        options.watch,
        passesSignal(endpoint),
      )
      if (options.forReader) runtime.readerRequests.note(key, flight)
      const begin = () => {
        if (options.fromRender) flight.fetchedAt = fetchedAt = stamp()
        dispatch(actions.requested({ key, fetchedAt }))
        // The action made the slice wherever the reducer is mounted (an injected one too).
        try {
          requireSlice(getState())
          runtime.setupFailure = undefined
        } catch (error) {
          runtime.setupFailure = error as Error
          throw error
        }
        checkMiddleware(runtime)
        if (endpoint.sideEffect && endpoint.getOptimisticResponse) {
          const write: PendingWrite = { endpoint, args, key, fetchedAt }
          optimisticWrites.set(writeId(), write)
          writeOptimistic(write, deps, { dispatch, getState: present })
        }
      }
      const writeId = () => `${fetchedAt} ${key}`
      /** After the outcome is written: later optimistic writes see the state without this one. */
      const rebase = () => {
        if (!optimisticWrites.delete(writeId())) return
        const pending = optimisticWrites.values()
        rebaseOptimistic(
          fetchedAt,
          pending,
          { ...deps, reducerPath },
          { dispatch, getState: present },
        )
      }

      // A request stops being joinable once its outcome is being written: a caller that asks
      // after that (a hook that found the landed data still invalid, say) starts a new one.
      const finish = () => {
        requests.finish(flight, shareAs)
        runtime.readerRequests.settled(key, flight)
      }

      // After writing the outcome: does the store show it? Not when DevTools shows an earlier
      // state (time travel): the slice it shows is noted, and renders wait for the store to
      // move instead of asking again for what was just written (runtime.shownBehind).
      const noteShown = () => {
        const shown = selectSlice(getState())
        const meta = getRequestMeta(shown, key)
        if (meta === undefined || meta.fetchedAt < fetchedAt) runtime.shownBehind.set(key, shown)
        else runtime.shownBehind.delete(key)
      }

      const fail = (error: unknown): never => {
        finish()
        const date = Date.now()
        const slice = selectSlice(present())
        if (fetchedAt < slice.resetAt || isAbortError(error)) {
          // Dropped by a reset, or aborted: nothing is written, no error recorded.
          dispatch(actions.settled({ key, fetchedAt }))
        } else {
          const expiresAt = expiresAfter(
            date,
            endpoint.errorExpiryLength ?? defaults.errorExpiryLength,
          )
          const times = { date, fetchedAt, expiresAt }
          // Soft, whatever the endpoint's policy: a poll's failure, and a further page's (an
          // endpoint that merges into what its key holds) beside the list it would have grown.
          const pager = endpoint.mergeResult !== undefined && hasResult(slice, key)
          const policy = options.softErrors || pager ? 'soft' : undefined
          dispatch(actions.failed(failedPayload(endpoint, key, error, times, policy)))
          noteShown()
        }
        rebase()
        throw error
      }

      const settle = (response: unknown): T | Promise<T> => {
        finish()
        const slice = selectSlice(present())
        if (fetchedAt < slice.resetAt) {
          // Answered after resetEntireStore: nothing is written.
          dispatch(actions.settled({ key, fetchedAt }))
          rebase()
          return (readDetached(endpoint, args, key, response, {
            date: Date.now(),
            fetchedAt,
            expiresAt: 0,
          }) ?? response) as T
        }
        const date = Date.now()
        const expiresAt = expiresAfter(date, endpoint.dataExpiryLength ?? defaults.dataExpiryLength)
        // A mutation is known to be in effect from now: reads that started before lose to it.
        const confirmed = endpoint.sideEffect
          ? { confirmedAt: clock(slice, requests.latestOutsideStart()) }
          : {}
        const times = { date, fetchedAt, expiresAt, ...confirmed }
        dispatch(actions.received(receivedPayload(endpoint, args, key, response, slice, times)))
        noteShown()
        rebase()
        // Dropped because another call's update (a push) changed the result after this request
        // started: what the server said may be newer than the rest of the list, so it is asked
        // once more. A request that starts now cannot be outdated by that change.
        if (!endpoint.sideEffect && outdatedBy(selectSlice(present()), key, fetchedAt)) {
          return fetchThunk<T>(endpoint, args, options)(dispatch, getState)
        }
        // Resolve to what the store now holds (denormalized). When it holds nothing of this call
        // (a newer confirmed delete won, or this is a delete), the response read on its own; a
        // delete reads as nothing there too, so it resolves to its response.
        const data = readOnce(endpoint, args, present())
        if (data !== undefined) return data as T
        return (readDetached(endpoint, args, key, response, times) ?? response) as T
      }

      const call = () =>
        callWithSignal(caller ? caller.endpoint() : endpoint, flight.abort?.signal, args)
      let started: Promise<unknown>
      if (options.fromRender) {
        started = Promise.resolve().then(() => {
          begin()
          return call()
        })
      } else {
        try {
          begin()
        } catch (error) {
          finish() // nothing was sent: the request is no longer in flight
          caller?.release?.()
          return Promise.reject(error)
        }
        started = Promise.resolve().then(call)
      }
      // Pages of a list merge in the order their requests started, whatever order they answer:
      // a page waits for the page, or the plain read of the list, started before it.
      const before = endpoint.mergeResult ? pageTails.get(key) : undefined
      const promise = started
        .then((response) => (before ? before.then(() => response) : response))
        .then((response) => {
          try {
            return settle(response)
          } catch (error) {
            // A response the schema refused: the message names the call that sent it (a page
            // by its list's key and its own arguments: pages share the list's key).
            const called = endpoint.mergeResult
              ? `a page of ${key} (${stableStringify(args)})`
              : key
            return fail(inResponseTo(error, called))
          }
        }, fail)
      flight.promise = promise
      promise.then(finish, finish)
      // A read of the whole list (`getList` itself) is waited for too: a page started after it
      // and answering first would otherwise be the newer write, and the list's answer dropped.
      if (endpoint.mergeResult || !endpoint.sideEffect) {
        // A page's promise already waits for the tail before it; a plain read's does not, so its
        // tail waits for both: a page started after it then waits for every page before too.
        const own = promise.then(ignore, ignore)
        const tail =
          before === undefined && pageTails.has(key)
            ? Promise.all([pageTails.get(key), own]).then(ignore)
            : own
        pageTails.set(key, tail)
        void tail.then(() => {
          if (pageTails.get(key) === tail) pageTails.delete(key)
        })
      }
      return wait(flight)
    }
  }
}

/**
 * The key under which a request is shared with later callers: its request key, and for a page
 * of a list (an endpoint that merges into what its key holds) the page's own args too, since
 * each page is its own request.
 */
export function flightKeyOf(
  endpoint: EndpointInterface,
  key: string,
  args: readonly unknown[],
): string {
  return endpoint.mergeResult ? `${key} ${stableStringify(args)}` : key
}
