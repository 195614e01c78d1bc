/**
 * Path templates (path-to-regexp 8): compiling a template with its params, the names it holds,
 * the query string of the other params, and `:id?` written the v8 way (`{/:id}`).
 */
import type { PathFunction, Token } from 'path-to-regexp'
import { compile, parse } from 'path-to-regexp'

/** A compiled template: its param names and its URL builder. */
interface CompiledPath {
  readonly names: ReadonlySet<string>
  readonly build: PathFunction<Record<string, string>>
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

function namesOf(tokens: readonly Token[], into: Set<string>): Set<string> {
  for (const token of tokens) {
    if (token.type === 'param' || token.type === 'wildcard') into.add(token.name)
    else if (token.type === 'group') namesOf(token.tokens, into)
  }
  return into
}

function compilePath(path: string): CompiledPath {
  let found = compiled.get(path)
  if (!found) {
    const template = translateOptional(path)
    found = {
      names: namesOf(parse(template).tokens, new Set()),
      build: compile<Record<string, string>>(template),
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
 * The URL of a call: the template filled with its params (URL-encoded), the other params as a
 * sorted query string, and `urlPrefix` in front.
 */
export function buildUrl(urlPrefix: string, path: string, params: object = {}): string {
  const [origin, rest] = splitOrigin(path)
  const { names, build } = compilePath(rest)
  const pathParams: Record<string, string> = {}
  const search: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params)) {
    if (names.has(key)) {
      if (value !== undefined && value !== null) pathParams[key] = String(value)
    } else {
      search[key] = value
    }
  }
  let base: string
  try {
    base = build(pathParams)
  } catch (error) {
    throw new TypeError(
      `Cannot build a URL from the path "${path}" with the params ${JSON.stringify(params)}: ` +
        `${(error as Error).message}. Pass every :param of the path.`,
      { cause: error },
    )
  }
  const query = searchToString(search)
  return `${urlPrefix}${origin}${base}${query ? `?${query}` : ''}`
}
