/** normalizr@3.6.2: `schema.Entity` instances, no memo (every read is cold). */
import { denormalize, normalize, schema } from 'normalizr'
import { createSelector } from 'reselect'
import type { RawProject } from '../data'
import type { GraphPeer } from './types'

const user = new schema.Entity('User')
const label = new schema.Entity('Label')
const issue = new schema.Entity('Issue', { assignee: user, labels: [label] })
const project = new schema.Entity('Project', { owner: user, issues: [issue] })
const projectList = [project]

type Tables = Record<string, Record<string, unknown> | undefined>

export const normalizr: GraphPeer<Tables, undefined> = {
  name: 'normalizr@3.6.2',
  normalize(response: RawProject[]) {
    const { result, entities } = normalize<unknown, Tables>(response, projectList)
    return { result, state: entities }
  },
  denormalize: (_memo, result, state) => denormalize(result, projectList, state),
}

/** A store's state as an app using normalizr keeps it: the result and the tables. */
export interface NormalizrState {
  result: unknown
  entities: Tables
}

/**
 * How an app without a memo of its own reads normalizr data: a reselect selector over the
 * result and the tables (recomputed when either changes, whole).
 */
export function createNormalizrSelector() {
  return createSelector(
    [(state: NormalizrState) => state.result, (state: NormalizrState) => state.entities],
    (result, entities) => denormalize(result, projectList, entities) as unknown[],
  )
}
