import type { Dispatch } from '@reduxjs/toolkit'
import type { CollectedPayload, EntityCacheActions } from './actions'
import type { EndpointArgs, EndpointData, EndpointInterface } from './endpointTypes'
import type { CacheThunk, ExpiryDefaults, FetchOptions } from './fetchThunk'
import type { CollectGarbageOptions } from './gc'
import type { Query } from './Query'
import type { CacheReads, Readable, ResponseState } from './reads'
import { receivedPayload } from './receive'
import { ExpiryStatus } from './ExpiryStatus'
import { serializeError } from './serializeError'
import type { EntityCacheState } from './state'

/** The part of a Redux store a Controller needs. */
export interface StoreLike {
  dispatch: Dispatch
  getState: () => unknown
}

/** What a Controller needs from its cache. */
export interface ControllerDeps {
  actions: EntityCacheActions
  selectSlice: (root: unknown) => EntityCacheState
  reads: CacheReads
  defaults: ExpiryDefaults
  clock: () => number
  fetchThunk: <T>(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    options?: FetchOptions,
  ) => CacheThunk<T>
  selectQuery: (query: Query<unknown>, args: readonly unknown[], root: unknown) => unknown
  inflightOf: (getState: () => unknown) => Map<string, Promise<unknown>>
  /** Garbage collection of a store (see gc.ts). */
  collectGarbage?: (store: StoreLike, options?: CollectGarbageOptions) => CollectedPayload
  /** Remembers the schema a key is written with (for garbage collection). */
  remember?: (key: string, schema: unknown) => void
}

/** `[...args, last]` split into the args and the last value. */
function splitLast(rest: readonly unknown[]): [unknown[], unknown] {
  return [rest.slice(0, -1), rest[rest.length - 1]]
}

/**
 * Everything that changes or reads the cache of one store: fetching, invalidating, writing
 * responses and errors by hand, and reading responses with their expiry status.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Controller.md
 */
export class Controller {
  constructor(
    private readonly deps: ControllerDeps,
    /** The store this controller acts on. */
    readonly store: StoreLike,
  ) {}

