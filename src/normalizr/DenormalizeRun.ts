/**
 * One read against one snapshot. Resolves references to entity instances (memoized per class and
 * pk), records what each memoized value depends on, and never recurses through entities: a new
 * or rebuilt instance is created at once and its members are resolved from a queue.
 */
import { keepHiddenClassOf } from '../internal/hiddenClass'
import { isPlainObject } from '../internal/ownKeys'
import { convertField } from './convert'
import {
  EntityNode,
  NO_DEPS,
  NO_READS,
  RecordDep,
  TableDep,
  Walk,
  createNodeTable,
  isValidIn,
} from './graph'
import type { NodeTable, GraphNode } from './graph'
import { hasSchemaMembers, isEntitySchema, isSchemaObject, refuseEntityInstance } from './isEntity'
import { emptySource } from './plainSource'
import { reuse } from './reuse'
import { denormalizeItems, denormalizeMembers, itemSchemaOf } from './shorthand'
import type {
  DenormalizeContext,
  EntityReadPlan,
  EntityRecord,
  EntitySchemaContract,
  EntitySource,
  MemberReader,
  RequiredMember,
} from './types'
import { INVALID } from './types'

/** What a run needs from its memo. */
export interface RunMemo {
  readonly walk: Walk
  /** From when unmarked nodes can be trusted (see {@link GraphNode.trusted}). */
  readonly trustedSince: number
  entityNodes(entity: EntitySchemaContract): NodeTable
  /** Told of each entity node whose members were just resolved. */
  registerBuilt(node: GraphNode): void
}

/** What a run keeps per class it read. */
interface ClassInRun {
  readonly nodes: NodeTable
  readonly hasMembers: boolean
  /** Reads the class's table by pk. */
  readonly read: (pk: string | number) => EntityRecord | undefined
  /** The class's read hooks. */
  readonly plan: EntityReadPlan
}

/**
 * A reader of table `key` that takes a pk as a string or a number: the source's own when it takes
 * numbers ({@link EntitySource.idReaderOf}), else its string reader given the decimal string.
 */
function idReaderOf(source: EntitySource, key: string): ClassInRun['read'] {
  if (source.idReaderOf) return source.idReaderOf(key)
  const read = source.readerOf ? source.readerOf(key) : (pk: string) => source.getEntity(key, pk)
  return (pk) => read(typeof pk === 'string' ? pk : String(pk))
}

/** The read hooks of a class without {@link EntitySchemaContract.readPlan}. */
function planOf(entity: EntitySchemaContract): EntityReadPlan {
  if (entity.readPlan) return entity.readPlan()
  return {
    create: (record) => entity.createIfValid(record),
    fields: (instance, record, read) =>
      entity.denormalizeFields(instance, record, read.unvisitMember),
  }
}

/** What one run learned of records with required members (see `lacksRequired`). */
class RequiredWalks {
  readonly lacking = new Set<EntityRecord>()
  readonly complete = new Set<EntityRecord>()
  /** The tables met on walks that found a lacking record. */
  readonly lackingKeys = new Set<string>()
}

export class DenormalizeRun implements DenormalizeContext, MemberReader {
  /** The node whose value is being built (its deps are collected in `scratch`). */
  private owner: GraphNode | undefined
  private readonly scratch: GraphNode[] = []
  private depCount = 0
  /** Entity nodes whose members are still to resolve, each followed by its previous instance
   * and its class's read plan. */
  private readonly queue: unknown[] = []
  /** The last class read, its nodes, and whether it has members to resolve (lists read one
   * class many times in a row). */
  private lastEntity: EntitySchemaContract | undefined
  private lastNodes: NodeTable | undefined
  private lastHasMembers = false
  private lastRead: (pk: string | number) => EntityRecord | undefined = () => undefined
  private lastPlan: EntityReadPlan | undefined
  /** The same for every class this run read (members alternate classes: Issue, User, Label). */
  private readonly classes = new Map<EntitySchemaContract, ClassInRun>()
  /** What this run learned of required members (made on the first record that has some). */
  private required: RequiredWalks | undefined = undefined
  readonly unvisit = (schema: unknown, input: unknown): unknown => this.visit(schema, input)
  readonly unvisitMember = (schema: unknown, input: unknown): unknown => {
    const value = this.visit(schema, input)
    return value === INVALID ? undefined : value
  }

  /** A member whose schema is `entity`: {@link unvisitMember} without the schema dispatch. */
  memberEntity(entity: EntitySchemaContract, input: unknown): unknown {
    const value = this.visitEntity(entity, input)
    return value === INVALID ? undefined : value
  }

  /** A member whose schema is `[entity]`: {@link unvisitMember} without the schema dispatch. */
  memberEntities(entity: EntitySchemaContract, input: unknown): unknown {
    return this.entityItems(entity, input)
  }

  constructor(
    private readonly memo: RunMemo,
    private readonly source: EntitySource,
    private readonly clock: number,
    readonly args: readonly unknown[],
  ) {}

