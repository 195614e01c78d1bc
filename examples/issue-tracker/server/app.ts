/**
 * The example's HTTP server (node:http, no framework): the JSON API under /api and the built page
 * (examples/issue-tracker/dist) on the same origin.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { Db } from './db'
import { seed } from './db'
import { graphqlRoutes } from './graphql'
import type { Route } from './http'
import { ApiError, findRoute, route, sendJson } from './http'
import { issueRoutes } from './issues'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
}

export interface AppOptions {
  /** The built page. */
  distDir: string
  /** Milliseconds every API answer waits (to watch loading states). Default 0. */
  delayMs?: number
}

/** Every API request as `METHOD /path?query`, oldest first (the e2e test counts list fetches). */
export type RequestLog = string[]

function otherRoutes(db: Db, log: RequestLog): Route[] {
  return [
    route('GET', '/api/users', ({ res }) => sendJson(res, 200, [...db.users.values()])),
    route('GET', '/api/users/:id', ({ res, params }) => {
      const user = db.users.get(params.id ?? '')
      if (!user) throw new ApiError(404, `There is no user ${params.id}.`)
      sendJson(res, 200, user)
    }),
    // A map keyed by name: the page reads it with schema.Values(Label).
    route('GET', '/api/labels', ({ res }) =>
      sendJson(res, 200, Object.fromEntries(db.labels.entries())),
    ),
    route('GET', '/api/_log', ({ res }) => sendJson(res, 200, { requests: log })),
  ]
}

function serveStatic(distDir: string, pathname: string, res: http.ServerResponse): void {
  const index = path.join(distDir, 'index.html')
  if (!fs.existsSync(index)) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('The page is not built yet: run `npm start` (it builds, then serves).')
    return
  }
  let file = index
  try {
    file = path.join(distDir, decodeURIComponent(pathname))
  } catch {
    // A malformed escape: answer with the page.
  }
  const inside = file.startsWith(distDir + path.sep)
  const target = inside && fs.existsSync(file) && fs.statSync(file).isFile() ? file : index
  const type = TYPES[path.extname(target)] ?? 'application/octet-stream'
  const cache = target.includes(`${path.sep}assets${path.sep}`) ? 'max-age=31536000' : 'no-cache'
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cache })
  fs.createReadStream(target).pipe(res)
}

/** Builds the server with freshly seeded data (not listening yet). */
export function createApp(options: AppOptions): http.Server {
  const db = seed()
  const log: RequestLog = []
  const routes = [...issueRoutes(db), ...graphqlRoutes(db), ...otherRoutes(db, log)]
  const distDir = path.resolve(options.distDir)

  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const method = req.method ?? 'GET'
    if (!url.pathname.startsWith('/api/')) {
      if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { message: 'GET only.' })
      return serveStatic(distDir, url.pathname, res)
    }
    if (url.pathname !== '/api/_log') log.push(`${method} ${url.pathname}${url.search}`)
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
    try {
      const found = findRoute(routes, method, url.pathname)
      if (found === undefined) throw new ApiError(404, `No API route ${url.pathname}.`)
      if (found === 'method')
        throw new ApiError(405, `${method} is not allowed on ${url.pathname}.`)
      await found.route.handle({ req, res, url, params: found.params })
    } catch (error) {
      if (error instanceof ApiError) return sendJson(res, error.status, { message: error.message })
      console.error(error)
      sendJson(res, 500, { message: 'The server failed; see its log.' })
    }
  })
}
