/** JSON with object members sorted, so equal args give equal keys. */
export function stableStringify(value: unknown): string {
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
