/**
 * Memoized denormalization. One MemoCache serves every read of one store: the same stored record
 * always reads as the same Entity instance; a result keeps its reference until something it
 * reached changes; after a change only the objects on paths that reach it are rebuilt.
 *
 * Entities are never denormalized recursively: reading a reference creates (or reuses) the
 * instance at once and queues its members, so chains and cycles of any length need no stack.
 */
import { isPlainObject } from '../internal/ownKeys'
import { convertField } from './convert'
import { EntityNode, GraphNode, RecordDep, TableDep, isValidIn } from './graph'
import { isEntitySchema, isSchemaObject } from './isEntity'
import { queryKey, recordingSource } from './queryKey'
import { reuse } from './reuse'
import { denormalizeItems, denormalizeMembers, itemSchemaOf } from './shorthand'
import type { DenormalizeContext, EntityRecord, EntitySchemaContract, EntitySource } from './types'
import { INVALID } from './types'

/** What a read returns: the data, and whether a record it needed was incomplete. */
export interface DenormalizeResult<T = unknown> {
  /** The denormalized value; `undefined` when missing, deleted or incomplete. */
  readonly data: T | undefined
  /** True when a record the value needs failed `validate` (a reader should fetch). */
  readonly incomplete: boolean
}

const MISSING: DenormalizeResult = Object.freeze({ data: undefined, incomplete: false })
const INCOMPLETE: DenormalizeResult = Object.freeze({ data: undefined, incomplete: true })

class ResultNode extends GraphNode {
  result: DenormalizeResult = MISSING
}

/** Converts a top-level value into a result object. */
function toResult(value: unknown): DenormalizeResult {
  if (value === INVALID) return INCOMPLETE
  if (value === undefined) return MISSING
  return { data: value, incomplete: false }
}

/**
 * Holds the memo of one store's reads.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/denormalize.md
 */
export class MemoCache {
  /** Entity nodes, per Entity class (summary and detail classes of one key read separately). */
  private entities = new WeakMap<EntitySchemaContract, Map<string, EntityNode>>()
  /** The classes that have entity nodes, per table (to forget a table's records). */
  private classes = new Map<string, Set<EntitySchemaContract>>()
  /** Result nodes, per schema, per normalized input object. */
  private results = new WeakMap<object, WeakMap<object, ResultNode>>()
  /** Query nodes, per schema, per args array. */
  private queries = new WeakMap<object, WeakMap<object, ResultNode>>()

  /**
   * Reads `input` (a normalized result) back through `schema` from `source`.
   * Returns the same object while nothing the value depends on changed.
   */
  denormalize<T = unknown>(
    schema: unknown,
    input: unknown,
    source: EntitySource,
    args: readonly unknown[] = [],
  ): DenormalizeResult<T> {
    if (typeof input !== 'object' || input === null || isEntitySchema(schema)) {
      return this.readUnmemoized(schema, input, source, args) as DenormalizeResult<T>
    }
    if (typeof schema !== 'object' || schema === null)
      return toResult(input) as DenormalizeResult<T>
    return this.readNode(this.results, schema, input, input, source, args) as DenormalizeResult<T>
  }

  /**
   * Reads from the entity tables alone, deriving the input from `args` (see `Query`).
   * `args` should be a stable array: results are memoized per args array.
   */
  query<T = unknown>(
    schema: unknown,
    args: readonly unknown[],
    source: EntitySource,
  ): DenormalizeResult<T> {
    if (typeof schema !== 'object' || schema === null) {
      const input = queryKey(schema, args, source)
      return this.readUnmemoized(schema, input, source, args) as DenormalizeResult<T>
    }
    const derive = (node: GraphNode) => queryKey(schema, args, recordingSource(source, node.deps))
    return this.readNode(this.queries, schema, args, derive, source, args) as DenormalizeResult<T>
  }

  /** Returns the Entity instance stored under `pk`, memoized like any other read. */
  getEntity<T>(entity: EntitySchemaContract, pk: string, source: EntitySource): T | undefined {
    const value = new DenormalizeRun(this, source, []).read(entity, pk)
    return value === INVALID ? undefined : (value as T | undefined)
  }

  /** Drops the memoized instances of these records (forgotten by the cache), in every class. */
  forgetEntities(key: string, pks: readonly string[]): void {
    for (const entity of this.classes.get(key) ?? []) {
      const nodes = this.entities.get(entity)
      for (const pk of pks) nodes?.delete(pk)
    }
  }

  /**
   * Forgets everything memoized (after the cache was emptied): no instance built so far stays
   * reachable from the memo. Later reads build new ones.
   */
  clear(): void {
    this.entities = new WeakMap()
    this.classes = new Map()
    this.results = new WeakMap()
    this.queries = new WeakMap()
  }

  /** @internal */
  entityNodes(entity: EntitySchemaContract): Map<string, EntityNode> {
    let nodes = this.entities.get(entity)
    if (!nodes) {
      nodes = new Map()
      this.entities.set(entity, nodes)
      const classes = this.classes.get(entity.key) ?? new Set()
      this.classes.set(entity.key, classes.add(entity))
    }
    return nodes
  }