  /**
   * Runs the request (as a thunk) and resolves to the denormalized value now in the store.
   * Rejects with the request's error, which is also recorded in the slice.
   */
  fetch<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): Promise<EndpointData<TEndpoint>> {
    return this.deps.fetchThunk<EndpointData<TEndpoint>>(endpoint, args)(
      this.store.dispatch,
      this.store.getState,
    )
  }

  /**
   * `fetch` with an `AbortSignal`: aborting it stops the request (REST and GraphQL endpoints),
   * writes nothing and records no error.
   */
  fetchWithSignal<TEndpoint extends EndpointInterface<any, any, any>>(
    signal: AbortSignal,
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): Promise<EndpointData<TEndpoint>> {
    return this.deps.fetchThunk<EndpointData<TEndpoint>>(endpoint, args, { signal })(
      this.store.dispatch,
      this.store.getState,
    )
  }

  /** Fetches only when the stored response is missing, invalid or stale; else resolves to it. */
  fetchIfStale<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): Promise<EndpointData<TEndpoint>> {
    // A mutation is never answered from the cache.
    if (endpoint.sideEffect) return this.fetch(endpoint, ...args)
    let response: ResponseState
    try {
      response = this.deps.reads.getResponse(
        endpoint,
        args,
        this.store.getState(),
        this.deps.selectQuery,
      )
    } catch (error) {
      // A call whose key cannot be made (a path param refused, say) rejects: nothing is sent.
      return Promise.reject(error)
    }
    const now = Date.now()
    if (response.expiryStatus !== ExpiryStatus.Invalid && now <= response.expiresAt) {
      return Promise.resolve(response.data as EndpointData<TEndpoint>)
    }
    // A recent failure stands until errorExpiryLength passes: no retry storm.
    const error = this.deps.reads.getError(endpoint, args, this.store.getState())
    if (error && response.data === undefined && now <= response.expiresAt) {
      return Promise.reject(error)
    }
    return this.fetch(endpoint, ...args)
  }

  /** Marks one call's response invalid: it is not shown again until fetched. */
  invalidate<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): void {
    const keys = [endpoint.key(...args)]
    this.store.dispatch(this.deps.actions.invalidated({ keys, date: this.deps.clock() }))
  }

  /** Invalidates every stored response whose key passes `testKey`. */
  invalidateAll({ testKey }: { testKey: (key: string) => boolean }): void {
    const keys = this.matchingKeys(testKey)
    if (keys.length)
      this.store.dispatch(this.deps.actions.invalidated({ keys, date: this.deps.clock() }))
  }

  /** Marks matching responses stale: still shown, refetched by the next reader. */
  expireAll({ testKey }: { testKey: (key: string) => boolean }): void {
    const keys = this.matchingKeys(testKey)
    if (keys.length) this.store.dispatch(this.deps.actions.expired({ keys }))
  }

  /** Empties the cache; responses to requests started before now are dropped. */
  resetEntireStore(): void {
    this.deps.inflightOf(this.store.getState).clear()
    this.store.dispatch(this.deps.actions.reset({ date: this.deps.clock() }))
  }

  /** Stores `response` as the answer to `endpoint(...args)`, as if it had been fetched now. */
  setResponse<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...argsAndResponse: [...EndpointArgs<TEndpoint>, unknown]
  ): void {
    const [args, response] = splitLast(argsAndResponse)
    const { actions, defaults, selectSlice } = this.deps
    const fetchedAt = this.deps.clock()
    const date = Date.now()
    const times = {
      date,
      fetchedAt,
      expiresAt: date + (endpoint.dataExpiryLength ?? defaults.dataExpiryLength),
    }
    const slice = selectSlice(this.store.getState())
    const key = endpoint.key(...args)
    this.deps.remember?.(key, endpoint.schema)
    this.store.dispatch(
      actions.received(receivedPayload(endpoint, args, key, response, slice, times)),
    )
  }

  /** Records `error` as the outcome of `endpoint(...args)`. */
  setError<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...argsAndError: [...EndpointArgs<TEndpoint>, unknown]
  ): void {
    const [args, error] = splitLast(argsAndError)
    const date = Date.now()
    const expiresAt = date + (endpoint.errorExpiryLength ?? this.deps.defaults.errorExpiryLength)
    const times = { date, fetchedAt: this.deps.clock(), expiresAt }
    const key = endpoint.key(...args)
    this.store.dispatch(this.deps.actions.failed({ key, error: serializeError(error), times }))
  }

  /** `{ data, expiryStatus, expiresAt }` of a call, read from `rootState` (the last argument). */
  getResponse<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: [...EndpointArgs<TReadable>, unknown]
  ): ResponseState<EndpointData<TReadable>> {
    const [args, root] = splitLast(argsAndState)
    return this.deps.reads.getResponse(
      readable,
      args,
      root,
      this.deps.selectQuery,
    ) as ResponseState<EndpointData<TReadable>>
  }

  /** The error recorded for a call, read from `rootState` (the last argument), as an Error. */
  getError<TReadable extends Readable>(
    readable: TReadable,
    ...argsAndState: [...EndpointArgs<TReadable>, unknown]
  ): Error | undefined {
    const [args, root] = splitLast(argsAndState)
    return this.deps.reads.getError(readable, args, root)
  }

  /**
   * Forgets what nobody uses: results no reader retains, unused for `olderThan` ms (default: the
   * cache's `gcTime`) and with no request in flight, and the records no remaining result or
   * retained Query reaches. Dispatches one `collected` action naming them (none when there is
   * nothing to forget) and returns its payload.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  collectGarbage(options?: CollectGarbageOptions): CollectedPayload {
    const collect = this.deps.collectGarbage
    return collect ? collect(this.store, options) : { keys: [], entities: {} }
  }

  private matchingKeys(testKey: (key: string) => boolean): string[] {
    const slice = this.deps.selectSlice(this.store.getState())
    return Object.keys(slice.meta).filter((key) => testKey(key))
  }
}
