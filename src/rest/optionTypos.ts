/**
 * Development warnings for `createResource` options that look like a misspelled known option.
 * Other unknown members are legitimate (they are kept on every endpoint), so only near misses
 * of a known name warn: `urlprefix`, `dataExpiryLenght`, `endpoint` for `Endpoint`.
 */
import { isDev } from '../internal/env'

/** Every option `createResource` (and the endpoints it makes) understands. */
const KNOWN = [
  'path',
  'schema',
  'urlPrefix',
  'Endpoint',
  'body',
  'searchParams',
  'optimistic',
  'requestInit',
  'url',
  'searchToString',
  'key',
  'getRequestInit',
  'getHeaders',
  'fetchResponse',
  'parseResponse',
  'process',
  'fetch',
  'sideEffect',
  'dataExpiryLength',
  'errorExpiryLength',
  'invalidIfStale',
  'pollFrequency',
  'errorPolicy',
  'getOptimisticResponse',
  'updateResults',
  'update',
  'mergeResult',
]

/** Edit distance of two short strings, capped (anything above `max` counts as `max + 1`). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
    }
    previous = current
  }
  return previous[b.length] as number
}

/**
 * The known option `name` is probably a misspelling of, if any: the same name in other case
 * (`urlprefix`), or one a typo or two away (`dataExpiryLenght`, `urlPrefx`). A name that
 * extends the known name nearest to it (`keys`, `paths`, `updater`) is a member of its own,
 * and so is a name of three letters or fewer with a letter changed (`uri`): a typo there is as
 * likely a word of its own.
 */
export function likelyMeant(name: string): string | undefined {
  if (KNOWN.includes(name)) return undefined
  const lower = name.toLowerCase()
  const same = KNOWN.find((known) => known.toLowerCase() === lower)
  if (same !== undefined) return same
  const max = name.length <= 4 ? 1 : 2
  let nearest: string | undefined
  let best = max + 1
  for (const known of KNOWN) {
    const edits = distance(known.toLowerCase(), lower, max)
    // A short name is a typo only when a letter is missing (`pth`), not changed (`uri`).
    if (edits < best && (name.length > 3 || name.length < known.length)) {
      nearest = known
      best = edits
    }
  }
  // The nearest known name followed by more letters (`keys`, `updater`) is a member's own name.
  if (nearest !== undefined && lower.startsWith(nearest.toLowerCase())) return undefined
  return nearest
}

/** Warns (in development) about each option of `options` that looks like a misspelled one. */
export function warnMisspelledOptions(options: object): void {
  if (!isDev) return
  for (const name of Object.keys(options)) {
    const meant = likelyMeant(name)
    if (meant !== undefined) {
      console.warn(
        `rtk-resources: createResource got the option "${name}"; did you mean "${meant}"? ` +
          'Unknown options are kept on every endpoint as members, so a misspelled one is ' +
          'silently unused.',
      )
    }
  }
}
