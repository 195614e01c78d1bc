/**
 * Reading one call out of the slice: the data (denormalized through the cache's memo) and the
 * verdict a reader needs (expiry status, error, whether a request is pending). Pure functions of
 * their inputs; the selectors (selectors.ts) memoize them per call.
 */
import type { MemoCache } from '../../normalizr/MemoCache'
import { isEntitySchema } from '../../normalizr/isEntity'
import { AllSchema } from '../../schema/All'
import type { EndpointInterface } from '../endpointTypes'
import { ExpiryStatus } from './ExpiryStatus'
import type { Query } from './Query'
import { readSourceOf } from '../slice/entitySource'
import { deserializeError } from '../slice/serializeError'
import type { EntityCacheState, ErrorPolicy, RequestMeta } from '../slice/state'
import { dataExpiryOf, errorExpiryOf } from '../slice/state'
import { errorPolicyIn } from './errorPolicy'

/** The tables a read sees: confirmed records, their meta, and the optimistic layers on top. */
export type TablesView = Pick<
  EntityCacheState,
  'entities' | 'entitiesMeta' | 'layout' | 'optimistic'
>

/** Anything readable from the cache: an endpoint or a Query. */
export type Readable = EndpointInterface<any, any, any> | Query<any, any, any>

/** True for a {@link Query}. */
export function isQuery(readable: unknown): readable is Query<unknown> {
  return (
    typeof readable === 'object' &&
    readable !== null &&
    (readable as { isQuery?: unknown }).isQuery === true
  )
}

/** The data of one call as read from the tables. */
export interface DataRead {
  readonly data: unknown
  /** A record the data needs failed `validate`: a reader should fetch. */
  readonly incomplete: boolean
  /**
   * The data was answered from the tables, nothing being stored for the call (a derived read):
   * its expiry is theirs ({@link derivedExpiresAt}).
   */
  readonly derived: boolean
  /**
   * For a derived read of an Entity schema (a get answered from the tables): its record's
   * expiry, found with the read (one lookup), so its readers need no walk of their own.
   */
  readonly entityExpiresAt?: number
}

/**
 * Reads an endpoint call: its stored result through the schema, or, when nothing is stored for
 * the call, what the tables answer for its args (an Entity by pk, `schema.All`, an object of
 * those). `args` must be a stable array (the memo keys table reads by it).
 */
export function readEndpoint(
  memo: MemoCache,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  result: unknown,
  tables: TablesView,
): DataRead {
  const schema = endpoint.schema
  if (result !== undefined) {
    if (schema === undefined || schema === null) {
      return { data: result, incomplete: false, derived: false }
    }
    const read = memo.denormalize(schema, result, readSourceOf(tables), args)
    return { data: read.data, incomplete: read.incomplete, derived: false }
  }
  if (schema === undefined || schema === null || endpoint.sideEffect) {
    return { data: undefined, incomplete: false, derived: false }
  }
  const source = readSourceOf(tables)
  const read = memo.query(schema, args, source)
  const derived = read.data !== undefined
  if (derived && isEntitySchema(schema)) {
    const entityExpiresAt = memo.queryExpiresAt(schema, args, source) ?? 0
    return { data: read.data, incomplete: read.incomplete, derived, entityExpiresAt }
  }
  return { data: read.data, incomplete: read.incomplete, derived }
}

/**
 * The expiry of a derived read (see {@link DataRead.derived}): a get's record's own; for an
 * object or Union read, the earliest among the records its data holds, nested ones included, as
 * data-client dates a call without a response of its own; 0 for `schema.All` (see below);
 * `undefined` for any other read. Looks at each of those records once; the selectors ask
 * it only for readers of the call's state (`selectCall`, `getResponse`, the hooks).
 */
export function derivedExpiresAt(
  memo: MemoCache,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  read: DataRead,
  tables: TablesView,
): number | undefined {
  if (!read.derived) return undefined
  if (read.entityExpiresAt !== undefined) return read.entityExpiresAt
  // A whole table: walking every record on each write to it would cost as much as the table is
  // large, so it counts as stale (0) and its first reader fetches it; then it is stored.
  if (endpoint.schema instanceof AllSchema) return 0
  return memo.queryExpiresAt(endpoint.schema, args, readSourceOf(tables)) ?? 0
}

/** A Query's entries: its schema read from the tables alone (before `process`). */
export function readQueryEntries(
  memo: MemoCache,
  query: Query<unknown>,
  args: readonly unknown[],
  tables: TablesView,
): unknown {
  return memo.query(query.schema, args, readSourceOf(tables)).data
}

/**
 * Everything a reader needs about one call, from one snapshot of the state: what
 * `cache.selectCall` returns. `controller.getResponse` and `getError` are parts of it.
 * @template TData - the call's data
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/select.md#selectcall
 */
export interface CallState<TData = unknown> {
  /** The stored data, denormalized (whatever its freshness); `undefined` when there is none. */
  readonly data: TData | undefined
  /** How usable `data` is (see {@link ExpiryStatus}). */
  readonly expiryStatus: ExpiryStatus
  /** When the data goes stale (epoch ms); 0 when there is none. */
  readonly expiresAt: number
  /** The error of the call's last request, when it failed (an `Error`, stable per stored error). */
  readonly error: Error | undefined
  /** Until when that error stands before readers retry (epoch ms); 0 without an error. */
  readonly errorExpiresAt: number
  /**
   * How that error counts: `'hard'` replaces the data readers show, `'soft'` leaves usable data
   * on screen (the endpoint's `errorPolicy`, else hard; a poll's failure is soft); `undefined`
   * without an error.
   */
  readonly errorPolicy: ErrorPolicy | undefined
  /** A request for this call is in flight. */
  readonly pending: boolean
  /** A record the data needs failed `validate` (a reader should fetch). */
  readonly incomplete: boolean
}

/** What `controller.getResponse` returns: the data part of a {@link CallState}. */
export type ResponseState<TData = unknown> = Pick<
  CallState<TData>,
  'data' | 'expiryStatus' | 'expiresAt'
>

/**
 * The {@link CallState} of an endpoint call from its read, its request meta, and, for a derived
 * read, the expiry of the records it holds ({@link derivedExpiresAt}).
 */
export function endpointCallState(
  endpoint: EndpointInterface,
  read: DataRead,
  meta: RequestMeta | undefined,
  entityExpiresAt: number | undefined,
): CallState {
  const { data, incomplete } = read
  const expiryStatus =
    meta?.invalidated || incomplete || data === undefined
      ? ExpiryStatus.Invalid
      : endpoint.invalidIfStale
        ? ExpiryStatus.InvalidIfStale
        : ExpiryStatus.Valid
  return {
    data,
    expiryStatus,
    expiresAt: entityExpiresAt ?? dataExpiryOf(meta),
    error: meta?.error ? deserializeError(meta.error) : undefined,
    errorExpiresAt: errorExpiryOf(meta),
    errorPolicy: errorPolicyIn(meta),
    pending: meta?.pendingSince !== undefined,
    incomplete,
  }
}

/** The {@link CallState} of a Query: data or not; never an error, never pending. */
export function queryCallState(data: unknown): CallState {
  return {
    data,
    expiryStatus: data === undefined ? ExpiryStatus.Invalid : ExpiryStatus.Valid,
    expiresAt: 0,
    error: undefined,
    errorExpiresAt: 0,
    errorPolicy: undefined,
    pending: false,
    incomplete: false,
  }
}
