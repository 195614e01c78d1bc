/**
 * The types of a RestEndpoint, computed from the options it was made with (`O`): its arguments
 * (path params, query params, body), its schema and what it resolves to.
 */
import type { EndpointOptions } from '../endpoint/Endpoint'
import type { RequestInput } from '../endpoint/fetchResponse'
import type { HeadersInput } from '../endpoint/headers'
import type { OptimisticSnapshot } from '../redux/endpointTypes'
import type { ArraySchema } from '../schema/ArraySchema'
import type { DeleteEntitySchema } from '../schema/Delete'
import type { ObjectSchema } from '../schema/ObjectSchema'
import type { UnionSchema } from '../schema/Union'
import type { ValuesSchema } from '../schema/Values'
import type { Denormalize } from '../schema/types'
import type { BodyFields, ResourceBody } from './resourceTypes'
import type { PathArgs } from './pathTypes'
import type { RestEndpoint } from './RestEndpoint'

/**
 * The type-relevant options of a RestEndpoint (the options object it was made with).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#restgenerics
 */
export interface RestGenerics {
  readonly path: string
  readonly schema?: unknown
  readonly method?: string
  /** Type only: the body a call takes (`body: {} as TodoBody`); `undefined` means none. */
  readonly body?: unknown
  /** Type only: the query params a call takes besides the path params. */
  readonly searchParams?: unknown
  readonly process?: unknown
  readonly sideEffect?: boolean | undefined
}

/** `Omit` for types with an index signature (plain `Omit` would keep only the signature). */
export type OmitKnown<T, K extends PropertyKey> = {
  [P in keyof T as P extends K ? never : P]: T[P]
}

/**
 * The constructor's options as inferred into `O`: `O` itself, written as a homomorphic mapped
 * type. A bare `RestEndpointOptions & O` got no inference for `O` while the options' unannotated
 * methods (`getHeaders(headers) {...}`) were being typed, so `O` fell back to its default `any`
 * and the methods lost their contextual types (implicit `any` under `strict`). Through the mapped
 * type TypeScript infers `O` from the other members first (path, schema, method, body), and the
 * methods take their parameter types from {@link RestEndpointOptions}.
 */
export type InferredOptions<O> = { [K in keyof O]: O[K] }

/** `true` when `T` is `any`. */
type IsAny<T> = 0 extends 1 & T ? true : false

/** The schema of a RestEndpoint's options. */
export type SchemaOf<O> =
  IsAny<O> extends true ? any : O extends { readonly schema: infer S } ? S : undefined

/** Its HTTP method (when not given: `'POST'` with `sideEffect: true`, else `'GET'`). */
export type MethodOf<O> = O extends { readonly method: infer M extends string }
  ? M
  : O extends { readonly sideEffect: true }
    ? 'POST'
    : 'GET'

/**
 * Its `sideEffect`: as given, else `undefined` for GET and HEAD and `true` for every other method
 * (as data-client types it); `boolean | undefined` when the method is only known as a string.
 */
export type SideEffectOf<O> =
  IsAny<O> extends true
    ? boolean | undefined
    : O extends { readonly sideEffect: infer S extends boolean | undefined }
      ? S
      : string extends MethodOf<O>
        ? boolean | undefined
        : Uppercase<MethodOf<O>> extends 'GET' | 'HEAD'
          ? undefined
          : true

/**
 * Whether calls take a body: not for GET, HEAD and DELETE (in any case: `'get'` is sent as GET),
 * nor when `body` is `undefined`.
 */
export type HasBody<O> =
  Uppercase<MethodOf<O>> extends 'GET' | 'HEAD' | 'DELETE'
    ? false
    : O extends { readonly body: infer B }
      ? // `body: {} as any` (data-client's tests write `0 as any`) takes a body of any type.
        IsAny<B> extends true
        ? true
        : [B] extends [undefined]
          ? false
          : true
      : true

/** `A` when `X` and `Y` are the same type (`readonly` included), else `B`. */
export type IfSame<X, Y, A, B> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? A : B

/** The keys of `T` whose member is `readonly`. */
type ReadonlyKeys<T> = {
  [P in keyof T]-?: IfSame<{ [Q in P]: T[P] }, { -readonly [Q in P]: T[P] }, never, P>
}[keyof T]

/** `true` when `T` is a union (`boolean` is one: `true | false`). */
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never

