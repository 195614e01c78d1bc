/**
 * Cache keys of a bounded length. A key is made from the call's args (a URL with its path and
 * search params, a GraphQL query with its variables), so a user-controlled value would otherwise
 * land in the slice at any size, twice (`meta` and `results`). Each long part of a key is
 * shortened where it is made ({@link boundedPart}: a path or search value, the variables, the
 * query text), so the rest of the key keeps its shape and `testKey` still recognises it; the
 * whole key is then bounded by {@link MAX_KEY_LENGTH} as a last resort. A shortened text keeps
 * its start, then its length and a 64-bit hash of the whole, so distinct texts stay distinct.
 */
import { startOf } from './describe'
import { fnv1a } from './hash'
import { setOwn } from './ownKeys'

/** The longest cache key kept as it is (characters); longer ones are shortened to this length. */
export const MAX_KEY_LENGTH = 4096

/** The longest part of a key (a param value, the variables, the query) kept as it is. */
export const MAX_PART_LENGTH = 1024

/** A second 32-bit hash (a murmur3 finalizer over the code units), independent of FNV-1a. */
function mix32(text: string): number {
  let hash = 0x9747b28c ^ text.length
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x5bd1e995)
    hash ^= hash >>> 15
  }
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
  return (hash ^ (hash >>> 16)) >>> 0
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0')

/**
 * `text` itself when it has at most `limit` characters; else its start followed by
 * `… (N chars, hash H)`, at most `limit` long. The same text always gives the same result.
 */
export function boundedPart(text: string, limit = MAX_PART_LENGTH): string {
  if (text.length <= limit) return text
  const suffix = `… (${text.length} chars, hash ${hex8(fnv1a(text))}${hex8(mix32(text))})`
  return startOf(text, Math.max(0, limit - suffix.length)) + suffix
}

/** `key` bounded by {@link MAX_KEY_LENGTH} (see {@link boundedPart}). */
export function boundedKey(key: string): string {
  return boundedPart(key, MAX_KEY_LENGTH)
}

/** A copy of call params whose long string values (and long strings in arrays) are shortened. */
export function boundedParams(params: unknown): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params
  let out: Record<string, unknown> | undefined
  for (const name of Object.keys(params)) {
    const value = (params as Record<string, unknown>)[name]
    const bounded = Array.isArray(value)
      ? value.some((item) => typeof item === 'string' && item.length > MAX_PART_LENGTH)
        ? value.map((item) => (typeof item === 'string' ? boundedPart(item) : item))
        : value
      : typeof value === 'string'
        ? boundedPart(value)
        : value
    if (bounded === value) continue
    out ??= { ...(params as Record<string, unknown>) }
    setOwn(out, name, bounded)
  }
  return out ?? params
}
