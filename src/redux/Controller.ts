import { assertReadable, assertTestKey, isNoCall, keyOf } from './read/readableKey'
import type { EndpointArgs, EndpointData, EndpointInterface } from './endpointTypes'
import type { ErrorTypes } from '../internal/errors'
import { ExpiryStatus } from './read/ExpiryStatus'
import type { CollectGarbageOptions } from './gc/plan'
import type { CacheCore } from './cacheCore'
import type { CallState, Readable, ResponseState } from './read/readCall'
import {
  askedByReader,
  explainUnusable,
  fetchForReader,
  fetchFromRender,
  nextCallChange,
  nextStoreChange,
  setupFailure,
  showsEarlierState,
  shownByReader,
  unshownByReader,
} from './controllerSymbols'
import { explainIncomplete } from './read/explainIncomplete'
import { reportedError } from './read/usable'
import { expiresAfter } from './request/expiry'
import { failedPayload } from './request/failure'
import { flightKeyOf } from './request/fetchThunk'
import type { FetchOptions } from './request/fetchThunk'
import { receivedPayload } from './request/receive'
import type { StoreLike, StoreRuntime } from './runtime/storeRuntime'
import type { CollectedPayload } from './slice/actions'
import { getRequestMeta, requestKeys } from './slice/requests'

export type { StoreLike } from './runtime/storeRuntime'

/** The endpoint's `pollFrequency` when it polls: not none, 0, negative, NaN or `Infinity`. */
function pollingFrequency(endpoint: EndpointInterface): number | undefined {
  const frequency = endpoint.pollFrequency
  return frequency !== undefined && frequency > 0 && frequency !== Infinity ? frequency : undefined
}

/**
 * A call's arguments followed by one more value (a response, an error, a root state). When every
 * argument is optional (`getList`), the arguments may be left out: `(endpoint, state)`.
 */
export type ArgsThen<TArgs extends readonly unknown[]> =
  [...TArgs, unknown] | (Partial<TArgs> extends TArgs ? [unknown] : never)

/** `[...args, last]` split into the args and the last value. */
function splitLast(rest: readonly unknown[]): [unknown[], unknown] {
  return [rest.slice(0, -1), rest[rest.length - 1]]
}

const ignore = () => {}

/**
 * Everything that changes or reads the cache of one store: fetching, invalidating, writing
 * responses and errors by hand, polling, and reading responses with their expiry status. Every
 * method also works detached: `const { fetch, invalidate } = controller`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Controller.md
 */
export class Controller {
  readonly #core: CacheCore<Controller>
  readonly #runtime: StoreRuntime<Controller>
  /** By request key: the {@link nextCallChange} a suspended render waits on. */
  readonly #callChanges = new Map<string, Promise<void>>()

  /** @internal Made by `cache.controller(store)`, one per store. */
  constructor(core: CacheCore<Controller>, runtime: StoreRuntime<Controller>) {
    this.#core = core
    this.#runtime = runtime
    // Methods work detached (`const { fetch } = controller`), as in Reactive Data Client.
    for (const name of Object.getOwnPropertyNames(Controller.prototype)) {
      const method = (this as unknown as Record<string, unknown>)[name]
      if (name !== 'constructor' && typeof method === 'function') {
        Object.defineProperty(this, name, { value: method.bind(this), configurable: true })
      }
    }
  }

  /** The store this controller acts on (what `cache.controller(store)` was given). */
  get store(): StoreLike {
    return this.#runtime.store
  }

  /**
   * The store's root state now (`store.getState()`): what `getResponse` and `getError` take last,
   * as in data-client (`controller.getResponse(endpoint, args, controller.getState())`).
   */
  getState(): unknown {
    return this.store.getState()
  }

