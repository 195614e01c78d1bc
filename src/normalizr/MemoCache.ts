/**
 * Memoized denormalization. One MemoCache serves every read of one store: the same stored record
 * always reads as the same Entity instance; a result keeps its reference until something it
 * reached changes; after a change only the objects on paths that reach it are rebuilt.
 *
 * Entities are never denormalized recursively: reading a reference creates (or reuses) the
 * instance at once and queues its members, so chains and cycles of any length need no stack.
 */
import { keepHiddenClassOf } from '../internal/hiddenClass'
import { ChangeTracker } from './ChangeTracker'
import { DenormalizeRun } from './DenormalizeRun'
import { earliestExpiry } from './earliestExpiry'
import { FORGOTTEN, NO_READS, Walk, createNodeTable, isValidIn } from './graph'
import type { EntityNode, GraphNode, NodeTable } from './graph'
import { isEntitySchema } from './isEntity'
import { queryKey, recordingSource } from './queryKey'
import { reuse } from './reuse'
import { MISSING, ResultNode } from './ResultNode'
import type { DenormalizeResult } from './ResultNode'

export type { DenormalizeResult } from './ResultNode'
import type { EntitySchemaContract, EntitySource } from './types'
import { INVALID } from './types'

const INCOMPLETE: DenormalizeResult = Object.freeze({ data: undefined, incomplete: true })

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
  private entities = new WeakMap<EntitySchemaContract, NodeTable>()
  /** The classes that have entity nodes, per table (to forget a table's records). */
  private classes = new Map<string, Set<EntitySchemaContract>>()
  /** Result nodes, per schema, per normalized input object. */
  private results = new WeakMap<object, WeakMap<object, ResultNode>>()
  /** Query nodes, per schema, per args array. */
  private queries = new WeakMap<object, WeakMap<object, ResultNode>>()
  /** @internal Scratch stacks of the validity walk. */
  readonly walk = new Walk()
  /** The snapshot last read, and the clock: it advances whenever a read sees another one. */
  private token: object | undefined
  private clock = 0
  /** Marks what changes reach, for sources that report their changes. */
  private tracker = this.createTracker()

  private createTracker(): ChangeTracker {
    return new ChangeTracker((key, pk, fn) => {
      for (const entity of this.classes.get(key) ?? []) {
        const node = this.entities.get(entity)?.[pk]
        if (node) fn(node)
      }
    })
  }

  /** @internal From when unmarked nodes can be trusted without a look. */
  get trustedSince(): number {
    return this.tracker.trustedSince
  }

  /**
   * The clock for a read of `source`: a new tick when its snapshot is not the last one read, and
   * then, if the source reports what changed since that one, the nodes it reaches are marked.
   */
  private tick(source: EntitySource): number {
    if (source.token === this.token) return this.clock
    const previous = this.token
    this.token = source.token
    const clock = ++this.clock
    this.tracker.tidy()
    if (previous === undefined || !source.forEachChangeSince) {
      this.tracker.untrust(clock)
      return clock
    }
    const tracker = this.tracker
    // Nodes checked at the previous snapshot are trusted from here on, unless marked.
    if (!tracker.enabled) tracker.enable(this.allEntityNodes(), clock - 1)
    const reported = source.forEachChangeSince(previous, (key, pk) =>
      tracker.changed(key, pk, clock),
    )
    if (!reported) tracker.untrust(clock)
    return clock
  }

  private *allEntityNodes(): Iterable<EntityNode> {
    for (const classes of this.classes.values()) {
      for (const entity of classes) {
        const nodes = this.entities.get(entity)
        if (!nodes) continue
        for (const pk in nodes) yield nodes[pk] as EntityNode
      }
    }
  }

  /** @internal A node was (re)built or checked: while tracking, what it holds learns of it. */
  registerBuilt(node: GraphNode): void {
    if (this.tracker.enabled) this.tracker.register(node)
  }

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
    const derive = (node: GraphNode) => queryKey(schema, args, recordingSource(source, node))
    return this.readNode(this.queries, schema, args, derive, source, args) as DenormalizeResult<T>
  }

  /**
   * @internal When the data of {@link query} goes stale (the read has no response, so no
   * expiry, of its own). For an Entity schema, the expiry of the record the args name (found by
   * that pk, never by the instance's `pk()`: a record may have a field named `pk`). For an
   * object, `schema.All` or a Union read, the earliest `expiresAt` among the records it holds,
   * nested ones included, as in data-client; `undefined` when it has no data. The query is read
   * first (the memo's result when it was just read), then each record it reaches is looked at
   * once.
   */
  queryExpiresAt(
    schema: unknown,
    args: readonly unknown[],
    source: EntitySource,
  ): number | undefined {
    if (isEntitySchema(schema)) {
      // One record by pk: its own expiry, one lookup (a list of rows, each read by a `get`
      // answered from the tables, re-checks every row on each write).
      const pk = queryKey(schema, args, source)
      return typeof pk === 'string' ? (source.getMeta(schema.key, pk)?.expiresAt ?? 0) : 0
    }
    if (this.query(schema, args, source).data === undefined) return undefined
    const root =
      typeof schema === 'object' && schema !== null
        ? this.queries.get(schema)?.get(args)
        : undefined
    return root === undefined ? 0 : earliestExpiry(root, source)
  }

  /** Returns the Entity instance stored under `pk`, memoized like any other read. */
  getEntity<T>(entity: EntitySchemaContract, pk: string, source: EntitySource): T | undefined {
    const value = new DenormalizeRun(this, source, this.tick(source), []).read(entity, pk)
    return value === INVALID ? undefined : (value as T | undefined)
  }

  /**
   * Drops the memoized instances of these records (forgotten by the cache), in every class.
   * Whatever held them is rebuilt when next read. Nothing in the memo keeps them alive after
   * this: not the nodes they pointed to, nor the index of reads that found them, or others,
   * missing (which also drops the entries of these pks that no live node still reads).
   */
  forgetEntities(key: string, pks: readonly string[]): void {
    // A new tick: verdicts given before no longer stand for what held these nodes.
    const clock = ++this.clock
    const tracker = this.tracker
    const forgotten: EntityNode[] = []
    for (const entity of this.classes.get(key) ?? []) {
      const nodes = this.entities.get(entity)
      if (!nodes) continue
      for (const pk of pks) {
        const node = nodes[pk]
        if (!node) continue
        node.record = FORGOTTEN
        if (tracker.enabled) tracker.mark(node, clock)
        delete nodes[pk]
        forgotten.push(node)
      }
    }
    if (tracker.enabled) tracker.forget(key, pks, forgotten)
    for (const node of forgotten) node.release()
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
    this.tracker = this.createTracker()
    this.token = undefined
  }

  /** @internal */
  entityNodes(entity: EntitySchemaContract): NodeTable {
    let nodes = this.entities.get(entity)
    if (!nodes) {
      nodes = createNodeTable()
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
    return toResult(new DenormalizeRun(this, source, this.tick(source), args).read(schema, input))
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
    const clock = this.tick(source)
    const previous = bySchema.get(memoKey)
    if (previous) {
      const kept = this.reuseResult(previous, source, clock, args)
      if (kept) return kept
    }
    // Rebuilt in place: the node is the memo slot of (schema, key).
    const node = previous ?? new ResultNode()
    const before = node.result
    node.reads = NO_READS
    const run = new DenormalizeRun(this, source, clock, args)
    const resolvedInput =
      typeof input === 'function' ? (input as (node: GraphNode) => unknown)(node) : input
    const value = run.read(schema, resolvedInput, node)
    let result = toResult(value)
    if (previous && result.data !== undefined) {
      const data = reuse(before.data, result.data)
      result = data === before.data ? before : { data, incomplete: false }
    }
    node.result = result
    node.stamp(clock)
    node.untouch()
    node.noteList(schema, resolvedInput)
    this.registerBuilt(node)
    if (!previous) bySchema.set(memoKey, node)
    return result
  }

  /**
   * The result of `node` for this snapshot without reading it again: the same one while nothing
   * it reached changed, a patched copy of an entity list with only its changed items rebuilt;
   * `undefined` when it must be read again.
   */
  private reuseResult(
    node: ResultNode,
    source: EntitySource,
    clock: number,
    args: readonly unknown[],
  ): DenormalizeResult | undefined {
    if (node.checked === clock) return node.validAt(clock) ? node.result : undefined
    const since = this.trustedSince
    let stale: readonly EntityNode[] | undefined
    const touched = node.touchedSince(since)
    if (touched) {
      // Changes were reported since its last check: only what they reached needs a look.
      if (!node.ownReadsHold(source)) return undefined
      stale = this.staleAmong(node, touched, source, clock, since)
    } else if (node.list) {
      stale = node.staleItems(source, clock, this.walk, since)
    } else if (!isValidIn(node, source, clock, this.walk, since)) {
      return undefined
    }
    node.untouch()
    if (stale && stale.length > 0) {
      if (!node.list) return undefined
      const run = new DenormalizeRun(this, source, clock, args)
      const patched = node.patch(stale, (item) => run.readEntity(item))
      if (!patched) return undefined
      node.result = patched
      node.stamp(clock)
    } else {
      node.settle(clock, true)
    }
    if (!node.registered) this.registerBuilt(node)
    return node.result
  }

  /** The children among `touched` that `node` holds out of date. */
  private staleAmong(
    node: ResultNode,
    touched: readonly GraphNode[],
    source: EntitySource,
    clock: number,
    since: number,
  ): EntityNode[] {
    const stale: EntityNode[] = []
    for (const child of touched) {
      if (child.built > node.built || !isValidIn(child, source, clock, this.walk, since)) {
        stale.push(child as EntityNode)
      }
    }
    return stale
  }
}

/**
 * @internal A memo kept so that the hidden class of memos outlives every cache (see
 * `internal/hiddenClass.ts`): a cache made after the others were collected reads with code
 * that checks for it.
 */
export const memoCacheShape = keepHiddenClassOf(new MemoCache())
