import type { ErrorTypes } from '../internal/errors'
import type { NormalizedResponse } from '../normalizr/types'
import type { DeleteEntitySchema } from '../schema/Delete'
import type { Denormalize } from '../schema/types'
import type { ExpiryStatus } from './read/ExpiryStatus'

/**
 * What the cache needs from an endpoint: callable with its arguments, a cache key, and options.
 * `Endpoint`, `RestEndpoint` and GraphQL endpoints all satisfy it. Its options may hold
 * `undefined` (as the endpoints' own do), so they satisfy it under `exactOptionalPropertyTypes`.
 */
export interface EndpointInterface<
  TArgs extends readonly any[] = any[],
  TResult = unknown,
  TSchema = unknown,
> {
  (...args: TArgs): Promise<TResult>
  /** The cache key of a call. Equal keys share one stored result and one in-flight request. */
  key(...args: TArgs): string
  readonly schema?: TSchema | undefined
  /**
   * True for mutations: never served from the cache, and `controller.fetch` calls are not
   * deduplicated (the calls a hook makes while rendering share one request).
   */
  readonly sideEffect?: boolean | undefined
  /** How long a response stays fresh (ms). */
  readonly dataExpiryLength?: number | undefined
  /** How long an error stays before a reader retries (ms). */
  readonly errorExpiryLength?: number | undefined
  /** Stale data is not shown (readers suspend) until fetched again. */
  readonly invalidIfStale?: boolean | undefined
  /** Polling interval (ms) for subscriptions. */
  readonly pollFrequency?: number | undefined
  /**
   * Whether a failure of this endpoint is `'soft'` (usable data stays on screen) or `'hard'`
   * (the error replaces it); `undefined` (or no policy) is hard, as in data-client. A poll's
   * failure (`useSubscription`, `useLive`) is always soft.
   */
  errorPolicy?(error: any): 'soft' | 'hard' | undefined
  /**
   * Combines the stored (normalized) result of this key with a new normalized response; its
   * return value is stored and dispatched. Used by paginated lists to append pages. Requests of
   * such an endpoint are deduplicated by key and arguments, not by key alone.
   */
  mergeResult?(existing: unknown, incoming: unknown): unknown
  /**
   * For responses that change other stored results (a created item joining the lists it
   * belongs to): given this response's normalized result, the stored results by key and the call's
   * args, returns the new results of the keys it changes. They travel in the same `received`
   * action, so reducers stay pure.
   */
  updateResults?(
    result: unknown,
    results: Readonly<Record<string, unknown>>,
    args: TArgs,
    normalized: NormalizedResponse,
  ): Record<string, unknown> | undefined
  /**
   * Other stored results this response changes (data-client's `update`): given the response's
   * normalized result and the call's args, `{ [requestKey]: (previousResult) => nextResult }`.
   * Run when the response is stored, against the stored results (keys with none are skipped);
   * the new results travel in the same `received` action (request/updates.ts).
   */
  update?(
    normalizedResult: any,
    ...args: TArgs
  ): Readonly<Record<string, (previousResult: any) => unknown>> | null | undefined
  /**
   * For mutations (`sideEffect`) with a `schema`: the response to show at once, while the
   * request is in flight (ignored without either). It is
   * normalized and written as an optimistic layer (an action), removed when the request settles:
   * on success the server's response replaces it, on failure only this write is rolled back.
   * Throw to skip the optimistic write for a call.
   */
  getOptimisticResponse?(snapshot: OptimisticSnapshot, ...args: TArgs): unknown
}

/** What `getOptimisticResponse` can read: the cache as shown when the mutation starts. */
export interface OptimisticSnapshot {
  /** When the mutation started (its optimistic write's time). */
  readonly fetchedAt: number
  /** The data an endpoint (or Query) call reads now, or `undefined`. */
  get<TReadable extends EndpointInterface<any, any, any> | { readonly isQuery: true }>(
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): EndpointData<TReadable> | undefined
  /**
   * The call's data with its freshness, as `controller.getResponse` gives it: `{ data,
   * expiryStatus, expiresAt }` (data-client's `snapshot.getResponse`).
   */
  getResponse<TReadable extends EndpointInterface<any, any, any> | { readonly isQuery: true }>(
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): {
    data: EndpointData<TReadable> | undefined
    expiryStatus: ExpiryStatus
    expiresAt: number
  }
  /** The call's error, as `controller.getError` reports it (data-client's `snapshot.getError`). */
  getError<TReadable extends EndpointInterface<any, any, any> | { readonly isQuery: true }>(
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): ErrorTypes | undefined
}

/** The arguments an endpoint (or Query) takes. */
export type EndpointArgs<TEndpoint> = TEndpoint extends (...args: infer TArgs) => unknown
  ? TArgs
  : TEndpoint extends { key(...args: infer TArgs): string }
    ? TArgs
    : never

/**
 * What reading an endpoint from the cache gives: the denormalized schema, else the response. A
 * deletion (`schema.Delete`) gives what its call resolves to, as `controller.fetch` does (the
 * entity itself is gone).
 */
export type EndpointData<TEndpoint> = TEndpoint extends { process?: unknown; schema: infer TSchema }
  ? TEndpoint extends { readonly isQuery: true; readonly process: (...a: any[]) => infer TOut }
    ? TOut
    : [TSchema] extends [undefined]
      ? TEndpoint extends (...args: any[]) => Promise<infer TResult>
        ? TResult
        : unknown
      : TSchema extends DeleteEntitySchema<any>
        ? TEndpoint extends (...args: any[]) => Promise<infer TResult>
          ? TResult
          : unknown
        : Denormalize<TSchema>
  : TEndpoint extends (...args: any[]) => Promise<infer TResult>
    ? TResult
    : unknown
