import { MissingPrimaryKeyError } from '../internal/errors'

/**
 * Turns what `pk()` returned into the string the tables use, or throws a typed error naming the
 * entity and the input. `0` is a valid id and `1`/`"1"` are the same entity; `undefined`,
 * `null`, `''`, `NaN` and non-primitive values are rejected.
 */
export function toPrimaryKey(entityKey: string, id: unknown, input: unknown): string {
  if (typeof id === 'string' && id !== '') return id
  if (typeof id === 'number' && Number.isFinite(id)) return String(id)
  if (typeof id === 'bigint') return String(id)
  throw new MissingPrimaryKeyError(entityKey, id, input)
}
