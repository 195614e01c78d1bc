/** A short, safe, one-line rendering of any value for error messages (never throws). */
export function describeValue(value: unknown, max = 200): string {
  let text: string
  try {
    const seen = new WeakSet<object>()
    text =
      JSON.stringify(value, (_k, v: unknown) => {
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[Circular]'
          seen.add(v)
        }
        if (typeof v === 'bigint') return `${v}n`
        if (typeof v === 'number' && !Number.isFinite(v)) return String(v)
        return v
      }) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max)}…` : text
}
