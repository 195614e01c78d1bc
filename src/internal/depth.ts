/**
 * How deep a value nests, checked without recursion. A response nested deeper than
 * {@link MAX_DEPTH} levels is refused before it is stored: Redux Toolkit's development checks,
 * DevTools and `JSON.stringify` walk the state recursively and would overflow the stack on it,
 * breaking every later dispatch of the store.
 */
import { InputTooDeepError } from './errors'

/** The deepest nesting of objects and arrays a stored response may have. */
export const MAX_DEPTH = 1000

/**
 * Throws {@link InputTooDeepError} when `value` nests objects or arrays more than `limit` levels
 * deep. Objects met again (shared, or cycles) are not walked twice.
 */
export function assertNotTooDeep(value: unknown, limit = MAX_DEPTH): void {
  if (typeof value !== 'object' || value === null) return
  const seen = new Set<object>()
  const values: object[] = [value]
  const depths: number[] = [1]
  while (values.length > 0) {
    const current = values.pop() as Record<string, unknown>
    const depth = depths.pop() as number
    if (seen.has(current)) continue
    seen.add(current)
    if (depth > limit) throw new InputTooDeepError(undefined, limit)
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const child: unknown = current[i]
        if (typeof child === 'object' && child !== null) {
          values.push(child)
          depths.push(depth + 1)
        }
      }
    } else {
      for (const key in current) {
        const child = current[key]
        if (typeof child === 'object' && child !== null) {
          values.push(child)
          depths.push(depth + 1)
        }
      }
    }
  }
}
