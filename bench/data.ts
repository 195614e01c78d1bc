/**
 * Deterministic (seeded) benchmark data: a list of projects, each with an owner and issues that
 * have an assignee and labels, plus flat records for the table-write cases.
 */

export interface RawUser {
  id: number
  name: string
  email: string
}

export interface RawLabel {
  id: number
  name: string
  color: string
}

export interface RawIssue {
  id: number
  title: string
  state: 'open' | 'closed'
  priority: number
  assignee: RawUser
  labels: RawLabel[]
}

export interface RawProject {
  id: number
  name: string
  description: string
  owner: RawUser
  issues: RawIssue[]
}

/** A flat record for the table cases. */
export interface RawItem {
  id: number
  name: string
  value: number
}

/** A row of a list endpoint (case 9): eight flat fields, about 170 bytes of JSON. */
export interface RawRow {
  id: number
  title: string
  state: 'open' | 'closed'
  priority: number
  ownerId: number
  comments: number
  createdAt: string
  updatedAt: string
}

export interface GraphSize {
  projects: number
  users: number
  issuesPerProject: number
  labels: number
}

/** The size the issue asks for: 500 projects × 10 issues, 100 users, 20 labels. */
export const FULL_SIZE: GraphSize = { projects: 500, users: 100, issuesPerProject: 10, labels: 20 }

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const words = ['alpha', 'beta', 'gamma', 'delta', 'sigma', 'omega', 'kappa', 'lambda', 'theta']

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

function sentence(random: () => number, length: number): string {
  const out: string[] = []
  for (let i = 0; i < length; i++) out.push(pick(random, words))
  return out.join(' ')
}

/**
 * The raw (nested, denormalized) response: each project embeds its owner and issues, each issue
 * its assignee and 2–3 distinct labels. Users and labels are shared (fresh objects per mention,
 * as a JSON response would have them).
 */
export function generateProjects(size: GraphSize = FULL_SIZE, seed = 42): RawProject[] {
  const random = createRandom(seed)
  const users: RawUser[] = []
  for (let i = 1; i <= size.users; i++) {
    users.push({ id: i, name: `user ${i} ${pick(random, words)}`, email: `user${i}@example.com` })
  }
  const labels: RawLabel[] = []
  for (let i = 1; i <= size.labels; i++) {
    const color = Math.floor(random() * 0xffffff)
    labels.push({ id: i, name: `label-${i}`, color: `#${color.toString(16).padStart(6, '0')}` })
  }
  const projects: RawProject[] = []
  let issueId = 1
  for (let p = 1; p <= size.projects; p++) {
    const issues: RawIssue[] = []
    for (let j = 0; j < size.issuesPerProject; j++) {
      const labelCount = Math.min(size.labels, 2 + Math.floor(random() * 2))
      const chosen = new Set<RawLabel>()
      while (chosen.size < labelCount) chosen.add(pick(random, labels))
      issues.push({
        id: issueId++,
        title: sentence(random, 5),
        state: random() < 0.7 ? 'open' : 'closed',
        priority: Math.floor(random() * 5),
        assignee: { ...pick(random, users) },
        labels: [...chosen].map((label) => ({ ...label })),
      })
    }
    projects.push({
      id: p,
      name: `project ${p}`,
      description: sentence(random, 12),
      owner: { ...pick(random, users) },
      issues,
    })
  }
  return projects
}

/** `count` flat records with ids `first`, `first + 1`, ...; `version` changes their values. */
export function generateItems(count: number, first = 1, version = 0): RawItem[] {
  const random = createRandom(first * 31 + version)
  const items: RawItem[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const id = first + i
    items[i] = { id, name: `item ${id} v${version}`, value: Math.floor(random() * 1e6) }
  }
  return items
}

/** `count` list rows with ids 1, 2, ...: what a big list endpoint returns. */
export function generateRows(count: number, seed = 7): RawRow[] {
  const random = createRandom(seed)
  const start = Date.UTC(2024, 0, 1)
  const rows: RawRow[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const created = start + Math.floor(random() * 3e10)
    rows[i] = {
      id: i + 1,
      title: sentence(random, 4),
      state: random() < 0.7 ? 'open' : 'closed',
      priority: Math.floor(random() * 5),
      ownerId: 1 + Math.floor(random() * 1000),
      comments: Math.floor(random() * 40),
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(created + Math.floor(random() * 1e9)).toISOString(),
    }
  }
  return rows
}

/** Which objects of the graph are reached by a change to user `userId`. */
export function affectedBy(projects: readonly RawProject[], userId: number) {
  let projectsAffected = 0
  let issuesAffected = 0
  let issues = 0
  const users = new Set<number>()
  for (const project of projects) {
    users.add(project.owner.id)
    let hit = project.owner.id === userId
    for (const issue of project.issues) {
      issues++
      users.add(issue.assignee.id)
      if (issue.assignee.id === userId) {
        issuesAffected++
        hit = true
      }
    }
    if (hit) projectsAffected++
  }
  return {
    projects: { total: projects.length, unaffected: projects.length - projectsAffected },
    issues: { total: issues, unaffected: issues - issuesAffected },
    users: { total: users.size, unaffected: users.size - (users.has(userId) ? 1 : 0) },
  }
}
