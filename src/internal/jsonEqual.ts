import { getOwn, hasOwn } from './ownKeys'

/** How deep {@link jsonEqual} looks before it answers "not equal" (cycles end there too). */
const MAX_EQUAL_DEPTH = 64

/**
 * Deep equality of JSON data (own enumerable members, arrays by index). Past
 * {@link MAX_EQUAL_DEPTH} levels it answers `false`: a safe answer for every caller, which then
 * treats the values as different.
 */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (depth >= MAX_EQUAL_DEPTH || Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (const key of keysA) {
    if (!hasOwn(b, key)) return false
    if (!jsonEqual(getOwn(a, key), getOwn(b, key), depth + 1)) return false
  }
  return true
}
