import { MissingPrimaryKeyError } from '../internal/errors'
import { hasOwn, isPlainObject } from '../internal/ownKeys'
import { stableStringify } from '../internal/stableStringify'

/**
 * The string the tables use for what `pk()` returned, or `undefined` when it is no usable id:
 * `undefined`, `null`, `''`, the string `'undefined'` (a template such as `${this.id}` over a
 * missing field), `NaN`, infinities and non-primitive values.
 */
export function usablePrimaryKey(id: unknown): string | undefined {
  if (typeof id === 'string') return id !== '' && id !== 'undefined' ? id : undefined
  if (typeof id === 'number') return Number.isFinite(id) ? String(id) : undefined
  if (typeof id === 'bigint') return String(id)
  return undefined
}

/**
 * Turns what `pk()` returned into the string the tables use, or throws a typed error naming the
 * entity and the input. `0` is a valid id and `1`/`"1"` are the same entity; see
 * {@link usablePrimaryKey} for what is rejected.
 */
export function toPrimaryKey(entityKey: string, id: unknown, input: unknown): string {
  const pk = usablePrimaryKey(id)
  if (pk === undefined) throw new MissingPrimaryKeyError(entityKey, id, input)
  return pk
}

/**
 * What a normalized result holds for an entity whose pk is `pk`: the number `pk()` returned when it
 * returned a finite number (as rest-hooks does; `-0` as `0`, which JSON cannot tell apart), else
 * the string the tables use. A number takes no string per record in a stored list, and reads the
 * same, since the tables treat `1` and `'1'` as one entity.
 */
export function referenceTo(id: unknown, pk: string): string | number {
  return typeof id === 'number' ? id || 0 : pk
}

/**
 * What an item of a normalized list is compared by when lists are merged: a pk as the tables key
 * it (`1` and `'1'` are one entity, and a list stored before numbers were kept holds strings), a
 * union's reference (exactly `{ id, schema }`) by its pk and schema, anything else by its JSON.
 * The three kinds never compare equal to each other (`'null'` is not `null`).
 */
export function referenceKey(item: unknown): string {
  if (typeof item === 'number' || typeof item === 'string') return `pk ${String(item)}`
  if (isPlainObject(item) && isUnionReference(item)) {
    return `ref ${item.schema.length}:${item.schema}${referenceKey(item.id)}`
  }
  return `json ${stableStringify(item)}`
}

/** True for the `{ id, schema }` a polymorphic (union) item is stored as. */
export function isUnionReference(
  value: Record<string, unknown>,
): value is { id: unknown; schema: string } {
  return typeof value.schema === 'string' && hasOwn(value, 'id') && Object.keys(value).length === 2
}
