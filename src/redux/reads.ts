/**
 * Reading endpoints and queries out of a slice state: the data (denormalized through the memo),
 * how usable it is, and the error. Shared by selectors, the Controller and the React hooks.
 */
import { getOwn, hasOwn } from '../internal/ownKeys'
import type { MemoCache } from '../normalizr/MemoCache'
import { isEntitySchema } from '../normalizr/isEntity'
import type { EndpointInterface } from './endpointTypes'
import { readSourceOf, sourceOf } from './entitySource'
import { ExpiryStatus } from './ExpiryStatus'
import { LruMap } from './lru'
import type { Query } from './Query'
import { deserializeError } from './serializeError'
import type { EntityCacheState, RequestMeta } from './state'

/** What `controller.getResponse` returns. */
export interface ResponseState<TData = unknown> {
  readonly data: TData | undefined
  readonly expiryStatus: ExpiryStatus
  /** When the data goes stale (epoch ms); 0 when there is none. */
  readonly expiresAt: number
}

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

/** Builds the readers of one cache. */
export function buildReads(selectSlice: (root: unknown) => EntityCacheState, memo: MemoCache) {
  // Stable args arrays per key: query memo is keyed by the args array.
  const argsByKey = new LruMap<string, readonly unknown[]>(1000)
  const stableArgs = (key: string, args: readonly unknown[]) => {
    let stable = argsByKey.get(key)
    if (!stable) {
      stable = args
      argsByKey.set(key, stable)
    }
    return stable
  }

  /** Data of an endpoint read from a slice state (denormalized), and whether it is incomplete. */
  function readEndpointData(
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
    slice: EntityCacheState,
  ): { data: unknown; incomplete: boolean; derived: boolean } {
    const schema = endpoint.schema
    if (hasOwn(slice.results, key)) {
      const result = slice.results[key]
      if (schema === undefined || schema === null)
        return { data: result, incomplete: false, derived: false }
      const read = memo.denormalize(schema, result, readSourceOf(slice), args)
      return { data: read.data, incomplete: read.incomplete, derived: false }
    }
    if (schema === undefined || schema === null || endpoint.sideEffect) {
      return { data: undefined, incomplete: false, derived: false }
    }
    // Nothing stored for this call: answer from the tables when the schema can (Entity by pk, All).
    const read = memo.query(schema, stableArgs(key, args), readSourceOf(slice))
    return { data: read.data, incomplete: read.incomplete, derived: true }
  }

  /** A query's entries (its schema read from the tables), before `process`. */
  function readQueryEntries(
    query: Query<unknown>,
    args: readonly unknown[],
    slice: Pick<EntityCacheState, 'entities' | 'entitiesMeta' | 'optimistic'>,
  ): unknown {
    return memo.query(query.schema, stableArgs(query.key(...args), args), readSourceOf(slice)).data
  }

  /**
   * `{ data, expiryStatus, expiresAt }` of an endpoint or query call. A query's data comes from
   * `selectQuery` (the memoized selector), so that `process` runs only when its entries change.
   */
  function getResponse(
    readable: Readable,
    args: readonly unknown[],
    root: unknown,
    selectQuery: (query: Query<unknown>, args: readonly unknown[], root: unknown) => unknown,
  ): ResponseState {
    const slice = selectSlice(root)
    if (isQuery(readable)) {
      const data = selectQuery(readable, args, root)
      return {
        data,
        expiryStatus: data === undefined ? ExpiryStatus.Invalid : ExpiryStatus.Valid,
        expiresAt: 0,
      }
    }
    const key = readable.key(...args)
    const meta = getOwn<RequestMeta>(slice.meta, key)
    const { data, incomplete, derived } = readEndpointData(readable, key, args, slice)
    let expiresAt = meta?.expiresAt ?? 0
    if (derived && data !== undefined && isEntitySchema(readable.schema)) {
      const pk = (data as { pk?: () => unknown }).pk?.()
      const entityMeta =
        pk === undefined ? undefined : sourceOf(slice).getMeta(readable.schema.key, String(pk))
      expiresAt = entityMeta?.expiresAt ?? 0
    }
    const expiryStatus =
      meta?.invalidated || incomplete || data === undefined
        ? ExpiryStatus.Invalid
        : readable.invalidIfStale
          ? ExpiryStatus.InvalidIfStale
          : ExpiryStatus.Valid
    return { data, expiryStatus, expiresAt }
  }

  /** The error of the last request for this call, as an Error (stable per stored error). */
  function getError(
    readable: Readable,
    args: readonly unknown[],
    root: unknown,
  ): Error | undefined {
    if (isQuery(readable)) return undefined
    const meta = getOwn<RequestMeta>(selectSlice(root).meta, readable.key(...args))
    return meta?.error ? deserializeError(meta.error) : undefined
  }

  return { readEndpointData, readQueryEntries, getResponse, getError }
}

/** The readers of one cache. */
export type CacheReads = ReturnType<typeof buildReads>
