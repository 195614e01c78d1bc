/**
 * `getList.paginated(removeCursor)`: an endpoint for further pages of a list. Its cache key is
 * the list's, and its `mergeResult` appends each normalized page to the stored list, so the
 * cache's one `received` action already carries the whole merged list.
 */
import { describeValue } from '../internal/describe'
import { SchemaDefinitionError } from '../internal/errors'
import { hasOwn, isPlainObject, setOwn } from '../internal/ownKeys'
import { ArraySchema } from '../schema/ArraySchema'
import { ObjectSchema } from '../schema/ObjectSchema'
import { referenceKey } from '../schema/primaryKey'
import type { RestEndpoint } from './RestEndpoint'
import type { RestEndpointOptions } from './restTypes'

/** A function from a page's arguments to the list's, or the name of the cursor param. */
export type RemoveCursor = string | ((...args: any[]) => readonly unknown[])

/**
 * A page's params for `paginated(cursorField)`: the list's params with the cursor param its own,
 * optional and taking `undefined` (the first page has none), whatever type the list declared
 * for it. Params of no declared shape (`unknown`) take the cursor beside anything else.
 * @template TParams - the list's params
 * @template TField - the name of the cursor param
 */
export type PageParams<TParams, TField extends string> = TParams extends object
  ? Omit<TParams, TField> & { [K in TField]?: string | number | undefined }
  : TParams & { [K in TField]?: string | number | undefined }

/**
 * What `paginated` returns: the list endpoint, called with a page's arguments (`TArgs`), keyed
 * and stored as the list.
 * @template E - the list endpoint
 * @template TArgs - a page's arguments
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#paginatedendpoint
 */
export type PaginatedEndpoint<E, TArgs extends any[]> = Omit<
  E,
  'key' | 'process' | 'extend' | 'paginated'
> & {
  (...args: TArgs): E extends (...args: any[]) => infer R ? R : never
  /** The list's key (`removeCursor(...args)` given to the list's `key`). */
  key(...args: TArgs): string
  process(value: any, ...args: TArgs): any
  /** Appends a normalized page to the stored (normalized) list. */
  mergeResult(existing: unknown, incoming: unknown): unknown
  /**
   * The same pages endpoint with other settings (headers, expiry, `getHeaders`...). Keep its
   * path, schema and method: they are the list's, and its pages merge into that list.
   */
  extend(
    options: Omit<RestEndpointOptions, 'path' | 'schema' | 'method' | 'body' | 'searchParams'>,
  ): PaginatedEndpoint<E, TArgs>
}

function appendUnique(existing: readonly unknown[], incoming: readonly unknown[]): unknown[] {
  const seen = new Set(existing.map(referenceKey))
  const out = [...existing]
  for (const item of incoming) {
    const id = referenceKey(item)
    if (seen.has(id)) continue
    seen.add(id)
    out.push(item)
  }
  return out
}

function membersOf(schema: unknown): Record<string, unknown> | undefined {
  if (schema instanceof ObjectSchema) return schema.schema
  return isPlainObject(schema) ? schema : undefined
}

/**
 * Merges a normalized page into the stored normalized list, along the schema: lists (`[S]`,
 * `schema.Array`) append the new items not already there; plain-object members merge member by
 * member; everything else (cursors, tokens, counts) is the incoming page's.
 */
export function mergePages(schema: unknown, existing: unknown, incoming: unknown): unknown {
  if (existing === undefined || existing === null) return incoming
  if (Array.isArray(schema) || schema instanceof ArraySchema) {
    return Array.isArray(existing) && Array.isArray(incoming)
      ? appendUnique(existing, incoming)
      : incoming
  }
  const members = membersOf(schema)
  if (!members || !isPlainObject(existing) || !isPlainObject(incoming)) return incoming
  const out = { ...incoming }
  for (const member of Object.keys(members)) {
    if (!hasOwn(existing, member) || !hasOwn(incoming, member)) continue
    setOwn(out, member, mergePages(members[member], existing[member], incoming[member]))
  }
  return out
}

/**
 * The list's arguments `removeCursor` gave, refused unless an array: an object would key another
 * list (the list called with no params), silently.
 */
function listArgsOf(name: string, listArgs: unknown): readonly unknown[] {
  if (Array.isArray(listArgs)) return listArgs
  throw new SchemaDefinitionError(
    `${name}(removeCursor): removeCursor returned ${describeValue(listArgs, 80)}, not the ` +
      "list's arguments. Return the list's args as an array: " +
      '`({ cursor, ...rest }) => [rest]`, not `=> rest`; or name the cursor param: ' +
      "`paginated('cursor')`.",
  )
}

/**
 * True when `schema` holds a list that pages can grow: `[S]`, `schema.Array`, or a plain-object
 * schema (or `schema.Object`) with one among its members, at any depth.
 */
function holdsList(schema: unknown, seen = new Set<unknown>()): boolean {
  if (Array.isArray(schema) || schema instanceof ArraySchema) return true
  const members = membersOf(schema)
  if (!members || seen.has(members)) return false
  seen.add(members)
  return Object.keys(members).some((member) => holdsList(members[member], seen))
}

/** Builds the paginated endpoint of `list`. */
export function buildPaginated(list: RestEndpoint, removeCursor: RemoveCursor): RestEndpoint {
  if (!holdsList(list.schema)) {
    // As rest-hooks 7's paginated does: each page would replace the stored value.
    throw new SchemaDefinitionError(
      `${list.name}.paginated: its schema holds no list for pages to grow, so each page would ` +
        `replace the stored value. Give the list endpoint a list schema (\`[Todo]\`, ` +
        `\`{ results: [Todo], cursor: '' }\`), or fetch the pages with the endpoint itself.`,
    )
  }
  if (typeof removeCursor !== 'function' && typeof removeCursor !== 'string') {
    throw new SchemaDefinitionError(
      `${list.name}.paginated takes a function from a page's arguments to the list's ` +
        '(`({ cursor, ...rest }) => [rest]`) or the name of the cursor param ' +
        `(\`paginated('cursor')\`); it was given ${describeValue(removeCursor, 80)}.`,
    )
  }
  const toListArgs: (...args: any[]) => readonly unknown[] =
    typeof removeCursor === 'function'
      ? removeCursor
      : (params: Record<string, unknown> = {}) => {
          const rest = { ...params }
          delete rest[removeCursor]
          return [rest]
        }
  const listKey = list.key
  const schema = list.schema
  const name = `${list.name}.paginated`
  return list.extend({
    name,
    key(this: RestEndpoint, ...args: unknown[]) {
      return Reflect.apply(listKey, this, listArgsOf(name, toListArgs(...args))) as string
    },
    mergeResult(existing: unknown, incoming: unknown) {
      // A page answered without content (204, an empty body) adds nothing: the list stays.
      if ((incoming === null || incoming === undefined) && existing !== undefined) return existing
      return mergePages(schema, existing, incoming)
    },
  })
}
