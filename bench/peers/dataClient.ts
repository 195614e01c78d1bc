/**
 * @data-client/normalizr 0.18 with its own MemoCache.
 *
 * data-client's `Entity` class lives in `@data-client/endpoint`, which is not a dependency here
 * (and the registry reachable from this project only has 0.9.9, made for an older normalizr).
 * `DataClientEntity` below implements normalizr 0.18's `EntityInterface` with data-client's
 * documented default lifecycles: `process` = shallow copy, `pk()` from the instance method,
 * `validate` = none, `merge` = spread (`shouldReorder` by `fetchedAt`), `fromJS` = `new` +
 * `Object.assign`, `denormalize` = unvisit each `schema` member in place.
 */
import { MemoCache, normalize } from '@data-client/normalizr'
import type { IDenormalizeDelegate, INormalizeDelegate } from '@data-client/normalizr'
import type { RawProject, RawUser } from '../data'
import type { GraphPeer } from './types'

interface Meta {
  fetchedAt: number
  date: number
  expiresAt: number
}

type Props = Record<string, unknown>

export abstract class DataClientEntity {
  abstract pk(
    parent?: unknown,
    key?: string,
    args?: readonly unknown[],
  ): string | number | undefined

  static key: string
  static schema: Record<string, unknown> = {}

  static pk(this: any, value: Props, parent?: unknown, key?: string, args?: readonly unknown[]) {
    return this.prototype.pk.call(value, parent, key, args)
  }

  static process(input: Props, _parent: unknown, _key: string | undefined, _args: unknown) {
    return { ...input }
  }

  static validate(_processed: Props): string | undefined {
    return undefined
  }

  static merge(existing: Props, incoming: Props) {
    return { ...existing, ...incoming }
  }

  static shouldReorder(existingMeta: Meta, incomingMeta: Meta) {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt
  }

  static mergeWithStore(existingMeta: Meta, incomingMeta: Meta, existing: Props, incoming: Props) {
    if (typeof incoming !== typeof existing) return incoming
    return this.shouldReorder(existingMeta, incomingMeta)
      ? this.merge(incoming, existing)
      : this.merge(existing, incoming)
  }

  static mergeMetaWithStore(existingMeta: Meta, incomingMeta: Meta) {
    return this.shouldReorder(existingMeta, incomingMeta) ? existingMeta : incomingMeta
  }

  static fromJS(this: any, props: Props = {}) {
    const instance = new this(props)
    Object.assign(instance, props)
    return instance
  }

  static createIfValid(this: any, props: Props) {
    if (this.validate(props)) return undefined
    return this.fromJS(props)
  }

  static normalize(
    this: any,
    input: Props,
    parent: unknown,
    key: string | undefined,
    delegate: INormalizeDelegate,
  ): string {
    const args = delegate.args
    const processed = this.process(input, parent, key, args)
    const id = this.pk(processed, parent, key, args)
    if (id === undefined || id === '' || id === 'undefined') {
      throw new Error(`Missing primary key for ${this.key}`)
    }
    const pk = `${id}`
    if (delegate.checkLoop(this.key, pk, input)) return pk
    const message = this.validate(processed)
    if (message) throw new Error(message)
    const schema = this.schema as Record<string, unknown>
    for (const member of Object.keys(schema)) {
      if (Object.hasOwn(processed, member)) {
        processed[member] = delegate.visit(schema[member], processed[member], processed, member)
      }
    }
    delegate.mergeEntity(this, pk, processed)
    return pk
  }

  static denormalize(this: any, input: any, delegate: IDenormalizeDelegate) {
    if (typeof input === 'symbol') return input
    const schema = this.schema as Record<string, unknown>
    for (const member of Object.keys(schema)) {
      const value = delegate.unvisit(schema[member], input[member])
      if (typeof value === 'symbol') {
        if (this.defaults[member]) return value
        input[member] = undefined
      } else {
        input[member] = value
      }
    }
    return input
  }

  static queryKey(): undefined {
    return undefined
  }

  /** An instance holding the field defaults (a required member is one with a truthy default). */
  static get defaults(): Props {
    if (!Object.hasOwn(this, '__defaults')) {
      Object.defineProperty(this, '__defaults', {
        value: new (this as any)(),
        writable: true,
        configurable: true,
      })
    }
    return (this as any).__defaults
  }
}

export class DcUser extends DataClientEntity {
  id = 0
  name = ''
  email = ''
  pk() {
    return this.id
  }
  static key = 'User'
}

export class DcLabel extends DataClientEntity {
  id = 0
  name = ''
  color = ''
  pk() {
    return this.id
  }
  static key = 'Label'
}

export class DcIssue extends DataClientEntity {
  id = 0
  title = ''
  state = 'open'
  priority = 0
  assignee: DcUser | undefined = undefined
  labels: DcLabel[] = []
  pk() {
    return this.id
  }
  static key = 'Issue'
  static schema: Record<string, unknown> = { assignee: DcUser, labels: [DcLabel] }
}

export class DcProject extends DataClientEntity {
  id = 0
  name = ''
  description = ''
  owner: DcUser | undefined = undefined
  issues: DcIssue[] = []
  pk() {
    return this.id
  }
  static key = 'Project'
  static schema: Record<string, unknown> = { owner: DcUser, issues: [DcIssue] }
}

const projectList = [DcProject]

export interface DataClientState {
  entities: Record<string, Record<string, any>>
  indexes: Record<string, any>
  entitiesMeta: Record<string, Record<string, Meta>>
}

const emptyState = (): DataClientState => ({ entities: {}, indexes: {}, entitiesMeta: {} })

function metaNow(): Meta {
  const now = Date.now()
  return { fetchedAt: now, date: now, expiresAt: Infinity }
}

export const dataClient: GraphPeer<DataClientState, MemoCache> = {
  name: '@data-client/normalizr',
  normalize(response: RawProject[]) {
    const out = normalize(projectList as any, response, [], emptyState(), metaNow())
    const { result, entities, indexes, entitiesMeta } = out as any
    return { result, state: { entities, indexes, entitiesMeta } }
  },
  createMemo: () => new MemoCache(),
  denormalize(memo, result, state) {
    return (memo ?? new MemoCache()).denormalize(projectList as any, result, state.entities).data
  },
  writeUser(state, user: RawUser) {
    const out = normalize(DcUser as any, user, [], state, metaNow()) as any
    return { entities: out.entities, indexes: out.indexes, entitiesMeta: out.entitiesMeta }
  },
}
