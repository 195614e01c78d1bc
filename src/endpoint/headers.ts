/**
 * Header helpers for the fetch pipeline: headers are handled as plain records (so that
 * `getHeaders` overrides can spread them), and merged case-insensitively.
 */

/**
 * What `fetch` takes as headers (the DOM's `HeadersInit`), named through `RequestInit`, which
 * Node's own types declare too: the package's declarations compile in a project without the DOM
 * lib (a server, `types: ["node"]`).
 */
export type HeadersInput = NonNullable<RequestInit['headers']>

/** Headers as a plain `{ name: value }` record (a `Headers` instance gives lower-case names). */
export function toHeaderRecord(init?: HeadersInput | null): Record<string, string> {
  const out: Record<string, string> = {}
  if (!init) return out
  const entries: Iterable<[string, string]> =
    init instanceof Headers
      ? init.entries()
      : Array.isArray(init)
        ? (init as [string, string][])
        : Object.entries(init as Record<string, string>)
  for (const [name, value] of entries) setHeader(out, name, value)
  return out
}

/** Sets `name` in `headers`, replacing a member that differs only by letter case. */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase()
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === lower) delete headers[existing]
  }
  Object.defineProperty(headers, name, {
    value: String(value),
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** Merges header sets left to right; a later header replaces an earlier one of any case. */
export function mergeHeaders(
  ...inits: (HeadersInput | null | undefined)[]
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const init of inits) {
    for (const [name, value] of Object.entries(toHeaderRecord(init))) setHeader(out, name, value)
  }
  return out
}
