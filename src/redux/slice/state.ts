import type { EntityMeta, EntityRecord, EntityTables } from '../../normalizr/types'
import type { StateLayout } from './layout'
import { EMPTY_LAYOUT } from './layout'

/**
 * `{ [entityKey]: { [pk]: value } }`. Typed as the readable layout every table has up to 1,024
 * entries; a larger table (named in `layout.splitTables`) is an array of a summary and buckets of
 * `[pk, value, ...]` pairs instead, so read records through `cache.selectRecord`/`selectTable`,
 * not by path.
 */
export type StoredTables<T> = Readonly<Record<string, Readonly<Record<string, T>>>>

/** An error as kept in the slice: plain data only. */
export interface SerializedError {
  readonly name: string
  readonly message: string
  /** HTTP status for network errors; 400 for unparsable bodies and responses bad for their schema. */
  readonly status?: number
  /** Stable code for our own errors (docs/errors.md). */
  readonly code?: string
  /** Any other plain members the error carried (GraphQL `errors`, a JSON error body, ...). */
  readonly [member: string]: unknown
}

/**
 * Whether an error replaces the data a reader shows (`'hard'`) or leaves usable data on screen
 * (`'soft'`).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/concepts/expiry.md#error-policy
 */
export type ErrorPolicy = 'soft' | 'hard'

/** Bookkeeping for one request key. */
export interface RequestMeta {
  /** When the last response (or error) arrived. */
  readonly date: number
  /** When the request that produced it started. */
  readonly fetchedAt: number
  /**
   * After this time the data is stale. A failed request leaves it as it was: a failure makes no
   * data fresh (the error's own expiry is `errorExpiresAt`).
   */
  readonly expiresAt: number
  /** Set by `invalidate`: the data must be fetched again before it is shown. */
  readonly invalidated?: true
  /** When it was invalidated (a response to a request started earlier keeps it invalid). */
  readonly invalidatedAt?: number
  /** The error of the last request, when it failed. */
  readonly error?: SerializedError
  /**
   * With `error`: until when it stands (`errorExpiryLength` after it), before readers retry.
   * A state saved by a version without this member kept the error's expiry in `expiresAt`
   * instead: see {@link errorExpiryOf}.
   */
  readonly errorExpiresAt?: number
  /**
   * What the endpoint's `errorPolicy` said of that error: `'soft'` keeps usable data on screen,
   * `'hard'` replaces it. Absent when it has none (or said nothing): the error is hard.
   */
  readonly errorPolicy?: ErrorPolicy
  /** When the request in flight started; absent when none is. */
  readonly pendingSince?: number
  /**
   * When another call's answer last changed this result through its `update` (a `getList.push`
   * adding to this list): a mutation's `confirmedAt`, else its `fetchedAt`. An answer to a
   * request that started before then does not replace the result (docs/concepts/reliability.md,
   * rules 1b and 2).
   */
  readonly changedAt?: number
}

/**
 * When the data of a call goes stale (0: it is). A meta saved by a version that kept an error's
 * expiry in `expiresAt` (an `error` without `errorExpiresAt`) does not say when its data expires:
 * the data reads as stale. A `null` (an `Infinity` that went through JSON, in an older version)
 * reads as 0: stale.
 */
export function dataExpiryOf(meta: RequestMeta | undefined): number {
  if (meta === undefined || (meta.error !== undefined && meta.errorExpiresAt === undefined)) {
    return 0
  }
  return meta.expiresAt ?? 0
}

/**
 * Until when the error of a call stands (0 without one); in a meta saved by an older version,
 * the error's expiry is its `expiresAt`.
 */
export function errorExpiryOf(meta: RequestMeta | undefined): number {
  if (meta?.error === undefined) return 0
  return meta.errorExpiresAt ?? meta.expiresAt ?? 0
}

/**
 * The slice's state. Plain JSON data only: `JSON.parse(JSON.stringify(state))` deep-equals it.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/concepts/cache-in-your-store.md
 */
export interface EntityCacheState {
  /** How the maps below are stored (plain, or split in buckets when large), and its version. */
  readonly layout: StateLayout
  /** Stored records, per entity key, per pk (`entities.User['1']`). */
  readonly entities: StoredTables<EntityRecord>
  /** Meta of each record (tombstones included), per entity key, per pk. */
  readonly entitiesMeta: StoredTables<EntityMeta>
  /**
   * Normalized result per request key. Past 1,024 request keys (`layout.splitRequests`) split
   * in buckets: read it through `cache.select`/`selectCall`.
   */
  readonly results: Readonly<Record<string, unknown>>
  /** Meta per request key (split like `results`). */
  readonly meta: Readonly<Record<string, RequestMeta>>
  /** Time of the last `resetEntireStore`; responses to requests started before are dropped. */
  readonly resetAt: number
  /**
   * Optimistic writes of mutations in flight, oldest first. Reads see them over the confirmed
   * tables, field by field in this order; each is removed when its request settles (so a
   * failure rolls back only its own change).
   */
  readonly optimistic: readonly OptimisticLayer[]
}

/** One optimistic write: the records it shows until its request settles. Plain data. */
export interface OptimisticLayer {
  /** The request it belongs to: its key and start time. */
  readonly key: string
  readonly fetchedAt: number
  /**
   * What this write changes, per record: only the fields its optimistic response sets, shown over
   * the confirmed record and the older layers (never a copy of the whole record).
   */
  readonly entities: EntityTables<EntityRecord>
  /** Their meta; a tombstone (`deleted: true`) hides the entity. */
  readonly entitiesMeta: EntityTables<EntityMeta>
}

/** The state of a fresh cache. */
export function initialEntityCacheState(): EntityCacheState {
  return {
    layout: EMPTY_LAYOUT,
    entities: {},
    entitiesMeta: {},
    results: {},
    meta: {},
    resetAt: 0,
    optimistic: [],
  }
}
