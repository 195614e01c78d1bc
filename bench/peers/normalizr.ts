/** normalizr@3.6.2: `schema.Entity` instances, no memo (every read is cold). */
import { denormalize, normalize, schema } from 'normalizr'
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