  /**
   * Reads `input` and every entity it reaches. With `owner`, what the value holds becomes the
   * owner's deps (its reads are added to it as they happen).
   */
  read(schema: unknown, input: unknown, owner?: GraphNode): unknown {
    this.owner = owner
    const value = this.visit(schema, input)
    this.endOwner(owner)
    this.drain()
    return value
  }

  /** The current instance of `node`'s record (rebuilt if stale), outside any owner. */
  readEntity(node: EntityNode): unknown {
    this.owner = undefined
    const value = this.visitEntity(node.entity, node.pk)
    this.endOwner(undefined)
    this.drain()
    return value
  }

  forEachEntity(key: string, fn: (pk: string) => void): void {
    this.owner?.addRead(new TableDep(key, this.source.getTable(key)))
    this.source.forEachEntity(key, (pk) => fn(pk))
  }

  /** Gives the deps collected since the owner started to it (exact size), and starts over. */
  private endOwner(owner: GraphNode | undefined): void {
    const count = this.depCount
    if (owner) owner.deps = count === 0 ? NO_DEPS : this.scratch.slice(0, count)
    this.depCount = 0
  }

  private addDep(node: GraphNode): void {
    this.scratch[this.depCount++] = node
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
    if (Array.isArray(schema)) {
      const itemSchema = itemSchemaOf(schema)
      return isEntitySchema(itemSchema)
        ? this.entityItems(itemSchema, input)
        : denormalizeItems(itemSchema, input, this)
    }
    if (isPlainObject(schema)) return denormalizeMembers(schema, input, this)
    refuseEntityInstance(schema)
    return input
  }

  /** `[Entity]`: {@link denormalizeItems} without a schema dispatch per item. */
  private entityItems(entity: EntitySchemaContract, input: unknown): unknown {
    if (!Array.isArray(input)) return input
    const out = new Array<unknown>(input.length)
    // Room for one dep per item at once (a 100k list would otherwise grow the scratch 30 times).
    const room = this.depCount + input.length
    if (this.scratch.length < room) this.scratch.length = room
    let length = 0
    for (let i = 0; i < input.length; i++) {
      const item: unknown = input[i]
      const value = this.visitEntity(entity, item)
      // Missing, deleted and invalid items are left out, as denormalizeItems does.
      if (value === INVALID || value === undefined) continue
      out[length++] = value
    }
    if (length < out.length) out.length = length
    return out
  }

  /** What this run keeps for `entity`'s class, made on its first read. */
  private classOf(entity: EntitySchemaContract): ClassInRun {
    let known = this.classes.get(entity)
    if (known === undefined) {
      known = {
        nodes: this.memo.entityNodes(entity),
        hasMembers: hasSchemaMembers(entity.schema),
        read: idReaderOf(this.source, entity.key),
        plan: planOf(entity),
      }
      this.classes.set(entity, known)
    }
    return known
  }

  private nodesOf(entity: EntitySchemaContract): NodeTable {
    if (entity !== this.lastEntity) {
      const known = this.classOf(entity)
      this.lastEntity = entity
      this.lastNodes = known.nodes
      this.lastHasMembers = known.hasMembers
      this.lastRead = known.read
      this.lastPlan = known.plan
    }
    return this.lastNodes as NodeTable
  }

  private visitEntity(entity: EntitySchemaContract, input: unknown): unknown {
    if (input === undefined || input === null) return input
    if (typeof input === 'object') return this.inlineEntity(entity, input as EntityRecord)
    // A number (what pk() returned, kept in lists) finds the same node and record as its decimal
    // string, so none is made per record (a string is made only to note a missing record).
    const id = typeof input === 'string' || typeof input === 'number' ? input : String(input)
    const nodes = this.nodesOf(entity)
    const node = nodes[id as string]
    const clock = this.clock
    if (
      node !== undefined &&
      (node.checked === clock
        ? node.validAt(clock)
        : isValidIn(node, this.source, clock, this.memo.walk, this.memo.trustedSince))
    ) {
      this.addDep(node)
      return node.instance
    }
    const record = this.lastRead(id)
    if (record === undefined) {
      if (this.owner !== undefined) {
        const pk = String(id)
        const deleted = this.source.getMeta(entity.key, pk)?.deleted === true
        this.owner.addRead(new RecordDep(entity.key, pk, undefined, deleted))
      }
      return undefined
    }
    const plan = this.lastPlan as EntityReadPlan
    if (plan.required !== undefined && this.lacksRequired(plan.required, record)) {
      this.owner?.addRead(new RecordDep(entity.key, String(id), record))
      return INVALID
    }
    const instance = plan.create(record) as Record<string, unknown> | undefined
    if (!instance) {
      this.owner?.addRead(new RecordDep(entity.key, String(id), record))
      return INVALID
    }
    let target: EntityNode
    let previous: Record<string, unknown> | undefined
    if (node === undefined) {
      target = new EntityNode(entity, id, record, instance)
      nodes[id as string] = target
    } else {
      // Rebuilt in place: parents built before now see that they hold the previous instance.
      target = node
      previous = node.instance
      node.record = record
      node.instance = instance
      node.deps = NO_DEPS
      node.reads = NO_READS
    }
    target.stamp(clock)
    // A class without members has nothing to resolve (its node keeps no deps).
    if (this.lastHasMembers) this.queue.push(target, previous, plan)
    this.addDep(target)
    return instance
  }