  /**
   * Runs the request (as a thunk) and resolves to the denormalized value now in the store.
   * Rejects with the request's error, which is also recorded in the slice.
   */
  fetch<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): Promise<EndpointData<TEndpoint>> {
    return this.#run(endpoint, args)
  }

  /**
   * `fetch` that stops waiting when `signal` aborts (rejecting with its reason). The request is
   * aborted (REST and GraphQL endpoints) when no other caller still waits for it; an aborted
   * request writes nothing and records no error.
   */
  fetchWithSignal<TEndpoint extends EndpointInterface<any, any, any>>(
    signal: AbortSignal,
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): Promise<EndpointData<TEndpoint>> {
    return this.#run(endpoint, args, { signal })
  }

  /**
   * Fetches only when the stored response is missing, invalid or stale; else resolves to it.
   * While the error of the call's last request stands (`errorExpiryLength`), it does not retry:
   * it joins a request for the call already in flight, else resolves to stale data still shown,
   * else rejects with that error. Once a hard error (by default any error but a RestEndpoint's
   * or GQLEndpoint's 5xx or network failure) has expired, it fetches even beside fresh data, as
   * readers do: the data may be gone or forbidden.
   */
  fetchIfStale<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): Promise<EndpointData<TEndpoint>> {
    try {
      assertReadable(endpoint, 'controller.fetchIfStale')
    } catch (error) {
      return Promise.reject(error)
    }
    // A mutation is never answered from the cache.
    if (endpoint.sideEffect) return this.fetch(endpoint, ...args)
    let call: CallState
    try {
      call = this.#core.selectCall(endpoint, ...args)(this.store.getState())
    } catch (error) {
      // A call whose key cannot be made (a path param refused, say) rejects: nothing is sent.
      return Promise.reject(error)
    }
    const now = Date.now()
    // A Query cannot fetch: it answers with what the cache holds (no data: fetch rejects).
    const fresh = typeof endpoint !== 'function' || now <= call.expiresAt
    // An expired hard error says the data may be gone or forbidden: asked again, fresh or not.
    const retryHard =
      call.error !== undefined && call.errorPolicy === 'hard' && now > call.errorExpiresAt
    if (call.expiryStatus !== ExpiryStatus.Invalid && fresh && !retryHard) {
      return Promise.resolve(call.data as EndpointData<TEndpoint>)
    }
    // A recent failure stands until errorExpiryLength passes: no retry storm, as the readers
    // do. Stale data that is still shown (`Valid`) answers meanwhile; with none to show
    // (nothing stored, stale with invalidIfStale, invalidated, a record failing validate), the
    // error does.
    if (call.error && now <= call.errorExpiresAt) {
      // The same request already in flight (a retry someone else started) is joined: that is
      // no retry. A page is its own request: another page of the list in flight is not it.
      const key = keyOf(endpoint, args, 'controller.fetchIfStale')
      if (call.pending && this.#runtime.requests.joinable(flightKeyOf(endpoint, key, args))) {
        return this.fetch(endpoint, ...args)
      }
      if (call.data !== undefined && call.expiryStatus === ExpiryStatus.Valid) {
        return Promise.resolve(call.data as EndpointData<TEndpoint>)
      }
      return Promise.reject(call.error)
    }
    return this.fetch(endpoint, ...args)
  }

  /**
   * Marks one call's response invalid: it is not shown again until fetched. `null` in place of
   * the arguments does nothing, as in a hook.
   */
  invalidate<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): void
  invalidate(endpoint: EndpointInterface<any, any, any>, ...args: [null]): void
  invalidate(endpoint: EndpointInterface, ...args: readonly unknown[]): void {
    if (isNoCall(args)) return
    const keys = [keyOf(endpoint, args, 'controller.invalidate')]
    this.store.dispatch(this.#core.actions.invalidated({ keys, date: this.#stamp() }))
  }

  /** Invalidates every stored response whose key passes `testKey`. */
  invalidateAll(options: { testKey: (key: string) => boolean }): void {
    assertTestKey(options, 'controller.invalidateAll')
    const keys = this.#matchingKeys(options.testKey)
    if (keys.length) {
      this.store.dispatch(this.#core.actions.invalidated({ keys, date: this.#stamp() }))
    }
  }

  /**
   * Marks matching responses stale: still shown (not an `invalidIfStale` endpoint's: its readers
   * suspend), and refetched by the next reader.
   */
  expireAll(options: { testKey: (key: string) => boolean }): void {
    assertTestKey(options, 'controller.expireAll')
    const keys = this.#matchingKeys(options.testKey)
    if (keys.length) this.store.dispatch(this.#core.actions.expired({ keys }))
  }

  /** Empties the cache; responses to requests started before now are dropped. */
  resetEntireStore(): void {
    // Stamped before the requests in flight are forgotten: after every one of them.
    const date = this.#stamp()
    this.#runtime.requests.clear()
    this.store.dispatch(this.#core.actions.reset({ date }))
  }

  /** Stores `response` as the answer to `endpoint(...args)`, as if it had been fetched now. */
  setResponse<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...argsAndResponse: ArgsThen<EndpointArgs<TEndpoint>>
  ): void {
    const [args, response] = splitLast(argsAndResponse)
    const { actions, defaults, selectSlice, remember } = this.#core
    const fetchedAt = this.#stamp()
    const date = Date.now()
    const times = {
      date,
      fetchedAt,
      expiresAt: expiresAfter(date, endpoint.dataExpiryLength ?? defaults.dataExpiryLength),
    }
    const slice = selectSlice(this.#present())
    const key = keyOf(endpoint, args, 'controller.setResponse')
    remember(key, endpoint.schema)
    this.store.dispatch(
      actions.received(receivedPayload(endpoint, args, key, response, slice, times)),
    )
  }

  /** Records `error` as the outcome of `endpoint(...args)`. */
  setError<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...argsAndError: ArgsThen<EndpointArgs<TEndpoint>>
  ): void {
    const [args, error] = splitLast(argsAndError)
    const { actions, defaults } = this.#core
    const date = Date.now()
    const expiresAt = expiresAfter(date, endpoint.errorExpiryLength ?? defaults.errorExpiryLength)
    const times = { date, fetchedAt: this.#stamp(), expiresAt }
    const key = keyOf(endpoint, args, 'controller.setError')
    this.store.dispatch(actions.failed(failedPayload(endpoint, key, error, times)))
  }

  /**
   * `{ data, expiryStatus, expiresAt }` of a call, read from `rootState` (the last argument):
   * that part of the call's {@link CallState} (`cache.selectCall`), the same object while it
   * holds the same values.
   */
  getResponse<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: ArgsThen<EndpointArgs<TReadable>>
  ): ResponseState<EndpointData<TReadable>>
  getResponse<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: [null, unknown]
  ): ResponseState<EndpointData<TReadable>>
  getResponse<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: readonly unknown[]
  ): ResponseState<EndpointData<TReadable>> {
    const [args, root] = splitLast(argsAndState)
    return this.#core.selectResponse(readable, ...args)(root) as ResponseState<
      EndpointData<TReadable>
    >
  }

  /**
   * The error recorded for a call, read from `rootState` (the last argument), as an Error;
   * `undefined` while the error is soft (`errorPolicy`; RestEndpoint's and GQLEndpoint's: a 5xx
   * or a network failure; a poll's failure) and the call has usable data, as `useError` reports
   * it.
   */
  getError<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: ArgsThen<EndpointArgs<TReadable>>
  ): ErrorTypes | undefined
  getError<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: [null, unknown]
  ): ErrorTypes | undefined
  getError<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: readonly unknown[]
  ): ErrorTypes | undefined {
    const [args, root] = splitLast(argsAndState)
    return reportedError(this.#core.selectCall(readable, ...args)(root), Date.now())
  }

  /**
   * Polls `endpoint(...args)` every `pollFrequency` ms until a matching `unsubscribe`: one timer
   * per call however many subscribers (an endpoint without `pollFrequency` is not polled;
   * `null` in place of the arguments polls nothing, as in `useSubscription`).
   */
  subscribe<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): void
  subscribe(endpoint: EndpointInterface<any, any, any>, ...args: [null]): void
  subscribe(endpoint: EndpointInterface, ...args: readonly unknown[]): void {
    const frequency = pollingFrequency(endpoint)
    if (frequency === undefined || isNoCall(args)) return
    const key = keyOf(endpoint, args, 'controller.subscribe')
    this.#runtime.polls.subscribe(key, frequency, {
      // A poll's failure is soft, as in data-client: it never replaces usable data on screen.
      poll: () => {
        this.#run(endpoint, args, { softErrors: true }).catch(ignore)
      },
      // The first poll is timed from the last response (at once when there is none).
      lastResponse: () => this.#lastResponse(key),
    })
  }

  /** Ends one `subscribe` of the same call; polling stops with the last subscriber. */
  unsubscribe<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): void
  unsubscribe(endpoint: EndpointInterface<any, any, any>, ...args: [null]): void
  unsubscribe(endpoint: EndpointInterface, ...args: readonly unknown[]): void {
    if (this.#runtime.polls.size === 0 || isNoCall(args)) return
    // Through an endpoint that does not poll (its frequency changed since, or another endpoint
    // object of the call): one subscriber of the call still leaves (see Polls.unsubscribe).
    const frequency = pollingFrequency(endpoint) ?? Infinity
    this.#runtime.polls.unsubscribe(keyOf(endpoint, args, 'controller.unsubscribe'), frequency)
  }

  /**
   * Forgets what nobody uses: results no reader retains, unused for `olderThan` ms (default: the
   * cache's `gcTime`) and with no request in flight, and the records no remaining result or
   * retained Query reaches. Dispatches one `collected` action naming them (none when there is
   * nothing to forget) and returns its payload.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  collectGarbage(options?: CollectGarbageOptions): CollectedPayload {
    return this.#core.collectGarbage(this.#runtime, options)
  }

  /**
   * @internal For a component that suspends on a call: starts the request without dispatching
   * during render (in a microtask); renders of the same call share it. With `watch`, the
   * caller does not keep the request from being aborted (see `FetchOptions.watch`).
   */
  [fetchFromRender](
    endpoint: EndpointInterface,
    args: readonly unknown[],
    options: { watch?: boolean } = {},
  ): Promise<unknown> {
    return this.#run(endpoint, args, { fromRender: true, watch: options.watch, forReader: true })
  }

  /** @internal `fetchWithSignal` for a mounted reader: its request is noted as a reader's. */
  [fetchForReader](
    signal: AbortSignal,
    endpoint: EndpointInterface,
    args: readonly unknown[],
  ): Promise<unknown> {
    return this.#run(endpoint, args, { signal, forReader: true })
  }

  [askedByReader](key: string, fetchedAt: number): boolean {
    return this.#runtime.readerRequests.asked(key, fetchedAt)
  }

  [unshownByReader](key: string, fetchedAt: number): boolean {
    return this.#runtime.readerRequests.unshown(key, fetchedAt)
  }

  [shownByReader](key: string): void {
    this.#runtime.readerRequests.shown(key)
  }

  get [setupFailure](): Error | undefined {
    return this.#runtime.setupFailure
  }

  [nextStoreChange](subscribe: (listener: () => void) => () => void): Promise<void> {
    const runtime = this.#runtime
    runtime.nextChange ??= new Promise<void>((resolve) => {
      const unsubscribe = subscribe(() => {
        unsubscribe()
        runtime.nextChange = undefined
        resolve()
      })
    })
    return runtime.nextChange
  }

  [nextCallChange](
    endpoint: EndpointInterface,
    args: readonly unknown[],
    shown: unknown,
    subscribe: (listener: () => void) => () => void,
    request: Promise<unknown>,
  ): Promise<void> {
    const key = keyOf(endpoint, args, 'useSuspense')
    const waiting = this.#callChanges.get(key)
    if (waiting) return waiting
    const select = this.#core.selectCall(endpoint, ...(args as never[]))
    const changed = new Promise<void>((resolve) => {
      let done = false
      const finish = () => {
        if (done) return
        done = true
        unsubscribe()
        if (this.#callChanges.get(key) === changed) this.#callChanges.delete(key)
        resolve()
      }
      const unsubscribe = subscribe(() => {
        if (select(this.store.getState()) !== shown) finish()
      })
      // The request settling wakes the render anyway: the subscription ends with it.
      request.then(finish, finish)
    })
    this.#callChanges.set(key, changed)
    return changed
  }

  [explainUnusable](endpoint: EndpointInterface, args: readonly unknown[]): string | undefined {
    const key = keyOf(endpoint, args, 'useSuspense')
    return explainIncomplete(endpoint.schema, key, this.#core.selectSlice(this.store.getState()))
  }

  [showsEarlierState](endpoint: EndpointInterface, args: readonly unknown[]): boolean {
    const behind = this.#runtime.shownBehind
    if (behind.size === 0) return false
    const key = keyOf(endpoint, args, 'useSuspense')
    const shown = behind.get(key)
    if (shown === undefined) return false
    if (shown === this.#core.selectSlice(this.store.getState())) return true
    behind.delete(key) // the store moved on
    return false
  }

  #run<T>(endpoint: EndpointInterface, args: readonly unknown[], options?: FetchOptions) {
    try {
      return this.#core.fetchThunk<T>(
        endpoint,
        args,
        options,
      )(this.store.dispatch, this.store.getState)
    } catch (error) {
      // Whatever goes wrong before the request starts (the slice not mounted, say) rejects too.
      return Promise.reject(error)
    }
  }

  /**
   * A stamp of the request clock, never older than what this store's slice holds nor than a
   * bridged RTK Query request in flight (a reset after it drops its response).
   */
  #stamp(): number {
    const slice = this.#core.selectSlice(this.#present())
    return this.#core.clock(slice, this.#runtime.requests.latestOutsideStart())
  }

  /** When the call's last response or error arrived (0: never, or no slice to read). */
  #lastResponse(key: string): number {
    try {
      return getRequestMeta(this.#core.selectSlice(this.store.getState()), key)?.date ?? 0
    } catch {
      return 0
    }
  }

  /** The store's root state as its writes see it: the present (see CacheCore.presentRoot). */
  #present(): unknown {
    return this.#core.presentRoot(this.#runtime, this.store.getState())
  }

  #matchingKeys(testKey: (key: string) => boolean): string[] {
    const slice = this.#core.selectSlice(this.#present())
    return requestKeys(slice).filter((key) => testKey(key))
  }
}
