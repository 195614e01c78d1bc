/** Input checks for the issue routes: each failure is a 4xx `{ message }` the page shows. */
import type { IncomingMessage } from 'node:http'
import type { Db, IssueState, UserRecord } from './db'
import { ApiError } from './http'

/** The demo's auth: `Access-Token: demo-token-<userId>` names the user making the request. */
export function tokenOf(userId: string): string {
  return `demo-token-${userId}`
}

/** The user the request's `Access-Token` names; 401 when it is missing or unknown. */
export function requireUser(db: Db, req: IncomingMessage): UserRecord {
  const header = req.headers['access-token']
  const token = Array.isArray(header) ? header[0] : header
  if (!token) throw new ApiError(401, 'Sign in first: pick a user in the top right corner.')
  const user = [...db.users.values()].find((candidate) => tokenOf(candidate.id) === token)
  if (!user) throw new ApiError(401, 'Unknown Access-Token: sign in again.')
  return user
}

/** The fields of an issue a client may set. */
export interface IssueInput {
  title?: string
  body?: string
  state?: IssueState
  labels?: string[]
}

function checkTitle(value: unknown): string {
  if (typeof value !== 'string') throw new ApiError(422, 'The title is required.')
  const title = value.trim()
  if (title.length < 3 || title.length > 120) {
    throw new ApiError(422, 'The title must be 3 to 120 characters long.')
  }
  return title
}

function checkBody(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value !== 'string') throw new ApiError(422, 'The description must be text.')
  if (value.length > 10_000) throw new ApiError(422, 'The description is too long (10,000 max).')
  return value
}

function checkState(value: unknown): IssueState {
  if (value === 'open' || value === 'closed') return value
  throw new ApiError(422, 'The state must be "open" or "closed".')
}

function checkLabels(db: Db, value: unknown): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw new ApiError(422, 'Labels must be a list of label names.')
  const names = [...new Set(value)]
  if (names.length > 4) throw new ApiError(422, 'An issue takes at most 4 labels.')
  for (const name of names) {
    if (typeof name !== 'string' || !db.labels.has(name)) {
      throw new ApiError(422, `There is no label named ${JSON.stringify(name)}.`)
    }
  }
  return names as string[]
}

const KNOWN = new Set(['title', 'body', 'state', 'labels'])

/**
 * Checks a body: `partial` (PATCH) checks only the fields present; otherwise (POST, PUT) the
 * title is required and the rest get defaults.
 */
export function checkIssueInput(
  db: Db,
  input: Record<string, unknown>,
  partial: boolean,
): IssueInput {
  const unknown = Object.keys(input).filter((field) => !KNOWN.has(field))
  if (unknown.length > 0) {
    throw new ApiError(
      422,
      `Unknown field(s): ${unknown.join(', ')}. Send title, body, state, labels.`,
    )
  }
  if (partial) {
    const out: IssueInput = {}
    if ('title' in input) out.title = checkTitle(input.title)
    if ('body' in input) out.body = checkBody(input.body)
    if ('state' in input) out.state = checkState(input.state)
    if ('labels' in input) out.labels = checkLabels(db, input.labels)
    return out
  }
  return {
    title: checkTitle(input.title),
    body: checkBody(input.body),
    state: input.state === undefined ? 'open' : checkState(input.state),
    labels: checkLabels(db, input.labels),
  }
}

/** A positive integer path or query param; 400 (or 404 for ids) otherwise. */
export function checkId(value: string | undefined, what: string): number {
  const id = Number(value)
  if (!Number.isInteger(id) || id < 1) throw new ApiError(404, `There is no ${what} ${value}.`)
  return id
}
