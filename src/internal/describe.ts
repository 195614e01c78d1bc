/** How much of a text from outside (a server's message, a `validate` reason) a message shows. */
export const EXCERPT_LENGTH = 300

/** A short, safe, one-line rendering of any value for error messages (never throws). */
export function describeValue(value: unknown, max = 200): string {
  // A class or function by its name, not its source (`class Thing`).
  if (typeof value === 'function') return describeFunction(value)
  // An Error (of this realm or another: an iframe's, Node's fetch under jsdom) by its name and
  // message, which JSON leaves out.
  if (isErrorLike(value)) {
    try {
      return clipText(`${String(value.name)}: ${value.message}`, max)
    } catch {
      // A getter that throws: described as JSON below.
    }
  }
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

/**
 * `text` itself when it has at most `max` characters; else its start and how long it was
 * (`…(1,000,020 characters)`), so a server's or a user's long text never fills a message.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text
  return `${startOf(text, max)}…(${text.length.toLocaleString('en-US')} characters)`
}

/** The first `end` code units of `text`, one fewer when that would split a surrogate pair. */
export function startOf(text: string, end: number): string {
  const last = text.charCodeAt(end - 1)
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end)
}

/** True for an Error of any realm (its tag), or an object shaped as one. */
export function isErrorLike(value: unknown): value is Error {
  if (value instanceof Error) return true
  if (typeof value !== 'object' || value === null) return false
  try {
    return (
      Object.prototype.toString.call(value) === '[object Error]' &&
      typeof (value as { message?: unknown }).message === 'string'
    )
  } catch {
    return false
  }
}

/** `class Name` or `function name`; never throws (a `name` getter may). */
function describeFunction(value: object): string {
  try {
    const kind = /^class\b/.test(Function.prototype.toString.call(value)) ? 'class' : 'function'
    const name = (value as { name?: unknown }).name
    return `${kind} ${typeof name === 'string' && name ? name : '(anonymous)'}`
  } catch {
    return 'a function'
  }
}
