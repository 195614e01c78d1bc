/**
 * The issue routes: a cursor-paginated list (`{ results, nextCursor }` in the body), one issue
 * with its body, create (answers `{ issue, author }`), PUT/PATCH, DELETE (204), and the comments
 * of an issue paginated through the `Link` header.
 */
import type { Db, IssueRecord } from './db'
import { detailOf, recount, summaryOf } from './db'
import type { Route } from './http'
import { ApiError, readJson, route, sendJson, sendNoContent } from './http'
import { checkId, checkIssueInput, requireUser } from './validate'

const PAGE_SIZE = 20
const COMMENT_PAGE_SIZE = 10

function findIssue(db: Db, param: string | undefined): IssueRecord {
  const id = checkId(param, 'issue')
  const issue = db.issues.get(id)
  if (!issue) throw new ApiError(404, `There is no issue ${id}: it may have been deleted.`)
  return issue
}

/** Newest first; `cursor` is the id of the last issue of the previous page. */
function listIssues(db: Db, url: URL) {
  const label = url.searchParams.get('label')
  if (label !== null && !db.labels.has(label)) {
    throw new ApiError(400, `There is no label named ${JSON.stringify(label)}.`)
  }
  const cursor = url.searchParams.get('cursor')
  const after = cursor === null ? Infinity : checkId(cursor, 'cursor')
  const matching = [...db.issues.values()]
    .filter((issue) => issue.id < after && (label === null || issue.labels.includes(label)))
    .sort((a, b) => b.id - a.id)
  const page = matching.slice(0, PAGE_SIZE)
  const last = page[page.length - 1]
  const nextCursor = matching.length > PAGE_SIZE && last ? String(last.id) : null
  return { results: page.map((issue) => summaryOf(db, issue)), nextCursor }
}

/** Absolute link to another page of the same request. */
function pageLink(url: URL, page: number, rel: string): string {
  const target = new URL(url.href)
  target.searchParams.set('page', String(page))
  return `<${target.pathname}${target.search}>; rel="${rel}"`
}

export function issueRoutes(db: Db): Route[] {
  return [
    route('GET', '/api/issues', ({ res, url }) => sendJson(res, 200, listIssues(db, url))),

    route('GET', '/api/issues/:id', ({ res, params }) => {
      sendJson(res, 200, detailOf(db, findIssue(db, params.id)))
    }),

    route('POST', '/api/issues', async ({ req, res }) => {
      const author = requireUser(db, req)
      const input = checkIssueInput(db, await readJson(req), false)
      const now = new Date().toISOString()
      const issue: IssueRecord = {
        id: db.nextIssueId++,
        title: input.title ?? '',
        body: input.body ?? '',
        state: input.state ?? 'open',
        labels: input.labels ?? [],
        author: author.id,
        createdAt: now,
        updatedAt: now,
      }
      db.issues.set(issue.id, issue)
      recount(db)
      // The author's counters changed too: answer with both, so one response updates both.
      sendJson(res, 201, { issue: detailOf(db, issue), author })
    }),

    ...(['PUT', 'PATCH'] as const).map((method) =>
      route(method, '/api/issues/:id', async ({ req, res, params }) => {
        requireUser(db, req)
        const issue = findIssue(db, params.id)
        const input = checkIssueInput(db, await readJson(req), method === 'PATCH')
        Object.assign(issue, input, { updatedAt: new Date().toISOString() })
        recount(db)
        sendJson(res, 200, detailOf(db, issue))
      }),
    ),

    route('DELETE', '/api/issues/:id', ({ req, res, params }) => {
      requireUser(db, req)
      const issue = findIssue(db, params.id)
      db.issues.delete(issue.id)
      db.comments = db.comments.filter((comment) => comment.issueId !== issue.id)
      recount(db)
      sendNoContent(res)
    }),

    route('GET', '/api/issues/:id/comments', ({ res, url, params }) => {
      const issue = findIssue(db, params.id)
      const page = checkId(url.searchParams.get('page') ?? '1', 'page')
      const all = db.comments.filter((comment) => comment.issueId === issue.id)
      const start = (page - 1) * COMMENT_PAGE_SIZE
      const links: string[] = []
      if (start + COMMENT_PAGE_SIZE < all.length) links.push(pageLink(url, page + 1, 'next'))
      if (page > 1) links.push(pageLink(url, page - 1, 'prev'))
      const headers: Record<string, string> = links.length ? { Link: links.join(', ') } : {}
      sendJson(res, 200, all.slice(start, start + COMMENT_PAGE_SIZE), headers)
    }),
  ]
}
