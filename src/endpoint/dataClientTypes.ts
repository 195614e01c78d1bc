/**
 * Type names Reactive Data Client's declarations use, for code written against them
 * (`static schema: { [k: string]: Schema }`, generic helpers over `FetchFunction`).
 */
import type { EndpointOptions } from './Endpoint'

/**
 * Any schema: an Entity class, `[S]`, a plain object of schemas and other members, a `schema.*`
 * instance, a field conversion such as `Date`. Loose on purpose, as data-client's is: a plain
 * object schema's non-schema members (`nextPage: ''`) pass through. Useful to annotate a schema
 * assigned later, for cycles: `static schema: { [k: string]: Schema } = {}`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md
 */
export type Schema = unknown

/** Any function an endpoint can wrap: it returns a promise. */
export type FetchFunction<TArgs extends any[] = any[], TResult = any> = (
  ...args: TArgs
) => Promise<TResult>

/** What a function (or an endpoint, which is one) resolves to. */
export type ResolveType<F extends (...args: any) => unknown> = Awaited<ReturnType<F>>

/**
 * The options of an endpoint besides its function, schema, key and name: how long its data and
 * errors stay fresh, polling, its error policy.
 */
export type EndpointExtraOptions = Pick<
  EndpointOptions,
  'dataExpiryLength' | 'errorExpiryLength' | 'invalidIfStale' | 'pollFrequency' | 'errorPolicy'
>

/** The instance type of a class, abstract ones included (else what its `prototype` is). */
export type AbstractInstanceType<T> = T extends abstract new (...args: any) => infer U
  ? U
  : T extends { prototype: infer U }
    ? U
    : never
