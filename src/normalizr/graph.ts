/**
 * The dependency graph behind memoized reads. Every denormalized entity instance and every
 * memoized result is a {@link GraphNode} that remembers what it read: the nodes it points to
 * (`deps`) and the reads that produced no node (`reads`: a missing or invalid record, a whole
 * table). A node may be reused for a snapshot when nothing it can reach has changed;
 * {@link isValidIn} decides that with an iterative Tarjan walk (strongly connected components
 * share one verdict, so cycles are exact), visiting each node at most once per snapshot and never
 * recursing (10,000-long chains are fine).
 *
 * Time is the memo's clock, which advances whenever a read sees another snapshot. A node is
 * rebuilt in place (same node, new instance), so a node also records when it was `built`: a
 * parent built before one of its children holds that child's previous instance, and is stale.
 */
import { keepHiddenClassOf } from '../internal/hiddenClass'
import type { EntityRecord, EntitySchemaContract, EntitySource } from './types'

/** A read of an entity that produced no node (missing, deleted, or rejected by validate). */
export class RecordDep {
  constructor(
    readonly key: string,
    readonly pk: string,
    readonly record: EntityRecord | undefined,
    /**
     * For a read that found no record: whether it was deleted (a tombstone) rather than never
     * stored. A required member that goes from one to the other changes what its holder reads.
     */
    readonly deleted = false,
  ) {}
}

/** A read of a whole table (`schema.All`). */
export class TableDep {
  constructor(
    readonly key: string,
    readonly table: object | undefined,
  ) {}
}

/** A read that produced no node. */
export type Read = RecordDep | TableDep

/**
 * A `WeakRef`, named by the one method read here: the type reaches the package's declarations,
 * which then compile with a `lib` older than ES2021 (no `WeakRef` type) too.
 */
export interface HeldWeakly<T> {
  deref(): T | undefined
}

/** A node that holds another: an entity node, or a result held weakly (see ChangeTracker.ts). */
export type Parent = GraphNode | HeldWeakly<GraphNode>

/** The node `parent` holds, or `undefined` when it was collected. */
export function heldNode(parent: Parent): GraphNode | undefined {
  return parent instanceof WeakRef
    ? (parent as HeldWeakly<GraphNode>).deref()
    : (parent as GraphNode)
}

/** Shared by every node that has none (most have no reads; leaf entities have no deps). */
export const NO_DEPS: GraphNode[] = []
export const NO_READS: Read[] = []

/** Bits of {@link GraphNode.state}. */
const VALID = 1
const ON_STACK = 2
const OK = 4
/** While a walk has the node on its stack, `state` also holds its walk index above these bits
 * (`index << INDEX_SHIFT | bits`, a 32-bit integer: a walk numbers fewer than 2^28 nodes). */
const INDEX_SHIFT = 3

/** Anything memoized against entity snapshots. */
export class GraphNode {
  /** The nodes this node's value holds (exact size; {@link NO_DEPS} when none). */
  deps: GraphNode[] = NO_DEPS
  /** What else it read ({@link NO_READS} when nothing). */
  reads: Read[] = NO_READS
  /** Clock of the last verdict (or build), and the verdict in `state`. */
  checked = 0
  /** Clock of the last (re)build of this node's value. */
  built = 0
  /** Clock of the last change reported to reach this node (see ChangeTracker.ts); 0: none. */
  dirty = 0
  /** While changes are tracked: the nodes whose deps hold this one (a node, a list, or none). */
  parents: Parent | Parent[] | undefined = undefined
  /**
   * VALID, and the Tarjan scratch bits ON_STACK and OK; while a walk has the node on its stack,
   * its walk index too (no fields of their own for the walk: a read makes a node per record).
   */
  state = 0

  /** Remembers a read that produced no node. */
  addRead(read: Read): void {
    if (this.reads === NO_READS) this.reads = [read]
    else this.reads.push(read)
  }

  /** Marks the node (re)built and valid at `clock`. */
  stamp(clock: number): void {
    this.built = clock
    this.checked = clock
    this.state = VALID
  }

