/**
 * Lists that grow: `getList.push` / `getList.unshift` create an item (POST to the list's path)
 * and add it to every stored list of `getList` whose args it matches, with no refetch. The
 * lists' new results travel in the same `received` action (`updateResults`), so it replays.
 */
import { match } from 'path-to-regexp'
import { boundedPart } from '../internal/boundedKey'
import { assignOwn, getOwn, isPlainObject, setOwn } from '../internal/ownKeys'
import { isEntitySchema } from '../normalizr/isEntity'
import type { NormalizedResponse } from '../normalizr/types'
import { ArraySchema } from '../schema/ArraySchema'
import { ObjectSchema } from '../schema/ObjectSchema'
import { isUnionReference, referenceKey } from '../schema/primaryKey'
import { UnionSchema } from '../schema/Union'
import { ValuesSchema } from '../schema/Values'
import { splitOrigin, translateOptional } from './paths'
import type { RestEndpoint } from './RestEndpoint'
import { GROWS } from './growable'

/**
 * Args that page or sort a list rather than say which items belong in it: the paging names, and
 * the sorting ones (`sort`, `order`, `orderBy`, `orderDir`, `orderDirection`, `ordering`), each
 * also written with `_` and in any case (`page_size`, `PER_PAGE`, `Order_By`). data-client
 * ignores every name starting with `order`; `orderId` or `orderStatus` filter here.
 */
const NON_FILTER = new Set([
  'cursor',
  'page',
  'pagesize',
  'perpage',
  'pagenumber',
  'pagetoken',
  'offset',
  'skip',
  'limit',
  'after',
  'before',
  'startingafter',
  'endingbefore',
  'sort',
  'sortby',
  'sortorder',
  'sortdir',
  'sortdirection',
  'ordering',
  'order',
  'orderby',
  'orderdir',
  'orderdirection',
])

/** True when a list arg named `name` pages or sorts the list (see {@link NON_FILTER}). */
function pagesOrSorts(name: string): boolean {
  return NON_FILTER.has(name.replace(/_/g, '').toLowerCase())
}

/** The args of a stored list, read back from its key (`GET prefix/path?query`); else undefined. */
export function listArgsOf(list: RestEndpoint, key: string): Record<string, string> | undefined {
  const head = `${list.method} ${list.urlPrefix ?? ''}`
  if (!key.startsWith(head)) return undefined
  const [origin, template] = splitOrigin(list.path)
  let rest = key.slice(head.length)
  if (!rest.startsWith(origin)) return undefined
  rest = rest.slice(origin.length)
  const [pathname = '', query = ''] = rest.split('?', 2)
  const found = match<Record<string, string>>(translateOptional(template || '/'))(pathname)
  if (!found) return undefined
  const args: Record<string, string> = {}
  for (const [name, value] of Object.entries(found.params)) {
    if (typeof value === 'string') setOwn(args, name, value)
  }
  for (const [name, value] of new URLSearchParams(query)) setOwn(args, name, value)
  return args
}

/**
 * True when every filtering arg of the list equals the created item's (as strings; a long value
 * as the key shortened it).
 */
function belongs(listArgs: Record<string, string>, item: Record<string, unknown>): boolean {
  return Object.keys(listArgs).every(
    (name) =>
      pagesOrSorts(name) ||
      (getOwn(item, name) !== undefined &&
        getOwn(item, name) !== null &&
        boundedPart(String(getOwn(item, name))) === listArgs[name]),
  )
}

/**
 * Where a list schema keeps its items: the list (`[S]`, `schema.Array`, `schema.Values`) and the
 * members that lead to it (`['results']` in `{ results: [S], next: '' }`): the first list found,
 * members in order. Found once per list; `undefined` when the schema holds no list.
 */
interface ListPlace {
  readonly list: unknown
  readonly path: readonly string[]
}

function listPlaceOf(schema: unknown, path: readonly string[] = []): ListPlace | undefined {
  if (Array.isArray(schema)) return schema[0] === undefined ? undefined : { list: schema, path }
  if (schema instanceof ArraySchema || schema instanceof ValuesSchema) return { list: schema, path }
  const members =
    schema instanceof ObjectSchema ? schema.schema : isPlainObject(schema) ? schema : undefined
  if (!members) return undefined
  for (const name of Object.keys(members)) {
    const found = listPlaceOf(members[name], [...path, name])
    if (found) return found
  }
  return undefined
}

/**
 * The schema of one item of a list: `[S]`'s `S`, and for a polymorphic list
 * (`new schema.Array({ a: A, b: B }, 'type')`, a `schema.Values` of several kinds) a Union of
 * the mapping by the same attribute.
 */