/** `true` for one string, number or boolean literal type (`''`, `0`, `false`), not a union. */
type IsLoneLiteral<V> = [V] extends [string | number | boolean]
  ? true extends IsUnion<V>
    ? false
    : [string] extends [V]
      ? false
      : [number] extends [V]
        ? false
        : true
  : false

/** A readonly tuple (what `const` inference makes of `['']`), not an array type. */
type IsReadonlyTuple<T> = T extends readonly unknown[]
  ? T extends unknown[]
    ? false
    : number extends T['length']
      ? false
      : true
  : false

/** A lone literal as its primitive type. */
type WidenLone<V> = V extends string
  ? string
  : V extends number
    ? number
    : V extends boolean
      ? boolean
      : V

/** `true` when widening `T` (below) changes it. */
type HasExample<T> = T extends readonly unknown[]
  ? IsReadonlyTuple<T> extends true
    ? true extends { [K in keyof T]: MemberHasExample<T[K]> }[number]
      ? true
      : false
    : false
  : true extends { [K in ReadonlyKeys<T>]: MemberHasExample<T[K]> }[ReadonlyKeys<T>]
    ? true
    : false

type MemberHasExample<V> =
  IsLoneLiteral<V> extends true
    ? true
    : V extends (...args: any[]) => unknown
      ? false
      : true extends IsUnion<V>
        ? false
        : V extends object
          ? HasExample<V>
          : false

/**
 * A value written in the options as an example (`body: { title: '', done: false, tags: [''] }`,
 * as data-client's docs write them), as the type it stands for: `{ title: string; done: boolean;
 * tags: string[] }`. The options are inferred `const` (so that `path` and `method` keep their
 * literal types), which reads an example as `{ readonly title: '' }`. Widened: a readonly member
 * holding one literal (`''`, `0`, `false`), and a readonly tuple (to an array). Kept as written:
 * any union (`'open' | 'closed'`, `boolean`, a union of objects), arrays, mutable members, and a
 * type with nothing to widen (a class keeps its name). So a type given with `as` is kept, unless
 * it has a readonly member of one literal type (`{ readonly kind: 'a' }`), which reads as an
 * example's.
 */
export type WidenExample<T> =
  IsAny<T> extends true
    ? T
    : true extends IsUnion<T>
      ? T
      : T extends (...args: any[]) => unknown
        ? T
        : T extends object
          ? HasExample<T> extends true
            ? T extends readonly unknown[]
              ? WidenEach<T[number]>[]
              : {
                  -readonly [K in keyof T]: K extends ReadonlyKeys<T> ? WidenMember<T[K]> : T[K]
                }
            : T
          : T

/** The items of an example's tuple (`['', 0]`), each widened: `(string | number)[]`. */
type WidenEach<E> = E extends unknown ? WidenMember<E> : never

/** One member of an example: a lone literal widened, an object or tuple walked. */
type WidenMember<V> =
  IsLoneLiteral<V> extends true ? WidenLone<V> : V extends object ? WidenExample<V> : V

/** The body a call takes (`any` unless declared with the `body` option). */
export type BodyOf<O> = O extends { readonly body: infer B } ? WidenExample<B> : any

/** The params object of a call: the path params and the declared `searchParams`. */
export type ParamsOf<O extends RestGenerics> = PathArgs<O['path']> &
  (O extends { readonly searchParams: infer S }
    ? IsAny<S> extends true
      ? any
      : [S] extends [undefined]
        ? unknown
        : WidenExample<S>
    : unknown)

/**
 * `true` when the declared body may be left out (`body: {} as Draft | undefined`). A one-argument
 * call is read as the body, so only the forms without params may leave it out.
 */
type OptionalBody<O> = O extends { readonly body: infer B }
  ? IsAny<B> extends true
    ? false
    : undefined extends B
      ? true
      : false
  : false

/**
 * The arguments of a call: `(params)` without a body (optional when every param is); with one,
 * `(params, body)`, or `(body)` when the path has no params (optional when no `body` type is
 * declared).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#restargs
 */
