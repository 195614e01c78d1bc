import type { ShortenPath } from './pathTypes'
import { splitOrigin } from './paths'

/**
 * The path of the collection a member path belongs to: the last `:param` (with its optional
 * group) removed, and the trailing slash. A path with no param is returned as it is.
 *
 * @example
 * ```ts
 * shortenPath('/users/:userId/posts/:id') // '/users/:userId/posts'
 * shortenPath('/:id') // '/'
 * ```
 * @template TPath - the path template
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/shortenPath.md
 */
export function shortenPath<TPath extends string>(path: TPath): ShortenPath<TPath> {
  const [origin, rest] = splitOrigin(path)
  const cut = rest.lastIndexOf(':')
  if (cut === -1) return path as ShortenPath<TPath>
  let short = rest.slice(0, cut)
  const group = short.lastIndexOf('{')
  if (group > short.lastIndexOf('}')) short = short.slice(0, group)
  short = short.replace(/\/+$/, '')
  return `${origin}${short === '' ? '/' : short}` as ShortenPath<TPath>
}
