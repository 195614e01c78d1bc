/**
 * Cache keys of a bounded length. A key is made from the call's args (a URL with its path and
 * search params, a GraphQL query with its variables), so a user-controlled value would otherwise
 * land in the slice at any size, twice (`meta` and `results`). A key longer than
 * {@link MAX_KEY_LENGTH} characters is stored shortened: its start, then its length and a 64-bit
 * hash of the whole, so that distinct long keys stay distinct.
 */
import { fnv1a } from './hash'

/** The longest cache key kept as it is (characters); longer ones are shortened to this length. */
export const MAX_KEY_LENGTH = 4096

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
 * `key` itself when it has at most {@link MAX_KEY_LENGTH} characters; else its start followed by
 * `… (N chars, hash H)`, exactly {@link MAX_KEY_LENGTH} long. The same key always gives the same
 * result, and the start keeps what `testKey` and DevTools read first (the method and the URL).
 */
export function boundedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key
  const suffix = `… (${key.length} chars, hash ${hex8(fnv1a(key))}${hex8(mix32(key))})`
  let end = MAX_KEY_LENGTH - suffix.length
  // Never cut between the two halves of a surrogate pair.
  const last = key.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return key.slice(0, end) + suffix
}
