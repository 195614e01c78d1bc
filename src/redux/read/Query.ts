import { SchemaDefinitionError, UNLOADED_IMPORT } from '../../internal/errors'
import { stableStringify } from '../../internal/stableStringify'
import type { Denormalize } from '../../schema/types'

/**
 * A read-only view over the cache: `schema` is read from the entity tables alone (usually a
 * `schema.All`, or an Entity looked up by the args), then `process(entries, ...args)` sorts,
 * filters, counts or joins. Read it with `cache.select`, `useCache`/`useQuery` or
 * `controller.getResponse`; it never fetches. No data → `undefined`. `process` must not mutate
 * `entries` (copy before sorting); it reruns only when the entries or the args change.
 *
 * @example
 * ```ts
 * const openTodos = new Query(new schema.All(Todo), (todos, { userId }: { userId: number }) =>
 *   todos.filter((todo) => todo.userId === userId && !todo.completed),
 * )
 * const selectOpen = cache.select(openTodos, { userId: 1 })
 * ```
 * @template TSchema - the schema read from the tables
 * @template TArgs - arguments of `process` (and of the read)
 * @template TResult - what `process` returns
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Query.md
 */
export class Query<TSchema, TArgs extends readonly any[] = any[], TResult = Denormalize<TSchema>> {
  /** Marks a Query for the type helpers. */
  readonly isQuery = true as const
  /** What the query reads from the tables (`new schema.All(Todo)`, `[Todo]`, an Entity...). */
  readonly schema: TSchema
  /** Turns what `schema` reads, with the call's args, into the result (default: unchanged). */
  readonly process: (entries: Denormalize<TSchema>, ...args: TArgs) => TResult

  constructor(
    schema: TSchema,
    process?: (entries: Denormalize<TSchema>, ...args: TArgs) => TResult,
  ) {
    if (schema === undefined || schema === null) {
      throw new SchemaDefinitionError(
        'new Query takes the schema it reads from the tables (new Query(new schema.All(Todo), ' +
          `process)); it was given ${String(schema)}. An undefined schema is most often ` +
          `${UNLOADED_IMPORT}: import the Entity from its own module.`,
      )
    }
    if (process !== undefined && typeof process !== 'function') {
      throw new SchemaDefinitionError(
        `new Query takes a function as its second argument (process(entries, ...args)); it was given a ${typeof process}.`,
      )
    }
    this.schema = schema
    this.process =
      process ?? (((entries: Denormalize<TSchema>) => entries as unknown as TResult) as never)
  }

  /** A stable string for equal args (member order does not matter). */
  key(...args: TArgs): string {
    return `Query ${stableStringify(args)}`
  }
}
