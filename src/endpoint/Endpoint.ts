import { describeValue } from '../internal/describe'
import { SchemaDefinitionError, UNLOADED_IMPORT } from '../internal/errors'
import { stableStringify } from '../internal/stableStringify'
import { anonymousName, warnUnnamedKey } from './anonymousName'
import type { EndpointUpdateFunction } from './update'
import { boundedKey, boundedPart } from '../internal/boundedKey'

/**
 * Options every endpoint accepts. A data option given as `undefined` counts as not given (its
 * default applies), so `dataExpiryLength: env.TTL` compiles under `exactOptionalPropertyTypes`;
 * `key` and `process` take no `undefined` (it would replace the method).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Endpoint.md#endpointoptions
 */
export interface EndpointOptions<TSchema = unknown> {
  /** How the response is normalized (omit for responses stored as they are). */
  schema?: TSchema | undefined
  /** True for mutations: never deduplicated or served from cache. */
  sideEffect?: boolean | undefined
  /** Name used in the default key and in DevTools. */
  name?: string | undefined
  /** Freshness of responses (ms); `Infinity`: never stale (stored as `Number.MAX_SAFE_INTEGER`). */
  dataExpiryLength?: number | undefined
  /** Time before a failed request is retried by readers (ms); `Infinity`: never. */
  errorExpiryLength?: number | undefined
  /** Stale data is not shown until fetched again. */
  invalidIfStale?: boolean | undefined
  /** Polling interval for subscriptions (ms). */
  pollFrequency?: number | undefined
  /**
   * Whether a failure is `'soft'` (readers keep showing usable data) or `'hard'` (the error
   * replaces it), from the error as thrown; `undefined` (or no policy) is hard, as in data-client.
   * A RestEndpoint or GQLEndpoint not given one has its own: a 5xx or a network failure is soft.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Endpoint.md#errorpolicy
   */
  errorPolicy?: ((error: any) => 'soft' | 'hard' | undefined) | undefined
  /** Custom cache key. */
  key?: (...args: any[]) => string
  /** Post-processes the resolved value before it is normalized. */
  process?: (value: any, ...args: any[]) => any
  /** In `extend`: replaces the wrapped function (the new endpoint calls this one instead). */
  fetch?: ((...args: any[]) => Promise<any>) | undefined
  /**
   * Other stored results a response changes: `(normalizedResult, ...args) => ({ [requestKey]:
   * (previousResult) => nextResult })`, run when the response is stored; keys with no stored
   * result are skipped. See {@link EndpointUpdateFunction}.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Endpoint.md#update
   */
  update?: EndpointUpdateFunction | undefined
  /** Any other member (available as `this.member` in overrides). */
  [member: string]: unknown
}

/** Members of an endpoint that are not options. */
const RESERVED = new Set([
  'fetch',
  'fetchFunction',
  'constructor',
  'extend',
  'name',
  'length',
  'prototype',
])

/**
 * Everything an endpoint has but `extend`: callable (one request, resolving to the processed
 * response), a cache `key`, the options the cache reads, and the pipeline methods.
 * @template TFetch - the wrapped function
 * @template TSchema - the response schema
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Endpoint.md#endpointinstance
 */
export interface EndpointInstance<
  TFetch extends (...args: any[]) => Promise<any> = (...args: any[]) => Promise<any>,
  TSchema = undefined,
> {
  (...args: Parameters<TFetch>): ReturnType<TFetch>
  /** How the response is normalized; `undefined`: stored as it is. */
  readonly schema: TSchema
  /** True for a mutation: never deduplicated or served from the cache. */
  readonly sideEffect?: boolean | undefined
  /** How long a response stays fresh (ms); default: the cache's `dataExpiryLength` (60,000). */
  readonly dataExpiryLength?: number
  /** How long a failure stands before readers retry (ms); default: the cache's (1,000). */
  readonly errorExpiryLength?: number
  /** True: stale data is not shown until it is fetched again. */
  readonly invalidIfStale?: boolean
  /** How often `useSubscription` / `useLive` refetch (ms); none by default. */
  readonly pollFrequency?: number
  /** Soft or hard for a failure (see {@link EndpointOptions.errorPolicy}). */
  readonly errorPolicy?: (error: any) => 'soft' | 'hard' | undefined
  /** The wrapped function (called with `this` = the endpoint). */
  readonly fetchFunction: TFetch
  /** Its name (used in the default key and in DevTools). */
  readonly name: string
  /** Runs the request: the wrapped function, then `process`. */
  run(...args: Parameters<TFetch>): Promise<Awaited<ReturnType<TFetch>>>
  /** Post-processes a resolved value (default: unchanged). */
  process(value: any, ...args: Parameters<TFetch>): any
  /** The cache key of a call. */
  key(...args: Parameters<TFetch>): string
  /**
   * True when `key` is a cache key of this endpoint (any args), for
   * `controller.invalidateAll(endpoint)` / `expireAll(endpoint)`. Works detached.
   */
  testKey(key: string): boolean
}

