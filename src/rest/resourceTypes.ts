/** The types of `createResource`: its options, and the endpoints it returns. */
import type { EntityClass } from '../schema/Entity'
import type { DeleteEntitySchema } from '../schema/Delete'
import type { Denormalize } from '../schema/types'
import type { PathArgs, ShortenPath } from './pathTypes'
import type { RestEndpoint } from './RestEndpoint'
import type { ExtraMembers, IfSame, OmitKnown, RestEndpointOptions } from './restTypes'
import type { ResourceExtend } from './resourceExtend'

/**
 * A class that builds RestEndpoints: `RestEndpoint` or a subclass.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#restendpointclass
 */
export type RestEndpointClass = abstract new (options: any) => RestEndpoint

/** A value sent in a body for a field of type `T` (a nested entity may be sent as its pk). */
type BodyValue<T> = T extends Date
  ? Date | string
  : T extends readonly (infer TItem)[]
    ? BodyValue<TItem>[]
    : T extends { pk(...args: any[]): unknown }
      ? BodyFields<T> | string | number
      : T

/**
 * The data fields (not methods) of a record type, each optional.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#bodyfields
 */
export type BodyFields<T> = {
  [K in keyof T as T[K] extends (...args: any[]) => any ? never : K]?: BodyValue<T[K]>
}

/**
 * The default body of create/update/partialUpdate: any fields of the schema's type.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#resourcebody
 */
export type ResourceBody<TSchema> = BodyFields<Denormalize<TSchema>>

/**
 * The default query params of `getList` besides the path params.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#listsearch
 */
export type ListSearch = SearchParams | undefined

/**
 * Query params: any names, each a string, number or boolean (or a list of them, or `undefined`,
 * left out). An interface, so that editors and type errors show its name, not its members.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#listsearch
 */
export interface SearchParams {
  [name: string]: string | number | boolean | undefined | readonly (string | number | boolean)[]
}

/**
 * What `delete` resolves to: the response when it has at least one key (some fields of the
 * record), else the call's params.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#deleteresult
 */
export type DeleteResult<TPath extends string, TSchema> =
  BodyFields<Denormalize<TSchema>> | PathArgs<TPath>

/** The schema of `delete`: `schema.Delete(schema)` for an Entity. */
export type DeleteSchema<TSchema> = TSchema extends EntityClass
  ? DeleteEntitySchema<TSchema>
  : TSchema

/**
 * The type-relevant options of a resource, as data-client names them: for helpers generic over
 * the resource they make (`function createMyResource<O extends ResourceGenerics>(options:
 * Readonly<O> & ResourceOptions)`).
 */
export interface ResourceGenerics {
  readonly path: string
  readonly schema: unknown
  /** Type only: the body of create/update. */
  readonly body?: unknown
  /** Type only: `getList`'s query params. */
  readonly searchParams?: unknown
}

/**
 * Options of {@link createResource}; any other RestEndpoint option given here reaches every
 * member. Without type arguments (`ResourceOptions`), any path and schema.
 * @template TPath - the path template of one record (`/users/:userId/posts/:id`)
 * @template TSchema - the schema of one record
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#resourceoptions
 */
export interface ResourceOptions<
  TPath extends string = string,
  TSchema = unknown,
  TBody = ResourceBody<TSchema>,
  TSearch = ListSearch,
  TEndpoint extends RestEndpointClass = typeof RestEndpoint,
> extends OmitKnown<RestEndpointOptions, 'body' | 'searchParams' | 'name' | 'method'> {
  readonly path: TPath
  readonly schema: TSchema
  readonly urlPrefix?: string | undefined
  /** The class every member is built with (default `RestEndpoint`). */
  readonly Endpoint?: TEndpoint | undefined
  /** Type only: the body of create/update (partialUpdate takes `Partial` of it). */
  readonly body?: TBody
  /** Type only: `getList`'s query params besides the path params. */
  readonly searchParams?: TSearch
  /**
   * Write create/update/partialUpdate/delete (and getList.push/unshift) optimistically: the
   * expected result shows at once and is rolled back if the request fails.
   */
  readonly optimistic?: boolean | undefined
}

