/**
 * Requests as thunks: `(dispatch, getState) => Promise`. One `requested` action when a request
 * starts, then exactly one `received` (the normalized, merged response) or `failed` (the error as
 * plain data). Identical GETs in flight share one request; mutations never do. A response to a
 * request started before the last reset is dropped.
 */
import type { Dispatch } from '@reduxjs/toolkit'
import { stableStringify } from '../internal/stableStringify'
import type { EntityCacheActions } from './actions'
import type { EndpointInterface } from './endpointTypes'
import { writeOptimistic } from './optimistic'
import type { CacheReads } from './reads'
import { perStore } from './perStore'
import { receivedPayload } from './receive'
import { serializeError } from './serializeError'
import type { EntityCacheState } from './state'

/** Expiry defaults of a cache. */
export interface ExpiryDefaults {
  dataExpiryLength: number
  errorExpiryLength: number
}

/** A thunk as RTK's thunk middleware runs it. */
export type CacheThunk<T> = (dispatch: Dispatch, getState: () => unknown) => Promise<T>

/** What the fetch thunk needs from its cache. */
export interface FetchDeps {
  actions: EntityCacheActions
  selectSlice: (root: unknown) => EntityCacheState
  reads: CacheReads
  defaults: ExpiryDefaults
  /** Strictly increasing epoch-ms clock: orders request starts. */
  clock: () => number
  /** In-flight requests of one store, by key. */
  inflightOf: (getState: () => unknown) => Map<string, Promise<unknown>>
}

/** True for the error an aborted fetch rejects with (a DOMException or any `AbortError`). */
function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  )
}

const ignore = () => {}

/** Per-request options of a fetch. */
export interface FetchOptions {
  /**
   * Aborts the request (for endpoints with a request pipeline: REST, GraphQL). An aborted
   * request writes nothing and records no error. Ignored when the call joins a request already
   * in flight.
   */
  signal?: AbortSignal
}

/** The endpoint, extended to send `signal` when it has request settings to put it in. */
function withSignal(endpoint: EndpointInterface, signal: AbortSignal | undefined) {
  const pipeline = endpoint as EndpointInterface & {
    extend?: (options: object) => EndpointInterface
    getRequestInit?: unknown
    requestInit?: RequestInit
  }
  if (!signal || typeof pipeline.extend !== 'function' || !pipeline.getRequestInit) return endpoint
  return pipeline.extend({ requestInit: { ...pipeline.requestInit, signal } })
}

/** Builds `fetchThunk(endpoint, args)` for one cache. */
export function buildFetchThunk(deps: FetchDeps) {
  const { actions, selectSlice, reads, defaults, clock, inflightOf } = deps
  // Per store and key: the last page merge of a paged list. Pages merge in the order their
  // requests started, whatever order the responses arrive in.
  const tailsOf = perStore(() => new Map<string, Promise<void>>())

  return function fetchThunk<T = unknown>(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    options: FetchOptions = {},
  ): CacheThunk<T> {
    return (dispatch, getState) => {
      const key = endpoint.key(...args)
      // Pages of one list share its key; each page is its own request.
      const flightKey = endpoint.mergeResult ? `${key} ${stableStringify(args)}` : key
      const inflight = inflightOf(getState)
      if (!endpoint.sideEffect) {
        const running = inflight.get(flightKey)
        if (running) return running as Promise<T>
      }
      const fetchedAt = clock()
      dispatch(actions.requested({ key, fetchedAt }))
      if (endpoint.sideEffect && endpoint.getOptimisticResponse) {
        writeOptimistic(endpoint, args, key, fetchedAt, {
          actions,
          reads,
          slice: selectSlice(getState()),
          dispatch,
        })
      }

      const fail = (error: unknown): never => {
        const date = Date.now()
        if (fetchedAt < selectSlice(getState()).resetAt || isAbort(error)) {
          // Dropped by a reset, or aborted on purpose: nothing is written, no error recorded.
          dispatch(actions.settled({ key, fetchedAt }))
        } else {
          const expiresAt = date + (endpoint.errorExpiryLength ?? defaults.errorExpiryLength)
          const times = { date, fetchedAt, expiresAt }
          dispatch(actions.failed({ key, error: serializeError(error), times }))
        }
        throw error
      }

      const settle = (response: unknown): T => {
        const slice = selectSlice(getState())
        if (fetchedAt < slice.resetAt) {
          // Answered after resetEntireStore: nothing is written.
          dispatch(actions.settled({ key, fetchedAt }))
          return response as T
        }
        const date = Date.now()
        const expiresAt = date + (endpoint.dataExpiryLength ?? defaults.dataExpiryLength)
        const times = { date, fetchedAt, expiresAt }
        dispatch(actions.received(receivedPayload(endpoint, args, key, response, slice, times)))
        // Resolve to what the store now holds (denormalized); a delete holds nothing, so it
        // resolves to its response.
        const read = reads.readEndpointData(endpoint, key, args, selectSlice(getState()))
        return (read.data === undefined ? response : read.data) as T
      }

      const tails = endpoint.mergeResult ? tailsOf(getState) : undefined
      const before = tails?.get(key)
      const promise = Promise.resolve()
        .then(() => withSignal(endpoint, options.signal)(...args))
        .then((response) => (before ? before.then(() => response) : response))
        .then((response) => {
          try {
            return settle(response)
          } catch (error) {
            return fail(error)
          }
        }, fail)
      if (tails) {
        const tail = promise.then(ignore, ignore)
        tails.set(key, tail)
        void tail.then(() => {
          if (tails.get(key) === tail) tails.delete(key)
        })
      }
      if (!endpoint.sideEffect) {
        inflight.set(flightKey, promise)
        const clear = () => {
          if (inflight.get(flightKey) === promise) inflight.delete(flightKey)
        }
        promise.then(clear, clear)
      }
      return promise
    }
  }
}
