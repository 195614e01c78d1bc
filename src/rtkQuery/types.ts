/**
 * Types of the RTK Query bridge: the part of an RTK Query `api` it uses, the schemas it takes
 * (one per endpoint name, checked against the endpoint's result type), and what it returns.
 * RTK Query's own types are not imported: an `api` is read structurally (its endpoints' `Types`),
 * so the main entry does not depend on `@reduxjs/toolkit/query`.
 */
import type { Middleware } from '@reduxjs/toolkit'
import type { DeleteEntitySchema } from '../schema/Delete'
import type { Denormalize } from '../schema/types'

/**
 * What the bridge uses of an RTK Query `api` (the object `createApi` returns): its reducer path,
 * its endpoints (their matchers and `Types`) and `util.updateQueryData`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md
 */
export interface RtkQueryApi {
  readonly reducerPath: string
  readonly endpoints: { readonly [name: string]: RtkQueryEndpoint }
  readonly util: {
    updateQueryData(
      endpointName: any,
      arg: any,
      recipe: (draft: any) => any,
      updateProvided?: boolean,
    ): any
    /** RTK Query's `upsertQueryEntries` action creator (RTK 2.2+). */
    readonly upsertQueryEntries?: { match(action: unknown): boolean }
  }
}

/** One endpoint of an RTK Query `api`, as the bridge sees it. */
export interface RtkQueryEndpoint {
  matchFulfilled(action: any): boolean
  /** Type-level only: RTK Query's `ResultType`, `QueryArg` and definition kind. */
  readonly Types?: unknown
}

/** The `Types` of endpoint `K` of `TApi`. */
type TypesOf<TApi extends RtkQueryApi, K extends keyof TApi['endpoints']> = NonNullable<
  TApi['endpoints'][K]['Types']
>

/**
 * Names of the endpoints of `TApi` the bridge can take: queries and mutations (an infinite
 * query's data is pages of results, which the bridge does not normalize).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type BridgeableName<TApi extends RtkQueryApi> = {
  [K in keyof TApi['endpoints'] & string]: TypesOf<TApi, K> extends { InfiniteQueryDefinition: any }
    ? never
    : K
}[keyof TApi['endpoints'] & string]

/**
 * The result type (`ResultType`, after `transformResponse`) of endpoint `K` of `TApi`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type RtkQueryResult<TApi extends RtkQueryApi, K extends keyof TApi['endpoints']> =
  TypesOf<TApi, K> extends { ResultType: infer TResult } ? TResult : unknown

/**
 * The argument type (`QueryArg`) of endpoint `K` of `TApi`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type RtkQueryArg<TApi extends RtkQueryApi, K extends keyof TApi['endpoints']> =
  TypesOf<TApi, K> extends { QueryArg: infer TArg } ? TArg : unknown

/**
 * What a stored record gives an RTK Query entry, as a type: an Entity instance reads as its data
 * members (methods dropped; optional and `undefined` members taken as present, so that a nested
 * entity declared `User | undefined` fits a result that always has it), `Date` members as the
 * JSON strings they were received as.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type RecordData<T> = T extends Date
  ? string
  : T extends readonly (infer TItem)[]
    ? RecordData<TItem>[]
    : T extends (...args: any[]) => any
      ? never
      : T extends object
        ? {
            [K in keyof T as T[K] extends (...args: any[]) => any ? never : K]-?: RecordData<
              NonNullable<T[K]>
            >
          }
        : T

/**
 * An endpoint's result type as data: methods dropped (a result typed with the Entity class
 * itself, `build.query<Post[], void>`, holds plain records), `Date` members also met by the
 * strings they are received as; optional members stay optional.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type ResultData<T> = T extends Date
  ? T | string
  : T extends readonly (infer TItem)[]
    ? ResultData<TItem>[]
    : T extends (...args: any[]) => any
      ? T
      : T extends object
        ? { [K in keyof T as T[K] extends (...args: any[]) => any ? never : K]: ResultData<T[K]> }
        : T

/**
 * True when `TSchema` fits an endpoint whose result is `TResult`: its records, read as plain data
 * ({@link RecordData}), have every member `TResult` requires ({@link ResultData}), with
 * assignable types (a list for a list, an object for an object). A `schema.Delete` fits any
 * result (the entity's pk may come from the mutation's argument).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type SchemaFits<TResult, TSchema> =
  TSchema extends DeleteEntitySchema<any>
    ? true
    : [RecordData<Denormalize<TSchema>>] extends [ResultData<TResult>]
      ? true
      : false

/**
 * Stands in for a schema that does not fit its endpoint: the type error names why.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export interface SchemaMismatch<TName extends string, TResult, TReads> {
  readonly 'rtk-resources: this schema does not fit the result type of endpoint': TName
  readonly resultType: TResult
  readonly schemaReads: TReads
}

/**
 * Stands in for a name that is not a query or mutation of the api.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export interface UnknownEndpoint<TName> {
  readonly 'rtk-resources: not a query or mutation endpoint of this api': TName
}

/**
 * Schemas per endpoint name: any schema, for any of the api's queries and mutations.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type RtkQueryBridgeSchemas<TApi extends RtkQueryApi> = {
  readonly [K in BridgeableName<TApi>]?: unknown
}

/**
 * `TSchemas` checked against `TApi`: each member is its schema when it fits the endpoint, else a
 * {@link SchemaMismatch} or {@link UnknownEndpoint} that the schema is not assignable to.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md#schemas
 */