export type RestArgs<O extends RestGenerics> =
  IsAny<O> extends true
    ? any[]
    : HasBody<O> extends true
      ? keyof ParamsOf<O> extends never
        ? O extends { readonly body: unknown }
          ? OptionalBody<O> extends true
            ? [body?: BodyOf<O>]
            : [body: BodyOf<O>]
          : // No body declared (`any`): a call may send none, as data-client types it.
            [body?: any]
        : Record<never, never> extends ParamsOf<O>
          ? | (OptionalBody<O> extends true ? [body?: BodyOf<O>] : [body: BodyOf<O>])
            | [params: ParamsOf<O>, body: BodyOf<O>]
          : [params: ParamsOf<O>, body: BodyOf<O>]
      : Record<never, never> extends ParamsOf<O>
        ? [params?: ParamsOf<O>]
        : [params: ParamsOf<O>]

/**
 * What a call resolves to: `process`'s result, else the schema's denormalized type. A
 * `schema.Delete` endpoint resolves to its response (some fields of the record), not the entity.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#restresult
 */
export type RestResult<O> =
  IsAny<O> extends true
    ? any
    : O extends { readonly process: (...args: any[]) => infer R }
      ? Awaited<R>
      : [SchemaOf<O>] extends [undefined]
        ? any
        : SchemaOf<O> extends DeleteEntitySchema<infer TEntity>
          ? BodyFields<Denormalize<TEntity>>
          : Denormalize<SchemaOf<O>>

/** The function a RestEndpoint wraps. */
export type RestFetch<O extends RestGenerics> = (...args: RestArgs<O>) => Promise<RestResult<O>>

/**
 * Options of `new RestEndpoint(options)` and `extend(options)`. Every method can be replaced
 * here; inside it `this` is the endpoint.
 * @template O - the generics of the endpoint being made (`getOptimisticResponse` takes its call
 * arguments); default: any
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md
 */
export interface RestEndpointOptions<O extends RestGenerics = any> extends OmitKnown<
  EndpointOptions,
  'key' | 'process'
> {
  /**
   * A mutation: never deduplicated or served from the cache. Default: `true` for every method
   * but GET and HEAD. Given explicitly, even as `undefined` (not a mutation), it is kept.
   */
  sideEffect?: boolean | undefined
  /** Put in front of the path: `https://api.example.com`, `//api.example.com`. Default `''`. */
  urlPrefix?: string | undefined
  /**
   * HTTP method. Default `GET` (`POST` with `sideEffect: true`); any method but GET and HEAD makes
   * it a mutation (`sideEffect: true`).
   */
  method?: string
  /** Type only: the body (`{} as TodoBody`); `undefined` means the calls take none. */
  body?: unknown
  /** Type only: the query params (`{} as { page?: number }`). */
  searchParams?: unknown
  /** Request settings merged into every request (`credentials`, `headers`, `mode`, ...). */
  requestInit?: RequestInit | undefined
  /**
   * Aborts the endpoint's requests when it aborts (`extend({ signal: controller.signal })`), as
   * data-client's `signal` option; with a signal in `requestInit` too, either one aborts.
   * Through the cache it is its caller's: a caller without a signal that joined the same
   * request still gets the answer.
   */
  signal?: AbortSignal | undefined
  /** The URL of a call from its params. */
  url?(this: RestEndpoint, params: any): string
  /** The query string (without `?`) from the params that are not path params. */
  searchToString?(this: RestEndpoint, searchParams: Record<string, unknown>): string
  /** The cache key of a call. */
  key?(this: RestEndpoint, ...args: any[]): string
  /** The fetch settings of a call from its body. */
  getRequestInit?(this: RestEndpoint, body?: any): RequestInit | Promise<RequestInit>
  /** The headers of a request (a plain record in, anything fetch accepts out). */
  getHeaders?(
    this: RestEndpoint,
    headers: Record<string, string>,
  ): HeadersInput | Promise<HeadersInput>
  /** Performs the request. */
  fetchResponse?(this: RestEndpoint, input: RequestInput, init: RequestInit): Promise<Response>
  /** Reads the response. */
  parseResponse?(this: RestEndpoint, response: Response): Promise<any>
  /** Post-processes the parsed response with the call's arguments. */
  process?(this: RestEndpoint, value: any, ...args: any[]): any
  /**
   * For mutations: the response expected from a call, shown at once while the request is in
   * flight (normalized with the schema as an optimistic layer, removed when it settles). Gets a
   * snapshot of the cache (`snapshot.get(endpoint, ...args)`, `snapshot.fetchedAt`) and the
   * call's arguments (`params, body`, or `body`). Throw to skip the optimistic write of a call.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/optimistic-updates.md
   */
  getOptimisticResponse?(
    this: RestEndpoint,
    snapshot: OptimisticSnapshot,
    ...args: RestArgs<O>
  ): unknown
}

