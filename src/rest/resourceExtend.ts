/**
 * `resource.extend(...)`, as data-client's resources have it: a new resource object (the one
 * it is called on is left as it is) with one member extended or added, several members
 * extended, or the members a function of the resource returns.
 */
import { SchemaDefinitionError } from '../internal/errors'
import type { RestEndpoint } from './RestEndpoint'
import type {
  GenericsOf,
  InferredOptions,
  MergeGenerics,
  RestEndpointOptions,
  RestExtended,
  RestGenerics,
} from './restTypes'

/** The options `endpoint.extend(...)` takes for an endpoint `E` extended with `N`. */
export type ExtendOptionsOf<E, N> = RestEndpointOptions<
  MergeGenerics<GenericsOf<E>, N> & RestGenerics
> &
  InferredOptions<N>

/** The member `K` of `R` extended with `N`: from the member `K` when `R` has one, else from `get`. */
type ExtendedMember<R, K, N> = RestExtended<
  K extends keyof R ? R[K] : R extends { get: infer G } ? G : never,
  N
>

/** Members of a resource that can be extended: its endpoints (not `extend` itself). */
type MemberKey<R> = Exclude<Extract<keyof R, string>, 'extend'>

/**
 * `extend` of a resource made by `createResource` (the members are its endpoints).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md#extend
 */
export interface ResourceExtend {
  /**
   * The resource with member `key` extended by `options` (`endpoint.extend(options)`), or, when
   * it has no such member, with a new member made by extending `get`.
   *
   * @example
   * ```ts
   * const UserResource = createResource({ path: '/users/:id', schema: User }).extend('current', {
   *   path: '/user',
   * })
   * await UserResource.current() // GET /user
   * ```
   */
  <R extends { get: RestEndpoint }, const K extends string, const N extends object>(
    this: R,
    key: K extends 'extend' ? never : K,
    options: ExtendOptionsOf<K extends keyof R ? R[K] : R['get'], N>,
  ): Omit<R, K> & { readonly [P in K]: ExtendedMember<R, K, N> }
  /** The resource with each member named in `overrides` extended by its options. */
  <R, const O extends { readonly [K in MemberKey<R>]?: object }>(
    this: R,
    overrides: O & { readonly [K in Exclude<keyof O, MemberKey<R>>]: never },
  ): { [K in keyof R]: K extends keyof O ? ExtendedMember<R, K, O[K]> : R[K] }
  /** The resource with the members `members(resource)` returns added or replacing its own. */
  <R, const T extends object>(this: R, members: (resource: R) => T): Omit<R, keyof T> & T
}

type Members = Record<string, RestEndpoint>

/**
 * Gives `resource` its `extend`, not enumerable: the members listed (`Object.keys`,
 * `Object.values`, a spread) are the endpoints alone, as the contract lists them.
 */
export function withExtend<T extends object>(resource: T): T {
  Object.defineProperty(resource, 'extend', {
    value: extendResource,
    writable: true,
    configurable: true,
    enumerable: false,
  })
  return resource
}

/** {@link ResourceExtend}, for a resource object's `extend` member (`this` is the resource). */
function extendResource(this: Members, ...args: unknown[]): Members {
  return withExtend(extendedResource(this, args))
}

function extendedResource(resource: Members, [first, second]: unknown[]): Members {
  if (typeof first === 'function') {
    return { ...resource, ...(first as (resource: Members) => Members)(resource) }
  }
  if (typeof first === 'string') {
    if (first === 'extend') {
      throw new SchemaDefinitionError(
        "resource.extend('extend', ...): `extend` is the method itself; name the member otherwise.",
      )
    }
    const from = Object.prototype.hasOwnProperty.call(resource, first)
      ? resource[first]
      : resource.get
    return { ...resource, [first]: extended(from, first, second) }
  }
  if (typeof first !== 'object' || first === null) {
    throw new SchemaDefinitionError(
      'resource.extend() takes a member name and its options, an object of options by member, or a function of the resource.',
    )
  }
  const next: Members = { ...resource }
  for (const [name, options] of Object.entries(first)) {
    if (name === 'extend' || !Object.prototype.hasOwnProperty.call(resource, name)) {
      throw new SchemaDefinitionError(
        `resource.extend({ ${name}: ... }): the resource has no member "${name}". To add one, use resource.extend('${name}', options).`,
      )
    }
    next[name] = extended(resource[name], name, options)
  }
  return next
}

function extended(
  endpoint: RestEndpoint | undefined,
  name: string,
  options: unknown,
): RestEndpoint {
  if (typeof endpoint?.extend !== 'function') {
    throw new SchemaDefinitionError(
      `resource.extend: member "${name}" is not an endpoint that can be extended.`,
    )
  }
  return endpoint.extend(options as never) as RestEndpoint
}
