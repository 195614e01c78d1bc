/**
 * Type names of data-client's REST declarations, for code written against them: a generic
 * endpoint class with defaults (`RestEndpoint<Defaults<O, { schema: User }>>`), and the types of
 * a read or a mutation endpoint.
 */
import type { RestEndpoint } from './RestEndpoint'
import type { RestEndpointOptions, RestGenerics } from './restTypes'

/**
 * `O` with `D`'s members where `O` has none (or `undefined`): the generics of a subclass that
 * supplies defaults, `class MyEndpoint<O extends RestGenerics = any> extends
 * RestEndpoint<Defaults<O, { schema: User }>>`.
 */
export type Defaults<O, D> = {
  [K in keyof O | keyof D]: K extends keyof O
    ? Exclude<O[K], undefined> extends never
      ? K extends keyof D
        ? D[K]
        : O[K]
      : Exclude<O[K], undefined>
    : D[Extract<K, keyof D>]
}

/** The options `new RestEndpoint(options)` takes for the generics `O`. */
export type RestEndpointConstructorOptions<O extends RestGenerics = any> = RestEndpointOptions<O>

/**
 * A RestEndpoint that reads (GET): `GetEndpoint<{ path: '/users/:id'; schema: typeof User }>`,
 * the type of `new RestEndpoint({ path: '/users/:id', schema: User })`.
 */
export type GetEndpoint<
  O extends {
    readonly path: string
    readonly schema?: unknown
    readonly searchParams?: unknown
  } = { readonly path: string },
> = RestEndpoint<O>

/**
 * A RestEndpoint that changes data (POST, PUT, PATCH or DELETE, unless `O` names its method):
 * `MutateEndpoint<{ path: '/users/:id'; schema: typeof User; body: Partial<User> }>` is the type
 * of `new RestEndpoint({ path: '/users/:id', schema: User, method: 'PUT', body: {} as
 * Partial<User> })`, and with `Partial<User> | FormData` as `body`, of a resource's `update`.
 */
export type MutateEndpoint<
  O extends {
    readonly path: string
    readonly schema?: unknown
    readonly body?: unknown
    readonly method?: string
  } = { readonly path: string },
> = O extends { readonly method: string } ? RestEndpoint<O> : MutateWith<O, MutationMethod>

/** The methods that change data. */
type MutationMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One RestEndpoint type per method (a union: the endpoint's generics must match exactly). */
type MutateWith<O, M extends MutationMethod> = M extends MutationMethod
  ? RestEndpoint<O & { readonly path: string; readonly method: M }>
  : never