/** Members a subclass of RestEndpoint adds (kept by `extend` and by `createResource`). */
export type ExtraMembers<E> = Omit<E, keyof RestEndpoint | '~generics'>

/** The generics of a RestEndpoint type. */
export type GenericsOf<E> = E extends { readonly '~generics'?: infer O extends RestGenerics }
  ? O
  : RestGenerics

/** `O` with the members of `N` replacing its own. */
export type MergeGenerics<O, N> = Omit<O, keyof N> & N

/**
 * What `endpoint.extend(options)` returns: same class, options merged. A list that grows
 * (`getList`) extended with a new `path`, `schema` or `searchParams` gets a `push` and `unshift`
 * typed from those, as it gets them built from them at run time.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#restextended
 */
export type RestExtended<E, N> = RestEndpoint<MergeGenerics<GenericsOf<E>, N> & RestGenerics> &
  (E extends { readonly push: infer P; readonly unshift: infer U }
    ? [keyof N & ('path' | 'schema' | 'searchParams')] extends [never]
      ? ExtraMembers<E>
      : Omit<ExtraMembers<E>, 'push' | 'unshift'> & {
          readonly push: RestExtended<P, AddOptions<N, P>>
          readonly unshift: RestExtended<U, AddOptions<N, U>>
        }
    : ExtraMembers<E>)

/**
 * The options a list's `push` / `unshift` take from the options the list was extended with: all
 * but its name, method and schema; the schema's item instead (`[Todo]` → `Todo`), and its
 * `searchParams` each optional, as a resource's `create` takes them.
 */
type AddOptions<N, P> = OmitKnown<N, 'name' | 'method' | 'sideEffect' | 'schema' | 'searchParams'> &
  (N extends { readonly schema: infer S } ? ItemOptions<ItemSchemaOf<S>, N, P> : unknown) &
  (N extends { readonly searchParams: infer Q }
    ? { readonly searchParams: Partial<NonNullable<Q>> }
    : unknown)

/**
 * `push`'s schema when the list's new schema has item `I` (none, as at run time, when it has no
 * list: the created record is then returned as the server sent it); and, when `I` is not the item
 * `push` had and the list was given no body, the fields of `I` as its body (a feed of several
 * kinds takes the fields of each).
 */
type ItemOptions<I, N, P> = [I] extends [never]
  ? { readonly schema: undefined }
  : { readonly schema: I } & (N extends { readonly body: unknown }
      ? unknown
      : IfSame<I, GenericsOf<P>['schema'], unknown, { readonly body: ResourceBody<I> | FormData }>)

/** A constructor (an Entity class): a schema, never a mapping or an object of members. */
type AnyClass = abstract new (...args: any[]) => unknown

/**
 * The item schema of a list schema: `[T]`, `T[]`, `new schema.Array(T)`, and for a polymorphic
 * `new schema.Array({ a: A, b: B }, 'type')` a Union of the mapping; `never` for anything else.
 */
type ListItemOf<S> = S extends readonly (infer T)[]
  ? T
  : S extends ArraySchema<infer T> | ValuesSchema<infer T>
    ? T extends AnyClass
      ? T
      : T extends Record<string, AnyClass>
        ? UnionSchema<T>
        : T
    : never

/** The members of an object schema (plain, or `schema.Object`); `never` for anything else. */
type MembersOf<S> =
  S extends ObjectSchema<infer M>
    ? M
    : S extends readonly unknown[] | AnyClass | ((...args: any[]) => unknown)
      ? never
      : S extends object
        ? S
        : never

/**
 * The item schema of a list schema, or of the lists an object schema holds
 * (`{ results: [T] }`, nested up to six levels), as the run time finds it; `never` when there
 * is none.
 */
type ItemSchemaOf<S, Depth extends unknown[] = []> = [ListItemOf<S>] extends [never]
  ? Depth['length'] extends 6
    ? never
    : ItemInMembers<MembersOf<S>, Depth>
  : ListItemOf<S>

/** The item schemas of the lists among members `M` (`never` when `M` is `never`: no members). */
type ItemInMembers<M, Depth extends unknown[]> = [M] extends [never]
  ? never
  : { [K in keyof M]-?: ItemSchemaOf<M[K], [...Depth, 0]> }[keyof M]
