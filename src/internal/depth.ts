/**
 * How deep a value nests, checked without recursion. A response nested deeper than
 * {@link MAX_DEPTH} levels is refused before it is stored: Redux Toolkit's development checks,
 * DevTools and `JSON.stringify` walk the state recursively and would overflow the stack on it,
 * breaking every later dispatch of the store.
 */
import { InputTooDeepError } from './errors'
import { isPlainObject } from './ownKeys'

/** The deepest nesting of objects and arrays a stored response may have. */
export const MAX_DEPTH = 1000

/** A leaf with at most this many members is not remembered by {@link assertNotTooDeep}. */
const SMALL_LEAF = 16

/** What {@link plainStatus} found: JSON data as it stands. */
export const PLAIN = 0
/** JSON data but for `undefined` members or items (left out, or `null`, by JSON). */
export const HOLDS_UNDEFINED = 1
/** Holds values that are not JSON data: a Date, a class instance, a function, NaN. */
export const NOT_PLAIN = 2
/** One of {@link PLAIN}, {@link HOLDS_UNDEFINED}, {@link NOT_PLAIN}. */
export type PlainStatus = typeof PLAIN | typeof HOLDS_UNDEFINED | typeof NOT_PLAIN

/**
 * Throws {@link InputTooDeepError} when `value` nests objects or arrays more than `limit` levels
 * deep. Objects met again (shared, or cycles) are not walked twice. Returns whether every value
 * met is JSON data as it stands: arrays, plain objects (of any realm) and JSON primitives
 * ({@link PLAIN}); whether it is but for `undefined` members or items, which JSON leaves out or
 * writes as `null` ({@link HOLDS_UNDEFINED}); or whether it holds anything else, a Date, a class
 * instance, a function ({@link NOT_PLAIN}), of which {@link toPlainData} makes the data to store.
 *
 * Only objects that hold objects, or more than {@link SMALL_LEAF} members, are remembered: a small
 * leaf (a row of a list) met twice is looked at twice, which costs about what remembering it does,
 * and a large list has thousands of leaves, none met twice. Every object on a cycle holds an
 * object, so cycles end; each object that holds others is walked once, so a small leaf is looked
 * at once per reference to it, a bounded cost per member of its holders: linear in all.
 * @param met - when given, `met.again` is set when an object was met twice: the value shares
 *   objects or contains itself (JSON data never does either), which the caller may check for
 *   (see `cyclePath`)
 */
export function plainStatus(
  value: unknown,
  limit = MAX_DEPTH,
  met?: { again: boolean },
): PlainStatus {
  if (typeof value !== 'object' || value === null) return primitiveStatus(value)
  const seen = new Set<object>()
  const values: object[] = [value]
  const depths: number[] = [1]
  let status: PlainStatus = PLAIN
  while (values.length > 0) {
    const current = values.pop() as Record<string, unknown>
    const depth = depths.pop() as number
    if (seen.has(current)) {
      if (met) met.again = true
      continue
    }
    if (depth > limit) throw new InputTooDeepError(undefined, limit)
    const before = values.length
    let members = 0
    if (Array.isArray(current)) {
      members = current.length
      for (let i = 0; i < current.length; i++) {
        const child: unknown = current[i]
        if (typeof child === 'object' && child !== null) {
          values.push(child)
          depths.push(depth + 1)
        } else if (status !== NOT_PLAIN && !isJsonPrimitive(child)) {
          status = primitiveStatus(child)
        }
      }
    } else {
      if (!isPlainObject(current)) status = NOT_PLAIN
      for (const key in current) {
        members++
        const child = current[key]
        if (typeof child === 'object' && child !== null) {
          values.push(child)
          depths.push(depth + 1)
        } else if (status !== NOT_PLAIN && !isJsonPrimitive(child)) {
          status = primitiveStatus(child)
        }
      }
    }
    if (values.length > before || members > SMALL_LEAF) seen.add(current)
  }
  return status
}

/**
 * {@link plainStatus} as a yes or no: true when `value` can be stored as it stands (JSON data,
 * no `undefined` in it). Throws {@link InputTooDeepError} as it does.
 */
export function assertNotTooDeep(value: unknown, limit = MAX_DEPTH): boolean {
  return plainStatus(value, limit) === PLAIN
}

/** Strings, finite numbers, booleans and null. */
function isJsonPrimitive(value: unknown): boolean {
  const type = typeof value
  // NaN and ±Infinity are not JSON (JSON.stringify writes null), and -0 comes back as 0:
  // stored, they would not survive a persisted or server-rendered state.
  if (type === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  return type !== 'undefined' && type !== 'function' && type !== 'symbol' && type !== 'bigint'
}

/** The status of a primitive (or function, symbol) value. */
function primitiveStatus(value: unknown): PlainStatus {
  if (value === undefined) return HOLDS_UNDEFINED
  return isJsonPrimitive(value) ? PLAIN : NOT_PLAIN
}
