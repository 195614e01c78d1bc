/**
 * The records of the issue tracker. `IssueSummary` (lists) and `Issue` (detail) share the key
 * `'Issue'`, so they are one table: a list row and the detail page show the same record.
 */
import { Entity, GQLEntity } from 'rtk-resources'

export class User extends Entity {
  id = ''
  name = ''
  color = '#64748b'
  status = ''
  openIssues = 0
  closedIssues = 0
  pk() {
    return this.id
  }
  static key = 'User'
}

/** Labels arrive as a map keyed by name (read with `schema.Values(Label)`). */
export class Label extends Entity {
  name = ''
  color = '#64748b'
  description = ''
  pk() {
    return this.name
  }
  static key = 'Label'
}

/** An issue as lists show it: no body. `author` and `labels` arrive as ids (joined on read). */
export class IssueSummary extends Entity {
  id = 0
  title = ''
  state: 'open' | 'closed' = 'open'
  author = User.fromJS()
  labels: Label[] = []
  commentCount = 0
  createdAt = new Date(0)
  updatedAt = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Issue'
  static schema = { author: User, labels: [Label], createdAt: Date, updatedAt: Date }
}

/** The full issue. A record from a list has no `body`: it reads as incomplete, so the detail fetches. */
export class Issue extends IssueSummary {
  body = ''
  static validate(processed: Record<string, unknown>) {
    return 'body' in processed ? undefined : 'a summary: the detail has a body'
  }
}

export class Comment extends Entity {
  id = 0
  issueId = 0
  author = User.fromJS()
  body = ''
  createdAt = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Comment'
  static schema = { author: User, createdAt: Date }
}

/** The GraphQL view's user: the same `'User'` table as the REST `User`, so both views agree. */
export class Member extends GQLEntity {
  name = ''
  color = '#64748b'
  status = ''
  openIssues = 0
  static key = 'User'
}

/** What the issue form sends (create, update). */
export interface IssueInput {
  title: string
  body: string
  state?: 'open' | 'closed'
  labels: string[]
}
