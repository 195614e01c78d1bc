import { getOwn, hasOwn } from '../internal/ownKeys'

/** Deep equality of JSON data. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (const key of keysA) {
    if (!hasOwn(b, key)) return false
    if (!jsonEqual(getOwn(a, key), getOwn(b, key))) return false
  }
  return true
}