  /** The verdict reached at `clock`, if any was. */
  validAt(clock: number): boolean {
    return this.checked === clock && (this.state & VALID) !== 0
  }

  /**
   * Valid without looking: it was valid when last checked, that check was at or after `since`
   * (from when every change is reported), and no change has reached it since.
   */
  trusted(since: number): boolean {
    return this.checked >= since && (this.state & VALID) !== 0 && this.dirty <= this.checked
  }

  /** Sets the verdict for `clock`. */
  settle(clock: number, valid: boolean): void {
    this.checked = clock
    this.state = valid ? VALID : 0
  }

  /** Checks only this node's own reads (not the nodes it points to). */
  ownReadsHold(source: EntitySource): boolean {
    const reads = this.reads
    for (let i = 0; i < reads.length; i++) {
      const read = reads[i] as Read
      if (read instanceof RecordDep) {
        if (source.getEntity(read.key, read.pk) !== read.record) return false
        if (
          read.record === undefined &&
          (source.getMeta(read.key, read.pk)?.deleted === true) !== read.deleted
        ) {
          return false
        }
      } else if (source.getTable(read.key) !== read.table) return false
    }
    return true
  }
}

/** The record of an entity node whose record the cache forgot: never the stored one again. */
export const FORGOTTEN: EntityRecord = Object.freeze({})

/** One denormalized entity instance and the stored record it was built from. */
export class EntityNode extends GraphNode {
  constructor(
    readonly entity: EntitySchemaContract,
    /**
     * The pk as the reference that first read it held it: a number when `pk()` returned one (no
     * string is made per record read); it names the same record as its decimal string.
     */
    readonly pk: string | number,
    public record: EntityRecord,
    public instance: Record<string, unknown>,
  ) {
    super()
  }

  override ownReadsHold(source: EntitySource): boolean {
    return (
      source.getEntity(this.entity.key, String(this.pk)) === this.record &&
      (this.reads === NO_READS || super.ownReadsHold(source))
    )
  }

  /**
   * The cache forgot its record (already {@link FORGOTTEN}, and the node out of its table): it
   * lets go of its instance and all it points to, so that a holder not yet rebuilt (a result
   * not read since) keeps only this node. It reads as stale to any holder.
   */
  release(): void {
    this.instance = FORGOTTEN
    this.deps = NO_DEPS
    this.reads = NO_READS
    this.parents = undefined
  }
}

/**
 * @internal A node kept so that the hidden class of entity nodes outlives every memo that held
 * some (see `internal/hiddenClass.ts`): a new cache's first read, after the nodes of the caches
 * before it were collected, otherwise ran with `visitEntity` and `drain` thrown away.
 */
export const entityNodeShape = keepHiddenClassOf(
  new EntityNode(class {} as unknown as EntitySchemaContract, '', FORGOTTEN, {}),
)

/**
 * The entity nodes of one class, by pk: a prototype-less object (any pk is an ordinary key).
 * Not a Map: V8 keeps integer-like keys (the common ids) in a plain array, several times faster
 * to fill and to search than a Map's hash table, and smaller; other keys cost about the same.
 */
export type NodeTable = Record<string, EntityNode | undefined>

/** An empty {@link NodeTable}. */
export function createNodeTable(): NodeTable {
  return Object.create(null) as NodeTable
}

/** Reusable stacks for {@link isValidIn} (one set per memo: walks never nest). */
export class Walk {
  readonly frames: GraphNode[] = []
  readonly cursors: number[] = []
  /** The lowest index each frame reaches (Tarjan's lowlink), beside `frames`. */
  readonly lows: number[] = []
  readonly stack: GraphNode[] = []
  counter = 0
}

/** The walk index of a node the walk has on its stack. */
function indexOf(node: GraphNode): number {
  return node.state >> INDEX_SHIFT
}

/**
 * Starts visiting `node` in a walk: checks its own reads, numbers it, stacks it. Its reads are
 * checked first: a source that throws leaves the node as it was.
 */
