/**
 * Members of a record that point at other entities (`post.author`, `thread.comments`), as an RTK
 * Query entry shows them: the entities inlined, in the shape the server sent. When a record now
 * points at other entities than its entry shows (a post given another author, a comment added to
 * a thread), the member is rebuilt from the cache's records, following the shape of what the
 * entry held there (the old value is the template: members it inlined are inlined, members it
 * held as ids stay ids), so the rebuilt value is as deep as the server's and never cycles.
 * Handled: an Entity (`author: User`) and a list of one Entity (`comments: [Comment]`); other
 * nested schemas keep what the entry holds.
 */
import { getOwn, hasOwn, isPlainObject, setOwn } from '../internal/ownKeys'
import { isEntitySchema } from '../normalizr/isEntity'
import type { EntitySchemaContract, EntitySource } from '../normalizr/types'

/** The pk an entry's inlined entity object has (as the tables key it), if it has one. */
function pkOf(entity: EntitySchemaContract, value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (!isPlainObject(value)) return undefined
  try {
    const pk = (entity as unknown as { pk(v: unknown): unknown }).pk(value)
    return pk === undefined || pk === null ? undefined : String(pk)
  } catch {
    return undefined
  }
}

/** The entity class of a list-of-one-Entity schema (`[Comment]`), else `undefined`. */
function listItemEntity(definition: unknown): EntitySchemaContract | undefined {
  return Array.isArray(definition) && definition.length === 1 && isEntitySchema(definition[0])
    ? definition[0]
    : undefined
}

/**
 * The entity `pk` as plain data in the shape of `template`: its id when the entry held an id
 * there, its record with nested members rebuilt alike when it held an object, its record as
 * stored when it held nothing. `undefined` when the entity is gone (deleted, or not in the cache).
 */
function inline(
  entity: EntitySchemaContract,
  pk: string,
  template: unknown,
  source: EntitySource,
): unknown {
  const record = source.getEntity(entity.key, pk)
  if (record === undefined) return undefined
  if (typeof template === 'number') return Number(pk)
  if (typeof template === 'string') return pk
  if (!isPlainObject(template)) return record
  const out: Record<string, unknown> = { ...record }
  for (const member of Object.keys(entity.schema)) {
    if (!hasOwn(record, member)) continue
    const rebuilt = rebuild(entity.schema[member], record[member], getOwn(template, member), source)
    if (rebuilt !== NOT_HANDLED) setOwn(out, member, rebuilt)
  }
  return out
}

/** Returned by {@link rebuild} for a schema it does not rebuild. */
export const NOT_HANDLED: unique symbol = Symbol('not handled')

/**
 * The member value for the normalized reference(s) `stored` under `definition`, in the shape of
 * `current` (what the entry holds now). (RTK Query copies a patch's values when it applies them,
 * so the rebuilt value need not reuse `current`'s objects.)
 */
export function rebuild(
  definition: unknown,
  stored: unknown,
  current: unknown,
  source: EntitySource,
): unknown {
  if (isEntitySchema(definition)) {
    if (typeof stored !== 'string' && typeof stored !== 'number') return stored
    return inline(definition, String(stored), current, source)
  }
  const item = listItemEntity(definition)
  if (item === undefined || !Array.isArray(stored)) return NOT_HANDLED
  const old = Array.isArray(current) ? current : []
  // The shape of the items: an inlined one the entry holds, else objects when it held none.
  const template = old.find(isPlainObject) ?? (old.length === 0 ? {} : old[0])
  const out: unknown[] = []
  for (const pk of stored) {
    const built = inline(item, String(pk), template, source)
    if (built !== undefined) out.push(built) // a deleted entity leaves the list
  }
  return out
}

/**
 * True when the entry's `current` value of a member points at other entities than the record's
 * `stored` reference(s) (compared by pk, in order). `undefined` for a schema not handled.
 */
export function pointsElsewhere(
  definition: unknown,
  stored: unknown,
  current: unknown,
): boolean | undefined {
  if (isEntitySchema(definition)) {
    if (typeof stored !== 'string' && typeof stored !== 'number') return false
    return pkOf(definition, current) !== String(stored)
  }
  const item = listItemEntity(definition)
  if (item === undefined || !Array.isArray(stored)) return undefined
  if (!Array.isArray(current)) return true
  return (
    current.length !== stored.length ||
    current.some((value, i) => pkOf(item, value) !== String(stored[i]))
  )
}