function itemSchemaOf(list: unknown): unknown {
  if (Array.isArray(list)) return list[0]
  const { attribute, schema } = list as ArraySchema | ValuesSchema
  return attribute === undefined
    ? schema
    : new UnionSchema(schema as Record<string, unknown>, attribute)
}

/** The stored list result with `ref` added at the start or end (once), at the list's place. */
function addTo(
  stored: unknown,
  place: ListPlace,
  ref: unknown,
  position: 'push' | 'unshift',
  depth = 0,
): unknown {
  if (depth < place.path.length) {
    if (!isPlainObject(stored)) return stored
    const name = place.path[depth] as string
    const inner = getOwn(stored, name)
    const next = addTo(inner, place, ref, position, depth + 1)
    return next === inner ? stored : { ...stored, [name]: next }
  }
  // A map (`schema.Values`) has no end to add at: the record is stored, no map changes.
  if (place.list instanceof ValuesSchema || !Array.isArray(stored)) return stored
  // A list stored under the same key by another endpoint (a polymorphic list beside a plain
  // one): its items are references of another form, which this one must not join.
  const sample = stored.find((item) => item !== null && item !== undefined)
  if (sample !== undefined && isUnionRef(sample) !== isUnionRef(ref)) return stored
  const id = referenceKey(ref)
  if (stored.some((item) => referenceKey(item) === id)) return stored
  return position === 'push' ? [...stored, ref] : [ref, ...stored]
}

/** True for a union's reference, `{ id, schema }`. */
function isUnionRef(value: unknown): boolean {
  return isPlainObject(value) && isUnionReference(value)
}

/** The fields of the created item: the stored record, the body, the params. */
function itemFields(
  normalized: NormalizedResponse,
  result: unknown,
  args: readonly unknown[],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  const copy = (from: Record<string, unknown>) => assignOwn(fields, from)
  // A union's item is referenced as `{ id, schema }` (`schema`: the member's name in the union).
  const pk = isPlainObject(result) && isUnionReference(result) ? result.id : result
  for (const table of Object.values(normalized.entities)) {
    const record =
      typeof pk === 'string' || typeof pk === 'number'
        ? getOwn<Record<string, unknown>>(table, String(pk))
        : undefined
    if (record) copy(record)
  }
  // The call's params (first arg) and body win over the record.
  for (const arg of [...args].reverse()) if (isPlainObject(arg)) copy(arg)
  return fields
}

/** The same schema, or two Entity classes that share a table (their `key`). */
function sameTable(a: unknown, b: unknown): boolean {
  if (a === b) return true
  return isEntitySchema(a) && isEntitySchema(b) && a.key === b.key
}

/** Builds `list.push` or `list.unshift`. */
export function buildCollectionAdd(list: RestEndpoint, position: 'push' | 'unshift'): RestEndpoint {
  const place = listPlaceOf(list.schema)
  const itemSchema = place === undefined ? undefined : itemSchemaOf(place.list)
  return list.extend({
    name: `${list.name}.${position}`,
    method: 'POST',
    schema: itemSchema,
    updateResults(
      this: RestEndpoint,
      result: unknown,
      results: Readonly<Record<string, unknown>>,
      args: readonly unknown[],
      normalized: NormalizedResponse,
    ) {
      const updates: Record<string, unknown> = {}
      // Created, but answered without the item (204, an empty body): no list gets a hole.
      if (result === null || result === undefined || place === undefined) return updates
      // Extended with a schema of another shape (`create.extend({ schema: { issue, author } })`):
      // its result is not an item of the list. A class of the same table (a detail class
      // sharing the summary's key) still makes one.
      if (!sameTable(this.schema, itemSchema)) return updates
      const item = itemFields(normalized, result, args)
      for (const key of Object.keys(results)) {
        const listArgs = listArgsOf(list, key)
        if (!listArgs || !belongs(listArgs, item)) continue
        const next = addTo(results[key], place, result, position)
        if (next !== results[key]) setOwn(updates, key, next)
      }
      return updates
    },
  } as never) as unknown as RestEndpoint
}

/**
 * Gives `list` its `push` and `unshift` (each extended with `options`, such as an optimistic
 * response, when given), and the {@link GROWS} mark with which `extend` gives the same to every
 * endpoint made from it (`getList.extend(...)`, hookified lists, pages).
 */
export function makeGrowable(list: RestEndpoint, options?: object): void {
  for (const position of ['push', 'unshift'] as const) {
    const add = buildCollectionAdd(list, position)
    // Not enumerable: `extend` copies own enumerable members, and these belong to this list.
    Object.defineProperty(list, position, {
      value: options ? add.extend(options as never) : add,
      configurable: true,
    })
  }
  // Set after the adds are built: an add is made by `list.extend`, and must not grow itself.
  Object.defineProperty(list, GROWS, {
    value: (extended: RestEndpoint) => makeGrowable(extended, options),
    configurable: true,
  })
}
