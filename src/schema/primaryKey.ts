import { MissingPrimaryKeyError } from '../internal/errors'

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
