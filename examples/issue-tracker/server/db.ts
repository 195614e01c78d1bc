/**
 * The example API's data: plain records in memory, seeded the same way at every start (no
 * randomness), so the page and the end-to-end test always see the same issues.
 */

export type IssueState = 'open' | 'closed'

export interface UserRecord {
  id: string
  name: string
  color: string
  status: string
  openIssues: number
  closedIssues: number
}

export interface LabelRecord {
  name: string
  color: string
  description: string
}

export interface IssueRecord {
  id: number
  title: string
  body: string
  state: IssueState
  /** The author's user id. */
  author: string
  /** Label names. */
  labels: string[]
  createdAt: string
  updatedAt: string
}

export interface CommentRecord {
  id: number
  issueId: number
  author: string
  body: string
  createdAt: string
}

export interface Db {
  users: Map<string, UserRecord>
  labels: Map<string, LabelRecord>
  issues: Map<number, IssueRecord>
  comments: CommentRecord[]
  nextIssueId: number
}

const USERS: [string, string, string][] = [
  ['ada', 'Ada Lovelace', '#7c3aed'],
  ['grace', 'Grace Hopper', '#0891b2'],
  ['linus', 'Linus Torvalds', '#ea580c'],
  ['margaret', 'Margaret Hamilton', '#16a34a'],
]

const LABELS: LabelRecord[] = [
  { name: 'bug', color: '#dc2626', description: 'Something does not work' },
  { name: 'feature', color: '#2563eb', description: 'A new capability' },
  { name: 'docs', color: '#0d9488', description: 'Guides, API pages, examples' },
  { name: 'ui', color: '#c026d3', description: 'How the page looks and feels' },
  { name: 'performance', color: '#d97706', description: 'Too slow or too big' },
  { name: 'question', color: '#64748b', description: 'Needs an answer, not code' },
]

const SUBJECTS = [
  'the issue list',
  'the detail page',
  'label filters',
  'the sidebar counts',
  'infinite scroll',
  'the GraphQL view',
  'the user switcher',
  'date formatting',
  'error messages',
  'the comments section',
]
const VERBS = [
  'Crash when opening',
  'Add keyboard shortcuts to',
  'Document',
  'Polish spacing in',
  'Speed up',
  'Clarify wording of',
]
const LABELS_BY_VERB = [['bug'], ['feature', 'ui'], ['docs'], ['ui'], ['performance'], ['question']]

const HOUR = 3_600_000

/** A small deterministic random number generator (mulberry32): the same data at every start. */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Recomputes every user's open/closed counters from the issues. */
export function recount(db: Db): void {
  for (const user of db.users.values()) {
    user.openIssues = 0
    user.closedIssues = 0
  }
  for (const issue of db.issues.values()) {
    const user = db.users.get(issue.author)
    if (!user) continue
    if (issue.state === 'open') user.openIssues += 1
    else user.closedIssues += 1
  }
}

/** How many comments the seeded issue `id` has (the newest issue has three pages of them). */
function commentCountOf(id: number, total: number): number {
  if (id === total) return 23
  return id % 5 === 0 ? 3 : id % 3
}

/** A fresh database with `issueCount` issues. */
export function seed(issueCount = 60): Db {
  // Issue n was opened 5n hours after the start; the newest one a few hours ago.
  const start = Math.floor(Date.now() / HOUR) * HOUR - (issueCount + 1) * 5 * HOUR
  const users = new Map<string, UserRecord>()
  for (const [id, name, color] of USERS) {
    users.set(id, { id, name, color, status: '', openIssues: 0, closedIssues: 0 })
  }
  const labels = new Map(LABELS.map((label) => [label.name, { ...label }]))
  const issues = new Map<number, IssueRecord>()
  const comments: CommentRecord[] = []
  let commentId = 1
  const random = seededRandom(2024)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  for (let id = 1; id <= issueCount; id++) {
    const verb = Math.floor(random() * VERBS.length)
    const subject = pick(SUBJECTS)
    const created = new Date(start + id * 5 * HOUR).toISOString()
    const extra = random() < 0.2 ? ['ui'] : []
    issues.set(id, {
      id,
      title: `${VERBS[verb]} ${subject}`,
      body: `Steps to reproduce for #${id}:\n\n1. Open ${subject}.\n2. Watch closely.\n\nExpected: it just works.`,
      state: random() < 0.3 ? 'closed' : 'open',
      author: pick(USERS)[0],
      labels: [...new Set([...(LABELS_BY_VERB[verb] as string[]), ...extra])],
      createdAt: created,
      updatedAt: created,
    })
    for (let n = 1; n <= commentCountOf(id, issueCount); n++) {
      comments.push({
        id: commentId++,
        issueId: id,
        author: pick(USERS)[0],
        body: `Comment ${n} on #${id}.`,
        createdAt: new Date(start + id * 5 * HOUR + n * 60_000).toISOString(),
      })
    }
  }
  const db: Db = { users, labels, issues, comments, nextIssueId: issueCount + 1 }
  recount(db)
  return db
}

/** How an issue appears in lists: everything but the body (the detail view has it). */
export function summaryOf(db: Db, issue: IssueRecord) {
  const { body: _body, ...summary } = issue
  const commentCount = db.comments.filter((comment) => comment.issueId === issue.id).length
  return { ...summary, commentCount }
}

/** The full issue, as the detail endpoint and the mutations answer. */
export function detailOf(db: Db, issue: IssueRecord) {
  return { ...summaryOf(db, issue), body: issue.body }
}
