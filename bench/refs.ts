/** Counts which objects of a denormalized project list kept their reference between two reads. */
import type { ReadProject, ReadUser } from './peers/types'

export interface Kept {
  projects: number
  issues: number
  users: number
}

function usersById(projects: readonly ReadProject[]): Map<number, ReadUser> {
  const users = new Map<number, ReadUser>()
  for (const project of projects) {
    if (!users.has(project.owner.id)) users.set(project.owner.id, project.owner)
    for (const issue of project.issues) {
      if (!users.has(issue.assignee.id)) users.set(issue.assignee.id, issue.assignee)
    }
  }
  return users
}

/** Projects and issues are matched by position, users by id (first place each is reached). */
export function keptReferences(prev: readonly ReadProject[], next: readonly ReadProject[]): Kept {
  let projects = 0
  let issues = 0
  for (let p = 0; p < next.length; p++) {
    const before = prev[p]
    const after = next[p] as ReadProject
    if (before === after) projects++
    for (let i = 0; i < after.issues.length; i++) {
      if (before?.issues[i] === after.issues[i]) issues++
    }
  }
  const prevUsers = usersById(prev)
  let users = 0
  for (const [id, user] of usersById(next)) if (prevUsers.get(id) === user) users++
  return { projects, issues, users }
}
