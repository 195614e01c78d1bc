import { isPlainObject } from '../internal/ownKeys'

/**
 * Structural sharing: returns `prev` (or parts of it) wherever `next` holds the same values, so
 * a rebuilt array or object that did not really change keeps its reference. Entity instances are
 * compared by identity (their own memo decides when they change); Dates by time.
 */
export function reuse<T>(prev: unknown, next: T): T {
  if (prev === next) return next
  if (Array.isArray(next)) {
    if (!Array.isArray(prev) || prev.length !== next.length) return next
    let same = true
    for (let i = 0; i < next.length; i++) {
      const item = reuse(prev[i], next[i])
      next[i] = item
      if (item !== prev[i]) same = false
    }
    return same ? (prev as T) : next
  }
  if (next instanceof Date) {
    return prev instanceof Date && prev.getTime() === next.getTime() ? (prev as T) : next
  }
  if (isPlainObject(next)) {
    if (!isPlainObject(prev)) return next
    const keys = Object.keys(next)
    if (keys.length !== Object.keys(prev).length) return next
    let same = true
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(prev, key)) return next
      const value = reuse(prev[key], next[key])
      if (value !== next[key])
        Object.defineProperty(next, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      if (value !== prev[key]) same = false
    }
    return same ? (prev as T) : next
  }
  return next
}
