import type { PayloadActionCreator } from '@reduxjs/toolkit'
import { createAction } from '@reduxjs/toolkit'
import type { EntityMeta, EntityRecord, EntityTables } from '../../normalizr/types'
import type { ErrorPolicy, OptimisticLayer, SerializedError } from './state'

/** Times of one response or error. */
export interface ResponseTimes {
  readonly date: number
  readonly fetchedAt: number
  readonly expiresAt: number
  /**
   * A mutation's answer: when it arrived, on the request clock. Its records carry it, so reads
   * that started before it cannot overwrite them (see docs/concepts/reliability.md).
   */
  readonly confirmedAt?: number
}

/** Payload of `received`: one response, normalized and merged. Plain data only. */
export interface ReceivedPayload {
  /** The request key the result is stored under. */
  readonly key: string
  /** The normalized result. */
  readonly result: unknown
  /** Records written (already merged with what the store held). */
  readonly entities: EntityTables<EntityRecord>
  /** Their meta; tombstones (`deleted: true`) mark deletions. */
  readonly entitiesMeta: EntityTables<EntityMeta>
  readonly times: ResponseTimes
  /** Other results this response changes (lists that grow), by request key; plain data. */
  readonly updates?: Readonly<Record<string, unknown>>
  /**
   * The result is a page merged into what the key held when it arrived (`mergeResult`): it
   * already holds what another call's `update` added, so it is not dropped for that (`changedAt`).
   */
  readonly merged?: true
}

/** Payload of `requested` and `settled`: which request, by key and start time. */
export interface RequestStart {
  readonly key: string
  readonly fetchedAt: number
}

/** Payload of `invalidated`. */
export interface InvalidatedPayload {
  readonly keys: string[]
  /** When (the clock's time): responses to requests started earlier stay invalid. */
  readonly date: number
}

/** Payload of `failed`. */
export interface FailedPayload {
  readonly key: string
  readonly error: SerializedError
  readonly times: ResponseTimes
  /** The endpoint's `errorPolicy` verdict on the error, when it gave one. */
  readonly errorPolicy?: ErrorPolicy
}

/**
 * Payload of `collected` (garbage collection): what to forget. Plain data; the reducer deletes
 * exactly what it names (no tombstones).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
 */
export interface CollectedPayload {
  /** Request keys whose result and meta go. */
  readonly keys: string[]
  /** Records (and their entity meta) that go, by entity key. */
  readonly entities: Record<string, string[]>
}

/** The action creators of one cache; every type starts with `${reducerPath}/`. */
export interface EntityCacheActions {
  /** A mutation's optimistic write: shown over the tables until its request settles. */
  optimistic: PayloadActionCreator<OptimisticLayer>
  /** A request started (marks `pendingSince`). */
  requested: PayloadActionCreator<RequestStart>
  /** A response arrived, normalized; also used by `setResponse`. */
  received: PayloadActionCreator<ReceivedPayload>
  /** A request failed; also used by `setError`. */
  failed: PayloadActionCreator<FailedPayload>
  /** A request settled without a result to store (aborted, or answered after a reset). */
  settled: PayloadActionCreator<RequestStart>
  /** Marks results invalid: shown no more until fetched again. */
  invalidated: PayloadActionCreator<InvalidatedPayload>
  /** Marks results stale: still shown, refetched by the next reader. */
  expired: PayloadActionCreator<{ keys: string[] }>
  /** Empties the cache; responses to requests started before `date` are dropped. */
  reset: PayloadActionCreator<{ date: number }>
  /** Forgets unused results and the records no remaining result reaches (garbage collection). */
  collected: PayloadActionCreator<CollectedPayload>
}

/** Builds the action creators for a cache mounted at `reducerPath`. */
export function buildActions(reducerPath: string): EntityCacheActions {
  return {
    optimistic: createAction<OptimisticLayer>(`${reducerPath}/optimistic`),
    requested: createAction<RequestStart>(`${reducerPath}/requested`),
    received: createAction<ReceivedPayload>(`${reducerPath}/received`),
    failed: createAction<FailedPayload>(`${reducerPath}/failed`),
    settled: createAction<RequestStart>(`${reducerPath}/settled`),
    invalidated: createAction<InvalidatedPayload>(`${reducerPath}/invalidated`),
    expired: createAction<{ keys: string[] }>(`${reducerPath}/expired`),
    reset: createAction<{ date: number }>(`${reducerPath}/reset`),
    collected: createAction<CollectedPayload>(`${reducerPath}/collected`),
  }
}
