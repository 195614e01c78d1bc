/**
 * Array (`[S]`) and object (`{ a: S }`) schemas. The engine uses these for the shorthand forms;
 * `schema.Array` and `schema.Object` reuse them.
 */
import { SchemaDefinitionError, undefinedSchemaError } from '../internal/errors'
import { hasOwn, isPlainObject, setOwn } from '../internal/ownKeys'
import type { DenormalizeContext, NormalizeContext, QueryContext } from './types'
import { INVALID } from './types'

/**
 * True for `[undefined]`: a list whose item schema was not loaded yet (a circular import). In an
 * Entity's `static schema` it is read as an undefined member (warned once, values kept as they
 * are; see {@link loadedMember}); anywhere else, using it throws ({@link itemSchemaOf}).
 */
function isUnloadedList(memberSchema: unknown): boolean {
  return Array.isArray(memberSchema) && memberSchema.length === 1 && memberSchema[0] === undefined
}

/**
 * An Entity's `static schema` member as it is read and written: `undefined` for `[undefined]`
 * (its values are kept as they are, and hold no references), else the member itself.
 */
export function loadedMember(memberSchema: unknown): unknown {
  return isUnloadedList(memberSchema) ? undefined : memberSchema
}

/**
 * The item schema of a `[S]` shorthand; `[]` is a list whose items pass through as they are
 * (`undefined`), as in data-client. `[undefined]` (an item schema not yet loaded: a circular
 * import) throws, where it is used.
 */
export function itemSchemaOf(shorthand: readonly unknown[]): unknown {
  if (shorthand.length > 1) {
    throw new SchemaDefinitionError(
      `An array schema holds one item schema, like [User] (or none: [] keeps the items as they ` +
        `are); got ${shorthand.length}. For several kinds of items use ` +
        'new schema.Array({ a: A, b: B }, "type").',
    )
  }
  const item = shorthand[0]
  if (item === undefined && shorthand.length === 1) throw undefinedSchemaError('[undefined]')
  return item
}

/**
 * Normalizes each item; an object given where a list is expected is read as its values. Items
 * that normalize to `undefined` are left out (JSON has no `undefined`).
 */
export function normalizeItems(
  itemSchema: unknown,
  input: unknown,
  parent: unknown,
  key: string | undefined,
  ctx: NormalizeContext,
  normalizeItem: (item: unknown) => unknown = (item) => ctx.visit(itemSchema, item, parent, key),
): unknown {
  if (input === undefined || input === null) return input
  const items = Array.isArray(input) ? input : isPlainObject(input) ? Object.values(input) : null
  if (items === null) return input
  const out: unknown[] = []
  for (let i = 0; i < items.length; i++) {
    const item = normalizeItem(items[i])
    if (item !== undefined) out.push(item)
  }
  return out
}

/**
 * Denormalizes each item, leaving out items that read as missing, deleted, invalid or
 * `undefined` (a list never shows a deleted entity), as data-client does.
 */
export function denormalizeItems(
  itemSchema: unknown,
  input: unknown,
  ctx: DenormalizeContext,
  denormalizeItem?: (item: unknown) => unknown,
): unknown {
  if (!Array.isArray(input)) return input
  // Sized once (a list keeps every item but the missing ones): no growth, no spare capacity.
  const out = new Array<unknown>(input.length)
  let length = 0
  for (let i = 0; i < input.length; i++) {
    const item: unknown = input[i]
    const value = denormalizeItem ? denormalizeItem(item) : ctx.unvisit(itemSchema, item)
    if (value === INVALID || value === undefined) continue
    out[length++] = value
  }
  if (length < out.length) out.length = length
  return out
}

/**
 * Normalizes the members the object schema names; other members pass through. Members that are
 * (or normalize to) `undefined` are not stored: JSON has no `undefined`.
 */
export function normalizeMembers(
  definition: Record<string, unknown>,
  input: unknown,
  ctx: NormalizeContext,
): unknown {
  if (!isPlainObject(input)) return input
  const out: Record<string, unknown> = {}
  for (const member of Object.keys(input)) {
    const value = hasOwn(definition, member)
      ? ctx.visit(definition[member], input[member], input, member)
      : input[member]
    if (value !== undefined) setOwn(out, member, value)
  }
  return out
}

/**
 * Denormalizes the members the object schema names. A member that reads as {@link INVALID}
 * makes the whole object invalid (the caller decides whether that drops it or refetches).
 */
export function denormalizeMembers(
  definition: Record<string, unknown>,
  input: unknown,
  ctx: DenormalizeContext,
): unknown {
  if (!isPlainObject(input)) return input
  const out = { ...input }
  for (const member of Object.keys(definition)) {
    if (!hasOwn(input, member)) continue
    const value = ctx.unvisit(definition[member], input[member])
    if (value === INVALID) return INVALID
    setOwn(out, member, value)
  }
  return out
}

/** True for a member of an object schema that is a plain value, not a schema (`nextPage: ''`). */
function isPlainMember(definition: unknown): boolean {
  return (
    definition === null ||
    (typeof definition !== 'object' && typeof definition !== 'function' && definition !== undefined)
  )
}

/**
 * Derives each named member from args (for `Query`); `undefined` unless every schema member is
 * found (as data-client's query keys: a join of two `schema.All` has no data until both tables
 * exist, so a Query's `process` never sees a member missing). Plain members (`nextPage: ''`)
 * read as the value written in the schema, as in data-client.
 */
export function queryMembers(
  definition: Record<string, unknown>,
  args: readonly unknown[],
  ctx: QueryContext,
): unknown {
  const out: Record<string, unknown> = {}
  let found = false
  for (const member of Object.keys(definition)) {
    const schema = definition[member]
    if (isPlainMember(schema)) {
      setOwn(out, member, schema)
      continue
    }
    const value = ctx.queryKey(schema, args)
    if (value === undefined) return undefined
    found = true
    setOwn(out, member, value)
  }
  return found ? out : undefined
}
