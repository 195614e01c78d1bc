import { cyclePath } from './cycles'

/**
 * JSON with object members sorted, so equal args give equal keys. Throws a `TypeError` naming
 * the member when `value` contains itself (JSON cannot write it).
 */
export function stableStringify(value: unknown): string {
  try {
    return sortedJson(value)
  } catch (error) {
    // The sorted copies hide a cycle from JSON.stringify: it recurses until the stack runs out.
    const path = error instanceof RangeError ? cyclePath(value) : undefined
    if (path === undefined) throw error
    throw new TypeError(
      `The arguments of a call contain themselves (\`${path}\` refers back to an object that ` +
        'holds it), so no cache key can be made of them. Pass plain data (ids, filters), not ' +
        'objects that point at each other.',
    )
  }
}

function sortedJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, member: unknown) => {
      if (member && typeof member === 'object' && !Array.isArray(member)) {
        const sorted: Record<string, unknown> = {}
        for (const key of Object.keys(member).sort()) {
          Object.defineProperty(sorted, key, {
            value: (member as Record<string, unknown>)[key],
            enumerable: true,
            writable: true,
            configurable: true,
          })
        }
        return sorted
      }
      return member
    }) ?? 'undefined'
  )
}