/** The callable shape of an Endpoint (merged with the class below). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Endpoint<
  TFetch extends (...args: any[]) => Promise<any> = (...args: any[]) => Promise<any>,
  TSchema = undefined,
> extends EndpointInstance<TFetch, TSchema> {}

/**
 * Wraps any promise-returning function as an endpoint: callable (one request, resolving to the
 * processed response), with a cache `key`, an optional `schema`, and options the cache reads.
 *
 * @example
 * ```ts
 * const getTodo = new Endpoint(
 *   async ({ id }: { id: number }) => (await fetch(`/todos/${id}`)).json(),
 *   { schema: Todo, name: 'getTodo' },
 * )
 * const todo = await getTodo({ id: 1 })
 * ```
 * @template TFetch - the wrapped function
 * @template TSchema - the response schema
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Endpoint.md
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Endpoint<
  TFetch extends (...args: any[]) => Promise<any> = (...args: any[]) => Promise<any>,
  TSchema = undefined,
> {
  constructor(fetchFunction: TFetch, options: EndpointOptions<TSchema> = {}) {
    if (typeof fetchFunction !== 'function') {
      throw new SchemaDefinitionError(
        'new Endpoint takes the function that makes the request, resolving to its response ' +
          `(new Endpoint(fetchTodo, { schema: Todo })); it was given ${describeValue(fetchFunction, 80)}. ` +
          `An undefined function is most often a misspelled import, or ${UNLOADED_IMPORT}.`,
      )
    }
    const self = function (this: unknown, ...args: Parameters<TFetch>) {
      return (self as unknown as Endpoint<TFetch, TSchema>).run(...args)
    } as unknown as Endpoint<TFetch, TSchema>
    Object.setPrototypeOf(self, new.target.prototype)
    Object.defineProperty(self, 'fetchFunction', {
      value: fetchFunction,
      writable: true,
      configurable: true,
    })
    // An anonymous function gets a name from its source text: distinct code, distinct keys,
    // and the same name in every process (SSR, persisted state).
    const name = options.name ?? (fetchFunction.name || anonymousName(fetchFunction))
    Object.defineProperty(self, 'name', { value: name, writable: true, configurable: true })
    // `testKey` works detached (`invalidateAll({ testKey })` destructures it): an own wrapper
    // that calls whichever class method is in effect with the endpoint as `this`.
    const testKey = (key: string): boolean =>
      (Object.getPrototypeOf(self) as Endpoint).testKey.call(self, key)
    Object.defineProperty(self, 'testKey', { value: testKey, writable: true, configurable: true })
    for (const member of Object.keys(options)) {
      if (RESERVED.has(member)) continue
      Object.defineProperty(self, member, {
        value: options[member],
        writable: true,
        enumerable: true,
        configurable: true,
      })
    }
    return self
  }

  /** Runs the request: the wrapped function, then `process`. */
  async run(...args: Parameters<TFetch>): Promise<Awaited<ReturnType<TFetch>>> {
    const value: unknown = await Reflect.apply(this.fetchFunction, this, args)
    return this.process(value, ...args) as Awaited<ReturnType<TFetch>>
  }

  /** Post-processes a resolved value (default: unchanged). */
  process(value: any, ..._args: Parameters<TFetch>): any {
    return value
  }

  /** The cache key of a call: the name and the args as sorted JSON. */
  key(...args: Parameters<TFetch>): string {
    if (this.name.startsWith('anonymous-')) warnUnnamedKey(this.name)
    return boundedKey(`${this.name} ${boundedPart(stableStringify(args))}`)
  }

  /**
   * True when `key` is a cache key of this endpoint, whatever the args: by default, keys made by
   * the default `key()` (`name` + a space + the args). Works detached.
   */
  testKey(key: string): boolean {
    return key.startsWith(`${this.name} `)
  }

  /**
   * A new endpoint of the same class with `options` replacing this one's (members and method
   * overrides alike); `fetch` replaces the wrapped function. The name is kept unless given.
   */
  extend<TNewSchema = TSchema>(
    options: EndpointOptions<TNewSchema>,
  ): Endpoint<TFetch, TNewSchema> & Omit<this, keyof Endpoint<TFetch, TSchema>> {
    // No options (`undefined`): a copy, as data-client's spread of them makes.
    const given: EndpointOptions<TNewSchema> = options ?? {}
    const Class = this.constructor as new (
      fetchFunction: TFetch,
      options: EndpointOptions<TNewSchema>,
    ) => Endpoint<TFetch, TNewSchema>
    const own: Record<string, unknown> = { name: this.name }
    for (const member of Object.keys(this)) own[member] = (this as Record<string, unknown>)[member]
    const fetchFunction = (given.fetch ?? this.fetchFunction) as TFetch
    return new Class(fetchFunction, { ...own, ...given } as EndpointOptions<TNewSchema>) as never
  }
}

// Endpoints are functions: `bind`, `call`, `apply` and `instanceof Function` work.
Object.setPrototypeOf(Endpoint.prototype, Function.prototype)

/**
 * `Endpoint` typed without `extend`: the base class of endpoint kinds whose `extend` returns
 * their own type (`class RestEndpoint extends EndpointBase<...>`). At runtime it is `Endpoint`.
 */
export const EndpointBase = Endpoint as unknown as abstract new <
  TFetch extends (...args: any[]) => Promise<any>,
  TSchema,
>(
  fetchFunction: TFetch,
  options?: EndpointOptions<TSchema>,
) => EndpointInstance<TFetch, TSchema>