export type CheckedSchemas<TApi extends RtkQueryApi, TSchemas> = {
  [K in keyof TSchemas]: K extends BridgeableName<TApi>
    ? SchemaFits<RtkQueryResult<TApi, K>, TSchemas[K]> extends true
      ? TSchemas[K]
      : SchemaMismatch<K, RtkQueryResult<TApi, K>, RecordData<Denormalize<TSchemas[K]>>>
    : UnknownEndpoint<K>
}

/** The arguments after the endpoint name: optional when the endpoint takes none (`void`). */
export type ArgParams<TArg> = [TArg] extends [void]
  ? [arg?: undefined]
  : undefined extends TArg
    ? [arg?: TArg]
    : [arg: TArg]

/** What reading a bridged endpoint from the cache gives: the denormalized schema. */
export type BridgedData<TSchema, TResult> =
  TSchema extends DeleteEntitySchema<any> ? TResult : Denormalize<TSchema>

/**
 * What `cache.bridgeRtkQuery(api, schemas)` returns.
 * @template TApi - the RTK Query `api`
 * @template TSchemas - the schemas per endpoint name
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md
 */
export interface RtkQueryBridge<TApi extends RtkQueryApi = RtkQueryApi, TSchemas = unknown> {
  /** The RTK Query `api` it bridges. */
  readonly api: TApi
  /**
   * Add it to the store after `api.middleware` and `cache.middleware`. The entries a store is
   * created with (`preloadedState` from a server or storage) are tracked from the start; the
   * requests it bridges are ordered after every stamp the cache holds (a server clock running
   * ahead does not make the browser's later requests count as older).
   */
  readonly middleware: Middleware
  /**
   * The cache's request key of one call of a bridged endpoint: `"<api.reducerPath>/<name>(<args
   * as sorted JSON>)"`, the key its results are stored under (for `invalidateAll({ testKey })`).
   */
  key<K extends keyof TSchemas & BridgeableName<TApi>>(
    endpointName: K,
    ...args: ArgParams<RtkQueryArg<TApi, K>>
  ): string
  /**
   * A memoized selector of a bridged call's data as the cache holds it: Entity instances, the
   * same ones every other read of the cache gives (`undefined` until RTK Query fetched it, or an
   * Entity answered from its table when the argument names its pk).
   */
  select<K extends keyof TSchemas & BridgeableName<TApi>>(
    endpointName: K,
    ...args: ArgParams<RtkQueryArg<TApi, K>>
  ): (root: unknown) => BridgedData<TSchemas[K], RtkQueryResult<TApi, K>> | undefined
}
