import { getOwn, hasOwn } from './ownKeys'

/** How deep {@link jsonEqual} looks before it answers "not equal" (cycles end there too). */
const MAX_EQUAL_DEPTH = 64

/**
 * Deep equality of JSON data (own enumerable members, arrays by index), as JSON sees it: a
 * member holding `undefined` counts as absent (`{ a: 1, b: undefined }` equals `{ a: 1 }`), as
 * it is once stored. Past {@link MAX_EQUAL_DEPTH} levels it answers `false`: a safe answer for
 * every caller, which then treats the values as different.
 */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (depth >= MAX_EQUAL_DEPTH || Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length === keysB.length) {
    let sameKeys = true
    for (const key of keysA) {
      if (!hasOwn(b, key)) {
        sameKeys = false
        break
      }
      if (!jsonEqual(getOwn(a, key), getOwn(b, key), depth + 1)) return false
    }
    if (sameKeys) return true
  }
  // Key lists differ: equal only when the difference is members holding `undefined`.
  if (Array.isArray(a)) return false
  return definedEqual(a, keysA, b, depth) && definedCount(b, keysB) === definedCount(a, keysA)
}

/** True when every member of `a` that holds a value is in `b`, equal. */
function definedEqual(a: object, keysA: string[], b: object, depth: number): boolean {
  for (const key of keysA) {
    const value = getOwn(a, key)
    if (value === undefined) continue
    if (!jsonEqual(value, getOwn(b, key), depth + 1)) return false
  }
  return true
}

/** How many members of `obj` hold a value. */
function definedCount(obj: object, keys: string[]): number {
  let count = 0
  for (const key of keys) if (getOwn(obj, key) !== undefined) count++
  return count
}
