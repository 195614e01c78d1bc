/**
 * Path templates (path-to-regexp 8): compiling a template with its params, the names it holds,
 * the query string of the other params, and `:id?` written the v8 way (`{/:id}`).
 */
import type { PathFunction, Token } from 'path-to-regexp'
import { compile, parse } from 'path-to-regexp'
import { PathParamError } from '../internal/errors'
import { getOwn, hasOwn, setOwn } from '../internal/ownKeys'

/** A compiled template: its param names (required, wildcard) and its URL builder. */
interface CompiledPath {
  readonly names: ReadonlySet<string>
  /** Params outside `{ }` groups: a URL cannot be built without them. */
  readonly required: ReadonlySet<string>
  /** `*name` params: an array of segments. */
  readonly wildcards: ReadonlySet<string>
  readonly build: PathFunction<Record<string, string | string[]>>
}

const compiled = new Map<string, CompiledPath>()

/** `/todos/:id?` → `/todos{/:id}` (path-to-regexp 8 has no `?` modifier). */
export function translateOptional(path: string): string {
  return path.replace(/(\/?):([A-Za-z_$][\w$]*)\?/g, '{$1:$2}')
}

/** Splits an absolute template (`https://host/a/:id`, `//host/a`) into origin and path. */
export function splitOrigin(path: string): [origin: string, path: string] {
  const match = /^([a-z][a-z\d+.-]*:)?\/\/[^/]*/i.exec(path)
  return match ? [match[0], path.slice(match[0].length)] : ['', path]
}

interface TemplateNames {
  names: Set<string>
  required: Set<string>
  wildcards: Set<string>
}

function namesOf(tokens: readonly Token[], into: TemplateNames, optional: boolean): TemplateNames {
  for (const token of tokens) {
    if (token.type === 'param' || token.type === 'wildcard') {
      into.names.add(token.name)
      if (!optional) into.required.add(token.name)
      if (token.type === 'wildcard') into.wildcards.add(token.name)
    } else if (token.type === 'group') {
      namesOf(token.tokens, into, true)
    }
  }
  return into
}

function compilePath(path: string): CompiledPath {
  let found = compiled.get(path)
  if (!found) {
    const template = translateOptional(path)
    const empty = {
      names: new Set<string>(),
      required: new Set<string>(),
      wildcards: new Set<string>(),
    }
    found = {
      ...namesOf(parse(template).tokens, empty, false),
      build: compile<Record<string, string | string[]>>(template),
    }
    compiled.set(path, found)
  }
  return found
}

/** The names of the params a template holds (`/users/:userId/posts{/:id}` → userId, id). */
export function pathParamNames(path: string): ReadonlySet<string> {
  return compilePath(splitOrigin(path)[1]).names
}

/** `key=value&...` of the params, sorted by key; `undefined` is left out, arrays repeat the key. */
export function searchToString(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const key of Object.keys(search)) {
    const value = search[key]
    if (value === undefined) continue
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined) params.append(key, String(item))
    } else {
      params.append(key, String(value))
    }
  }
  params.sort()
  return params.toString()
}

/**
 * One path segment from a param's value. Refused when it would change which path the request
 * goes to: `''` drops the segment, `.` and `..` are resolved away by every URL parser (even
 * percent-encoded), so `/users/../posts/5` would reach `/posts/5`.
 */
function segmentOf(path: string, name: string, value: unknown): string {
  if (typeof value === 'function') throw new PathParamError(path, name, 'not-text', value)
  const text = String(value)
  // An object with no text of its own (a record passed where its id belongs).
  if (typeof value === 'object' && text.startsWith('[object ')) {
    throw new PathParamError(path, name, 'not-text', value)
  }
  if (text === '') throw new PathParamError(path, name, 'empty', value)
  if (text === '.' || text === '..') throw new PathParamError(path, name, 'dot-segment', value)
  return text
}

/**
 * The URL of a call: the template filled with its params (URL-encoded; a `*wildcard` param takes
 * an array of segments), the other params as a sorted query string, and `urlPrefix` in front.
 * Every own member of `params` counts, whatever its name (`__proto__` included). `toQuery`
 * builds the query string (RestEndpoint passes its `searchToString`).
 * @throws PathParamError when a required param is missing, or a value is `''`, `.` or `..`, or
 *   an object or function with no text of its own
 */
export function buildUrl(
  urlPrefix: string,
  path: string,
  params: object = {},
  toQuery: (search: Record<string, unknown>) => string = searchToString,
): string {
  const [origin, rest] = splitOrigin(path)
  const { names, required, wildcards, build } = compilePath(rest)
  const pathParams: Record<string, string | string[]> = {}
  const search: Record<string, unknown> = {}
  for (const name of Object.keys(params)) {
    const value: unknown = (params as Record<string, unknown>)[name]
    if (!names.has(name)) {
      setOwn(search, name, value)
    } else if (value !== undefined && value !== null) {
      if (!wildcards.has(name)) {
        setOwn(pathParams, name, segmentOf(path, name, value))
      } else {
        // A wildcard is a list of segments; a single value is one segment (its `/` encoded).
        const items: readonly unknown[] = Array.isArray(value) ? value : [value]
        if (items.length > 0) {
          setOwn(
            pathParams,
            name,
            items.map((item) => segmentOf(path, name, item)),
          )
        }
      }
    }
  }
  for (const name of required) {
    if (!hasOwn(pathParams, name)) throw new PathParamError(path, name, 'missing', undefined)
  }
  let base: string
  try {
    base = build(pathParams)
  } catch (error) {
    // The param whose value cannot be encoded (a lone UTF-16 surrogate), not merely the first.
    const given = [...names].filter((member) => hasOwn(pathParams, member))
    const name = given.find((member) => !encodable(getOwn(pathParams, member))) ?? given[0] ?? ''
    throw new PathParamError(path, name, 'unencodable', getOwn(pathParams, name), { cause: error })
  }
  const query = toQuery(search)
  return `${urlPrefix}${origin}${base}${query ? `?${query}` : ''}`
}

/** True when every segment of a path param's value survives `encodeURIComponent`. */
function encodable(value: string | string[] | undefined): boolean {
  try {
    for (const segment of Array.isArray(value) ? value : [value ?? '']) encodeURIComponent(segment)
    return true
  } catch {
    return false
  }
}