  /**
   * True when a required member of `record` (see {@link RequiredMember}) names a deleted or
   * invalid record, or one whose own required members do. Only records are looked at (no node is
   * built; a member's validity is asked of its class's `create`, whose instance is dropped),
   * depth first with a stack of its own (a 10k-long chain cannot overflow the call stack), and
   * what is learned is kept for the rest of the run: every record on the way to a lacking one
   * lacks too, and when a walk finds nothing lacking, every record it met is complete.
   * When true, the owner is read again once a table met on a lacking walk changes; when false,
   * the member nodes built next carry the deps.
   */
  private lacksRequired(required: readonly RequiredMember[], record: EntityRecord): boolean {
    const found = this.required ?? (this.required = new RequiredWalks())
    const lacks = found.lacking.has(record)
      ? true
      : found.complete.has(record)
        ? false
        : this.walkRequired(found, required, record)
    if (lacks && this.owner !== undefined) {
      for (const key of found.lackingKeys) {
        this.owner.addRead(new TableDep(key, this.source.getTable(key)))
      }
    }
    return lacks
  }

  private walkRequired(
    found: RequiredWalks,
    required: readonly RequiredMember[],
    record: EntityRecord,
  ): boolean {
    const path: EntityRecord[] = [record]
    const lists: (readonly RequiredMember[])[] = [required]
    const cursors: number[] = [0]
    const met = new Set<EntityRecord>([record])
    const keys = new Set<string>()
    while (path.length > 0) {
      const top = path.length - 1
      const members = lists[top] as readonly RequiredMember[]
      const index = cursors[top] as number
      if (index === members.length) {
        path.pop()
        lists.pop()
        cursors.pop()
        continue
      }
      cursors[top] = index + 1
      const { member, entity } = members[index] as RequiredMember
      const id = (path[top] as EntityRecord)[member]
      // Absent, or held inline: nothing stored that could be deleted.
      if (typeof id !== 'string' && typeof id !== 'number') continue
      keys.add(entity.key)
      const known = this.classOf(entity)
      const next = known.read(id)
      let lacks = false
      if (next === undefined) {
        lacks = this.source.getMeta(entity.key, String(id))?.deleted === true
      } else if (found.lacking.has(next)) {
        lacks = true
      } else if (!met.has(next) && !found.complete.has(next)) {
        met.add(next)
        if (!known.plan.create(next)) lacks = true
        else if (known.plan.required !== undefined) {
          path.push(next)
          lists.push(known.plan.required)
          cursors.push(0)
        }
      }
      if (lacks) {
        for (const holder of path) found.lacking.add(holder)
        for (const key of keys) found.lackingKeys.add(key)
        return true
      }
    }
    for (const record of met) found.complete.add(record)
    return false
  }

  /** A record held inline (not normalized): built without memo. */
  private inlineEntity(entity: EntitySchemaContract, input: EntityRecord): unknown {
    const instance = entity.createIfValid(input)
    if (!instance) return INVALID
    entity.denormalizeFields(instance as Record<string, unknown>, input, this.unvisitMember)
    return instance
  }

  /** Resolves the members of every entity created or rebuilt during this run. */
  private drain(): void {
    const queue = this.queue
    while (queue.length > 0) {
      const plan = queue.pop() as EntityReadPlan
      const previous = queue.pop() as Record<string, unknown> | undefined
      const node = queue.pop() as EntityNode
      this.owner = node
      const instance = node.instance
      plan.fields(instance, node.record, this)
      this.endOwner(node)
      this.memo.registerBuilt(node)
      if (previous) {
        for (const member of Object.keys(node.entity.schema)) {
          if (Object.prototype.hasOwnProperty.call(instance, member)) {
            instance[member] = reuse(previous[member], instance[member])
          }
        }
      }
    }
    this.owner = undefined
  }
}

/** The memo of {@link runShape}: never asked, as that run never reads. */
const NO_MEMO: RunMemo = {
  walk: new Walk(),
  trustedSince: 0,
  entityNodes: createNodeTable,
  registerBuilt: () => undefined,
}

/**
 * @internal A run that never reads, kept so that the hidden class of a run outlives the reads
 * (see `internal/hiddenClass.ts`): without it, each full GC threw away the optimized code of
 * `visitEntity`, `entityItems`, `drain` and the rest. Every field of a run is set in its
 * constructor, so a run that has read has this one's hidden class (a test checks).
 */
export const runShape = keepHiddenClassOf(new DenormalizeRun(NO_MEMO, emptySource, 0, []))
