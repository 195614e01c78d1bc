/** rtk-resources: our Entity classes and engine, through the public barrel. */
import { Entity, MemoCache, applyNormalized, createPlainSource, normalize } from '../../src/index'
import type { PlainTables } from '../../src/index'
import type { RawProject, RawUser } from '../data'
import type { GraphPeer } from './types'

export class User extends Entity {
  id = 0
  name = ''
  email = ''
  pk() {
    return this.id
  }
  static key = 'User'
}

export class Label extends Entity {
  id = 0
  name = ''
  color = ''
  pk() {
    return this.id
  }
  static key = 'Label'
}

export class Issue extends Entity {
  id = 0
  title = ''
  state = 'open'
  priority = 0
  assignee: User | undefined = undefined
  labels: Label[] = []
  pk() {
    return this.id
  }
  static key = 'Issue'
  static schema: Record<string, unknown> = { assignee: User, labels: [Label] }
}

export class Project extends Entity {
  id = 0
  name = ''
  description = ''
  owner: User | undefined = undefined
  issues: Issue[] = []
  pk() {
    return this.id
  }
  static key = 'Project'
  static schema: Record<string, unknown> = { owner: User, issues: [Issue] }
}

/** A flat record for the table cases. */
export class Item extends Entity {
  id = 0
  name = ''
  value = 0
  pk() {
    return this.id
  }
  static key = 'Item'
}

/** The same flat record with string ids (`item-1`, ...), for case 11s. */
export class StringItem extends Entity {
  id = ''
  name = ''
  value = 0
  pk() {
    return this.id
  }
  static key = 'StringItem'
}

/** A list row (case 9): flat, eight fields. */
export class Row extends Entity {
  id = 0
  title = ''
  state = 'open'
  priority = 0
  ownerId = 0
  comments = 0
  createdAt = ''
  updatedAt = ''
  pk() {
    return this.id
  }
  static key = 'Row'
}

/** The response schema: a stable array, so memoized reads find their node again. */
export const projectList = [Project]

export const ours: GraphPeer<PlainTables, MemoCache> = {
  name: 'rtk-resources',
  normalize(response: RawProject[]) {
    const { result, entities, entitiesMeta } = normalize(projectList, response)
    return { result, state: { entities, entitiesMeta } }
  },
  createMemo: () => new MemoCache(),
  denormalize(memo, result, state) {
    return (memo ?? new MemoCache()).denormalize(projectList, result, createPlainSource(state)).data
  },
  writeUser(state, user: RawUser) {
    return applyNormalized(state, normalize(User, user, [], createPlainSource(state)))
  },
}
