import { SchemaDefinitionError } from '../internal/errors'
import { describeValue } from '../internal/describe'
import type { ShortenPath } from './pathTypes'
import { splitOrigin } from './paths'

/** An origin written with its colon escaped, as data-client's docs write them: `http\\://host`. */
const ESCAPED_ORIGIN = /^[a-z][a-z\d+.-]*\\:\/\/[^/]*/i

/**
 * Where the last `:param` starts. A colon after an odd number of backslashes is escaped (text,
 * not a param); after an even number, the backslashes escape each other (`\\\\:id` is a
 * backslash, then the param).
 */
function lastParam(path: string): number {
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i] !== ':') continue
    let slashes = 0
    while (path[i - 1 - slashes] === '\\') slashes++
    if (slashes % 2 === 0) return i
  }
  return -1
}

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
  if (typeof path !== 'string') {
    throw new SchemaDefinitionError(
      `shortenPath needs a path template ('/users/:userId/posts/:id'); it was given ` +
        `${describeValue(path, 80)}.`,
    )
  }
  const escaped = ESCAPED_ORIGIN.exec(path)
  const [origin, rest] = escaped ? [escaped[0], path.slice(escaped[0].length)] : splitOrigin(path)
  const cut = lastParam(rest)
  if (cut === -1) return path as ShortenPath<TPath>
  let short = rest.slice(0, cut)
  const group = short.lastIndexOf('{')
  if (group > short.lastIndexOf('}')) short = short.slice(0, group)
  short = short.replace(/\/+$/, '')
  return `${origin}${short === '' ? '/' : short}` as ShortenPath<TPath>
}
