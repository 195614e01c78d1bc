/** Small helpers over node:http: JSON answers, JSON bodies, and errors as `{ message }`. */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** A failure the client caused: answered as `status` with `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** What a route handler gets. */
export interface RouteContext {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  /** Path params matched by the route (`:id` → `params.id`). */
  params: Record<string, string>
}

const MAX_BODY = 64 * 1024

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(text)
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204, { 'Cache-Control': 'no-store' })
  res.end()
}

/** Reads a JSON object body; 400 when it is not JSON or not an object, 413 when too big. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new ApiError(413, `The body is larger than ${MAX_BODY} bytes.`)
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ApiError(400, 'The body is not valid JSON.')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'The body must be a JSON object.')
  }
  return value as Record<string, unknown>
}

/** A route: method, path template (`/api/issues/:id`) and handler. */
export interface Route {
  method: string
  pattern: RegExp
  names: string[]
  handle(ctx: RouteContext): void | Promise<void>
}

export function route(method: string, path: string, handle: Route['handle']): Route {
  const names: string[] = []
  const source = path.replace(/:([a-zA-Z]+)/g, (_match, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  return { method, pattern: new RegExp(`^${source}$`), names, handle }
}

/** The route for a request: a match, `'method'` when only the method differs, else undefined. */
export function findRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | 'method' | undefined {
  let pathMatched = false
  for (const candidate of routes) {
    const match = candidate.pattern.exec(pathname)
    if (!match) continue
    pathMatched = true
    if (candidate.method !== method) continue
    const params: Record<string, string> = {}
    candidate.names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] as string)
    })
    return { route: candidate, params }
  }
  return pathMatched ? 'method' : undefined
}
