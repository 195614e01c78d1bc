/** Which cache keys belong to a RestEndpoint: `METHOD urlPrefix + a path the template matches`. */
import type { MatchFunction } from 'path-to-regexp'
import { match } from 'path-to-regexp'
import { splitOrigin, translateOptional } from './paths'

const matchers = new Map<string, MatchFunction<Partial<Record<string, string | string[]>>>>()

/** The matcher of a path template (without its origin), compiled once. */
function matcherOf(path: string) {
  let found = matchers.get(path)
  if (!found) {
    found = match(translateOptional(path), { decode: false })
    matchers.set(path, found)
  }
  return found
}

/**
 * True when `key` (`GET https://api.example.com/todos/1?done=true`) was made by an endpoint with
 * this method, prefix and path template, for any params.
 */
export function restKeyMatches(
  method: string,
  urlPrefix: string,
  path: string,
  key: string,
): boolean {
  const [origin, template] = splitOrigin(path)
  const head = `${method} ${urlPrefix}${origin}`
  if (!key.startsWith(head)) return false
  const rest = key.slice(head.length)
  const query = rest.indexOf('?')
  return matcherOf(template)(query === -1 ? rest : rest.slice(0, query)) !== false
}