/**
 * The query params of a create (`getList.push`, `create`): the resource's declared
 * `searchParams`, each optional (a list's required filter need not be sent with a create), so
 * that `push({ userId }, body)` posts to `/todos?userId=1` and `push(body)` still compiles; none
 * when the resource declares none.
 */
type AddSearch<TSearch> = IfSame<
  TSearch,
  ListSearch,
  unknown,
  { readonly searchParams: Partial<NonNullable<TSearch>> }
>

/** `getList.push` / `getList.unshift`: a create whose record joins the matching lists. */
type CollectionAdd<TPath extends string, TSchema, TBody, TSearch, TInstance> = ResourceMember<
  {
    readonly path: ShortenPath<TPath>
    readonly schema: TSchema
    readonly method: 'POST'
    readonly body: TBody | FormData
  } & AddSearch<TSearch>,
  TInstance
>

/**
 * One endpoint of a {@link RestResource} (`get`, `getList`, ...): a RestEndpoint with the
 * member's generics (`O`: path, schema, method, body, ...), plus the own members of the endpoint
 * class the resource was made with (`TInstance`).
 */
export type ResourceMember<O, TInstance> = RestEndpoint<O & { readonly path: string }> &
  ExtraMembers<TInstance>

/**
 * The endpoints `createResource` returns.
 * @template TPath - the path template of one record
 * @template TSchema - the schema of one record
 * @template TBody - the body of create/update
 * @template TSearch - getList's query params
 * @template TInstance - the endpoint class's instance type
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#restresource
 */
export interface RestResource<
  TPath extends string,
  TSchema,
  TBody = ResourceBody<TSchema>,
  TSearch = ListSearch,
  TInstance = RestEndpoint,
> {
  /** GET one record: all path params (extra params go to the query string). */
  get: ResourceMember<
    { readonly path: TPath; readonly schema: TSchema; readonly searchParams: ListSearch },
    TInstance
  >
  /**
   * GET the list: the remaining path params and query params. `getList.push(…)` and
   * `getList.unshift(…)` create a record (like `create`) and add it to the end or start of every
   * stored list whose filtering args it matches, with no refetch.
   */
  getList: ResourceMember<
    {
      readonly path: ShortenPath<TPath>
      readonly schema: [TSchema]
      readonly searchParams: TSearch
    },
    TInstance
  > & {
    readonly push: CollectionAdd<TPath, TSchema, TBody, TSearch, TInstance>
    readonly unshift: CollectionAdd<TPath, TSchema, TBody, TSearch, TInstance>
  }
  /**
   * POST a new record to the list path: `(body)` or `(params, body)`; `getList.push` under its
   * own name, so the record joins the stored lists it matches.
   */
  create: CollectionAdd<TPath, TSchema, TBody, TSearch, TInstance>
  /** PUT a record: `(params, body)`. */
  update: ResourceMember<
    {
      readonly path: TPath
      readonly schema: TSchema
      readonly method: 'PUT'
      readonly body: TBody | FormData
    },
    TInstance
  >
  /** PATCH some fields of a record: `(params, body)`. */
  partialUpdate: ResourceMember<
    {
      readonly path: TPath
      readonly schema: TSchema
      readonly method: 'PATCH'
      readonly body: Partial<TBody> | FormData
    },
    TInstance
  >
  /** DELETE a record; resolves to the response when it has keys, else to the params. */
  delete: ResourceMember<
    {
      readonly path: TPath
      readonly schema: DeleteSchema<TSchema>
      readonly method: 'DELETE'
      readonly process: (...args: any[]) => DeleteResult<TPath, TSchema>
    },
    TInstance
  >
  /**
   * A new resource with members extended or added, as data-client's `extend`:
   * `extend('name', options)`, `extend({ getList: options, ... })` or
   * `extend((resource) => ({ ...members }))`.
   */
  extend: ResourceExtend
}
