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

/**
 * Throws {@link InputTooDeepError} when `value` nests objects or arrays more than `limit` levels
 * deep. Objects met again (shared, or cycles) are not walked twice. Returns whether every value
 * met is JSON data as it stands: arrays, plain objects (of any realm) and JSON primitives. When
 * it is not (a Date, a class instance, a function), {@link toPlainData} makes the data to store.
 *
 * Only objects that hold objects, or more than {@link SMALL_LEAF} members, are remembered: a small
 * leaf (a row of a list) met twice is looked at twice, which costs about what remembering it does,
 * and a large list has thousands of leaves, none met twice. Every object on a cycle holds an
 * object, so cycles end; each object that holds others is walked once, so a small leaf is looked
 * at once per reference to it, a bounded cost per member of its holders: linear in all.
 */
export function assertNotTooDeep(value: unknown, limit = MAX_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return isJsonPrimitive(value)
  const seen = new Set<object>()
  const values: object[] = [value]
  const depths: number[] = [1]
  let plain = true
  while (values.length > 0) {
    const current = values.pop() as Record<string, unknown>
    const depth = depths.pop() as number
    if (seen.has(current)) continue
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
        } else if (plain && !isJsonPrimitive(child)) plain = false
      }
    } else {
      if (plain && !isPlainObject(current)) plain = false
      for (const key in current) {
        members++
        const child = current[key]
        if (typeof child === 'object' && child !== null) {
          values.push(child)
          depths.push(depth + 1)
        } else if (plain && !isJsonPrimitive(child)) plain = false
      }
    }
    if (values.length > before || members > SMALL_LEAF) seen.add(current)
  }
  return plain
}

/**
 * Strings, finite numbers, booleans and null. Not `undefined`: JSON leaves such a member out
 * (and writes `null` for such an item), so a state holding one would not be what a persisted or
 * server-rendered copy of it holds, and an entity would read `undefined` live and its field's
 * default once restored.
 */
function isJsonPrimitive(value: unknown): boolean {
  const type = typeof value
  // NaN and ±Infinity are not JSON (JSON.stringify writes null): stored, they would not survive
  // a persisted or server-rendered state.
  if (type === 'number') return Number.isFinite(value)
  return type !== 'undefined' && type !== 'function' && type !== 'symbol' && type !== 'bigint'
}