  private readUnmemoized(
    schema: unknown,
    input: unknown,
    source: EntitySource,
    args: readonly unknown[],
  ): DenormalizeResult {
    return toResult(new DenormalizeRun(this, source, args).read(schema, input))
  }

  private readNode(
    store: WeakMap<object, WeakMap<object, ResultNode>>,
    schema: object,
    memoKey: object,
    input: unknown,
    source: EntitySource,
    args: readonly unknown[],
  ): DenormalizeResult {
    let bySchema = store.get(schema)
    if (!bySchema) {
      bySchema = new WeakMap()
      store.set(schema, bySchema)
    }
    const previous = bySchema.get(memoKey)
    if (previous && isValidIn(previous, source)) return previous.result
    const run = new DenormalizeRun(this, source, args)
    const node = new ResultNode()
    const resolvedInput =
      typeof input === 'function' ? (input as (node: GraphNode) => unknown)(node) : input
    const value = run.read(schema, resolvedInput, node)
    let result = toResult(value)
    if (previous && result.data !== undefined) {
      const data = reuse(previous.result.data, result.data)
      result = data === previous.result.data ? previous.result : { data, incomplete: false }
    }
    node.result = result
    node.token = source.token
    node.valid = true
    bySchema.set(memoKey, node)
    return result
  }
}

/** One read against one snapshot: resolves references, queues entity members. */
class DenormalizeRun implements DenormalizeContext {
  private deps: GraphNode['deps'] = []
  private readonly queue: Array<{ node: EntityNode; previous: EntityNode | undefined }> = []
  readonly unvisit = (schema: unknown, input: unknown): unknown => this.visit(schema, input)
  private readonly unvisitMember = (schema: unknown, input: unknown): unknown => {
    const value = this.visit(schema, input)
    return value === INVALID ? undefined : value
  }

  constructor(
    private readonly cache: MemoCache,
    private readonly source: EntitySource,
    readonly args: readonly unknown[],
  ) {}

  /** Reads `input` and every entity it reaches; records dependencies on `node` if given. */
  read(schema: unknown, input: unknown, node?: GraphNode): unknown {
    if (node) this.deps = node.deps
    const value = this.visit(schema, input)
    this.drain()
    return value
  }

  forEachEntity(key: string, fn: (pk: string) => void): void {
    this.deps.push(new TableDep(key, this.source.getTable(key)))
    this.source.forEachEntity(key, (pk) => fn(pk))
  }

  private visit(schema: unknown, input: unknown): unknown {
    if (schema === undefined || schema === null) return input
    if (typeof schema === 'function') {
      if (isEntitySchema(schema)) return this.visitEntity(schema, input)
      return convertField(schema as (...args: any[]) => unknown, input)
    }
    if (typeof schema !== 'object') return input
    if (isSchemaObject(schema)) return schema.denormalize(input, this)
    if (input === undefined || input === null) return input
    if (Array.isArray(schema)) return denormalizeItems(itemSchemaOf(schema), input, this)
    if (isPlainObject(schema)) return denormalizeMembers(schema, input, this)
    return input
  }

  private visitEntity(entity: EntitySchemaContract, input: unknown): unknown {
    if (input === undefined || input === null) return input
    if (typeof input === 'object') {
      // An inline (not normalized) record: build it without memo.
      const instance = entity.createIfValid(input as EntityRecord)
      if (!instance) return INVALID
      entity.denormalizeFields(
        instance as Record<string, unknown>,
        input as EntityRecord,
        this.unvisitMember,
      )
      return instance
    }
    const pk = String(input)
    const nodes = this.cache.entityNodes(entity)
    const existing = nodes.get(pk)
    if (existing && isValidIn(existing, this.source)) {
      this.deps.push(existing)
      return existing.instance
    }
    const record = this.source.getEntity(entity.key, pk)
    if (record === undefined) {
      this.deps.push(new RecordDep(entity.key, pk, undefined))
      return undefined
    }
    const instance = entity.createIfValid(record)
    if (!instance) {
      this.deps.push(new RecordDep(entity.key, pk, record))
      return INVALID
    }
    const node = new EntityNode(
      entity,
      pk,
      record,
      instance as Record<string, unknown>,
      this.source.token,
    )
    nodes.set(pk, node)
    this.queue.push({ node, previous: existing })
    this.deps.push(node)
    return instance
  }

  /** Resolves the members of every entity created during this run. */
  private drain(): void {
    const saved = this.deps
    while (this.queue.length > 0) {
      const { node, previous } = this.queue.pop() as { node: EntityNode; previous?: EntityNode }
      this.deps = node.deps
      const instance = node.instance
      node.entity.denormalizeFields(instance, node.record, this.unvisitMember)
      if (previous) {
        for (const member of Object.keys(node.entity.schema)) {
          if (Object.prototype.hasOwnProperty.call(instance, member)) {
            instance[member] = reuse(previous.instance[member], instance[member])
          }
        }
      }
    }
    this.deps = saved
  }
}