function open(node: GraphNode, source: EntitySource, clock: number, walk: Walk): void {
  const holds = node.ownReadsHold(source)
  const index = walk.counter++
  node.checked = clock
  node.state = (index << INDEX_SHIFT) | (holds ? ON_STACK | OK : ON_STACK)
  walk.stack.push(node)
  walk.frames.push(node)
  walk.cursors.push(0)
  walk.lows.push(index)
}

/**
 * True when nothing `root` can reach changed in `source` since it was built. Verdicts are stored
 * on the nodes with the clock, so checking many roots against one snapshot costs one visit per
 * node in all. A node known to be stale stops looking at further children: its component is
 * stale whatever they say. A node {@link GraphNode.trusted trusted} since `since` is valid
 * without a look at what it reaches (Infinity: trust nothing).
 */
export function isValidIn(
  root: GraphNode,
  source: EntitySource,
  clock: number,
  walk: Walk,
  since = Infinity,
): boolean {
  if (root.checked === clock) return (root.state & VALID) !== 0
  if (root.trusted(since)) {
    root.checked = clock
    return true
  }
  if (root.deps === NO_DEPS) {
    // A leaf is its own component: its reads decide.
    const valid = root.ownReadsHold(source)
    root.settle(clock, valid)
    return valid
  }
  try {
    return walkFrom(root, source, clock, walk, since)
  } catch (error) {
    abandon(walk)
    throw error
  }
}

/**
 * A walk a throwing source interrupted: the nodes it had stacked get no verdict (the next check
 * walks them again) and its stacks are emptied. The verdicts it reached stay: they were complete.
 */
function abandon(walk: Walk): void {
  for (const node of walk.stack) {
    node.checked = -1
    node.state = 0
  }
  walk.frames.length = 0
  walk.cursors.length = 0
  walk.lows.length = 0
  walk.stack.length = 0
}

/** The walk of {@link isValidIn} from a root that is not settled, trusted or a leaf. */
function walkFrom(
  root: GraphNode,
  source: EntitySource,
  clock: number,
  walk: Walk,
  since: number,
): boolean {
  const { frames, cursors, lows, stack } = walk
  walk.counter = 0
  open(root, source, clock, walk)
  while (frames.length > 0) {
    const top = frames.length - 1
    const node = frames[top] as GraphNode
    const deps = node.deps
    let next = cursors[top] as number
    let descended = false
    while (next < deps.length && (node.state & OK) !== 0) {
      const child = deps[next++] as GraphNode
      if (child.built > node.built) {
        // Rebuilt after `node` was: `node` holds its previous instance.
        node.state &= ~OK
      } else if (child.checked !== clock) {
        if (child.trusted(since)) {
          child.checked = clock
        } else if (child.deps === NO_DEPS) {
          // A leaf is its own component: its reads decide.
          const holds = child.ownReadsHold(source)
          child.checked = clock
          child.state = holds ? VALID : 0
          if (!holds) node.state &= ~OK
        } else {
          cursors[top] = next
          open(child, source, clock, walk)
          descended = true
          break
        }
      } else if ((child.state & ON_STACK) !== 0) {
        const index = indexOf(child)
        if (index < (lows[top] as number)) lows[top] = index
      } else if ((child.state & VALID) === 0) {
        node.state &= ~OK
      }
    }
    if (descended) continue
    frames.pop()
    cursors.pop()
    const low = lows.pop() as number
    if (low === indexOf(node)) {
      // `node` roots a strongly connected component: one verdict for all its members.
      let ok = true
      for (let i = stack.length - 1; ; i--) {
        const member = stack[i] as GraphNode
        if ((member.state & OK) === 0) ok = false
        if (member === node) break
      }
      let member: GraphNode
      do {
        member = stack.pop() as GraphNode
        member.state = ok ? VALID : 0
      } while (member !== node)
    }
    const parent = frames[frames.length - 1]
    if (parent) {
      if ((node.state & ON_STACK) !== 0) {
        const up = lows.length - 1
        if (low < (lows[up] as number)) lows[up] = low
      } else if ((node.state & VALID) === 0) {
        parent.state &= ~OK
      }
    }
  }
  return (root.state & VALID) !== 0
}
