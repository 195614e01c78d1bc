/**
 * What a response is stored as when it holds more than JSON data: the value `JSON.stringify`
 * would write, as objects rather than text. A Date becomes its ISO string (`null` when invalid),
 * NaN and ±Infinity `null`,
 * anything with `toJSON` what that returns, a class instance a plain object of its own enumerable
 * members, a bigint its decimal string; functions and symbols are left out (`null` in arrays).
 * Shared objects and cycles stay shared and cyclic (entities of a response may point at each
 * other), so normalizing the copy is normalizing the response.
 */
import { assertNotTooDeep } from './depth'
import { hasOwn, isPlainObject, setOwn } from './ownKeys'

/** `value` as JSON data (see the module's doc). Called only after the depth check. */
export function toPlainData(value: unknown): unknown {
  return plainCopy(value, new Map<object, unknown>())
}

/**
 * `record`, or a copy of it whose own members that are not JSON data (a Date, NaN, an instance
 * an `Entity.process` made) are what {@link toPlainData} makes of them. The members `schema`
 * names are looked at alone (what they hold is normalized, and checked, by their own schemas);
 * the others are looked into.
 */
export function plainMembers(
  record: Record<string, unknown>,
  schema: Record<string, unknown>,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  for (const key of Object.keys(record)) {
    const value = record[key]
    // A member the schema names holds what its own schema normalizes and checks: only its own
    // kind is looked at here (a plain object or an array, not a Date or an instance).
    const named = typeof value === 'object' && value !== null && hasOwn(schema, key)
    if (named ? Array.isArray(value) || isPlainObject(value) : assertNotTooDeep(value)) continue
    copy ??= { ...record }
    const plain = toPlainData(value)
    if (plain === undefined) delete copy[key]
    else setOwn(copy, key, plain)
  }
  return copy ?? record
}

function plainCopy(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'function' || typeof value === 'symbol') return undefined
  if (typeof value !== 'object' || value === null) return value
  const known = copies.get(value)
  if (known !== undefined || copies.has(value)) return known
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') {
    copies.set(value, null) // a toJSON that returns its own object again ends here
    const json: unknown = (toJSON as () => unknown).call(value)
    const copy = json === value ? null : plainCopy(json, copies)
    copies.set(value, copy)
    return copy
  }
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length)
    copies.set(value, copy)
    for (let i = 0; i < value.length; i++) {
      const item = plainCopy(value[i], copies)
      copy[i] = item === undefined ? null : item
    }
    return copy
  }
  const copy: Record<string, unknown> = {}
  copies.set(value, copy)
  for (const key of Object.keys(value)) {
    const member = plainCopy((value as Record<string, unknown>)[key], copies)
    if (member !== undefined) setOwn(copy, key, member)
  }
  return copy
}
