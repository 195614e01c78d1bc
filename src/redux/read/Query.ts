import { SchemaDefinitionError, UNLOADED_IMPORT } from '../../internal/errors'
import { stableStringify } from '../../internal/stableStringify'
import { AllSchema } from '../../schema/All'
import { ArraySchema } from '../../schema/ArraySchema'
import { DeleteEntitySchema } from '../../schema/Delete'
import { ValuesSchema } from '../../schema/Values'
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
  /** What the query reads from the tables (`new schema.All(Todo)`, an Entity, a Union...). */
  readonly schema: TSchema
  /** Turns what `schema` reads, with the call's args, into the result (default: unchanged). */
  readonly process: (entries: Denormalize<TSchema>, ...args: TArgs) => TResult

  constructor(
    schema: TSchema & ReadableFromTables<TSchema>,
    process?: (entries: Denormalize<TSchema>, ...args: TArgs) => TResult,
  ) {
    if (schema === undefined || schema === null) {
      throw new SchemaDefinitionError(
        'new Query takes the schema it reads from the tables (new Query(new schema.All(Todo), ' +
          `process)); it was given ${String(schema)}. An undefined schema is most often ` +
          `${UNLOADED_IMPORT}: import the Entity from its own module.`,
      )
    }
    const unanswerable = unanswerableName(schema)
    if (unanswerable !== undefined) {
      throw new SchemaDefinitionError(
        `new Query reads its schema from the entity tables alone, and ${unanswerable} cannot be ` +
          `read that way: which ids a list holds, and which keys a map has, only a response ` +
          `says. Read every stored entity with new Query(new schema.All(Todo), process) (filter ` +
          `or sort in process), or read the list through the endpoint that fetches it.`,
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

/** The `schemaType` a schema class declares (`never` or `unknown` when it declares none). */
type SchemaTypeOf<S> = S extends { readonly schemaType?: infer K } ? Exclude<K, undefined> : never

/**
 * `unknown` for a schema a Query can read from the tables; for a list, `schema.Array`,
 * `schema.Values` or `schema.Delete` (refused at run time too), a type that names the fix in the
 * error the call gets.
 */
export type ReadableFromTables<S> = S extends readonly unknown[]
  ? { 'a Query reads the tables alone: use new schema.All(Todo), not a list': never }
  : [SchemaTypeOf<S>] extends [never]
    ? unknown
    : unknown extends SchemaTypeOf<S>
      ? unknown
      : // schema.Array declares 'Array' | 'All' (schema.All is one); schema.All only 'All'.
        'Array' extends SchemaTypeOf<S>
        ? { 'a Query reads the tables alone: use new schema.All(Todo), not this schema': never }
        : [SchemaTypeOf<S>] extends ['Values' | 'Delete']
          ? { 'a Query reads the tables alone: use new schema.All(Todo), not this schema': never }
          : unknown

/**
 * How a schema that the tables alone can never answer is written (a list, `schema.Array`,
 * `schema.Values`, `schema.Delete`), or `undefined` for any other: a Query over one would read
 * `undefined` forever.
 */
function unanswerableName(schema: unknown): string | undefined {
  if (Array.isArray(schema)) return 'a list schema ([Todo])'
  // schema.All is a schema.Array that reads the whole table.
  if (schema instanceof AllSchema) return undefined
  if (schema instanceof ArraySchema) return 'schema.Array'
  if (schema instanceof ValuesSchema) return 'schema.Values'
  if (schema instanceof DeleteEntitySchema) return 'schema.Delete'
  return undefined
}
