/**
 * Change tracking, for sources that report what changed (`EntitySource.forEachChangeSince`).
 *
 * Once a memo has read such a source twice, every node knows the nodes that hold it (reverse
 * edges; results are held weakly, so a forgotten result is not kept alive), and every read that
 * found a record missing or invalid, or listed a table, is indexed by what it read (ReaderIndex.ts:
 * readers held weakly, the index pruned). A reported change marks the nodes it reaches, upwards,
 * with the clock of the new snapshot. A node that was valid when last checked, was checked since
 * changes have been reported without a gap, and has not been marked since, is valid without a
 * look ({@link GraphNode.trusted}): a read after a small write costs O(what the write reaches),
 * not O(what the read reached).
 *
 * When records are forgotten, the nodes they had let go of them (see MemoCache.forgetEntities).
 *
 * A result also collects the children through which a mark reached it (`touched`), so that its
 * re-check looks at those only, and an entity list patches only them.
 */
import type { EntityNode, GraphNode, Parent } from './graph'
import { heldNode } from './graph'
import { addParent, dropGoneParents } from './parents'
import { ReaderIndex } from './ReaderIndex'
import type { Reader } from './ReaderIndex'
import { ResultNode } from './ResultNode'

/** More touched children than this: a result re-checks all it holds (marks stay cheap). */
const MAX_TOUCHED = 64

/** Calls `fn` with the node of `pk` in each class of table `key` that has one. */
export type ForEachNode = (key: string, pk: string, fn: (node: EntityNode) => void) => void

export class ChangeTracker {
  /** From when unmarked nodes can be trusted; Infinity while nothing is tracked. */
  trustedSince = Infinity
  enabled = false
  /** Nodes that read a record as missing or invalid, or listed a table, by what they read. */
  private readonly readers = new ReaderIndex()
  private readonly stack: Array<GraphNode | undefined> = []

  constructor(private readonly forEachNode: ForEachNode) {}

  /** Starts tracking: every existing entity node learns who holds it. Results register later. */
  enable(entityNodes: Iterable<EntityNode>, clock: number): void {
    this.enabled = true
    this.trustedSince = clock
    for (const node of entityNodes) this.register(node)
  }

  /** The snapshot changed without a report: nothing checked before `clock` is trusted. */
  untrust(clock: number): void {
    if (this.enabled) this.trustedSince = clock
  }

  /** Makes the deps and reads of `owner` (just built or checked) know it. */
  register(owner: GraphNode): void {
    const parent = owner instanceof ResultNode ? owner.weakRef() : owner
    const deps = owner.deps
    for (let i = 0; i < deps.length; i++) addParent(deps[i] as GraphNode, parent)
    this.readers.add(owner)
    if (owner instanceof ResultNode) owner.registered = true
  }

  /** A record of table `key` changed: marks what holds it or read it, at `clock`. */
  changed(key: string, pk: string, clock: number): void {
    this.forEachNode(key, pk, (node) => this.mark(node, clock))
    const readers = this.readers.ofRecord(key, pk)
    if (readers) for (const reader of readers) this.markReader(reader, clock)
    const tableReaders = this.readers.ofTable(key)
    if (tableReaders) for (const reader of tableReaders) this.markReader(reader, clock)
  }

  /**
   * Records `pks` of table `key` were forgotten, and with them the entity nodes `forgotten`
   * (already marked): the index of reads and the nodes they held let go of them.
   */
  forget(key: string, pks: readonly string[], forgotten: readonly EntityNode[]): void {
    this.readers.forget(key, pks, forgotten)
    const children = new Set<GraphNode>()
    for (const node of forgotten) for (const child of node.deps) children.add(child)
    for (const child of children) dropGoneParents(child)
  }

  /** Before a new snapshot is read: the index of reads is pruned when it has doubled. */
  tidy(): void {
    this.readers.tidy()
  }

  /** Marks `start` and every node that holds it, transitively (no recursion). */
  mark(start: GraphNode, clock: number): void {
    const stack = this.stack
    stack.push(start, undefined)
    while (stack.length > 0) {
      const via = stack.pop()
      const node = stack.pop() as GraphNode
      if (node instanceof ResultNode) {
        // Nothing holds a result: note through which child the change came.
        node.dirty = clock
        if (via) node.touch(via, MAX_TOUCHED)
        continue
      }
      if (node.dirty === clock) continue
      node.dirty = clock
      const parents = node.parents
      if (parents === undefined) continue
      if (Array.isArray(parents)) {
        for (const parent of parents) this.push(parent, node)
      } else {
        this.push(parents, node)
      }
    }
  }

  private markReader(reader: Reader, clock: number): void {
    const node = reader.deref()
    if (!node) return
    if (node instanceof ResultNode) {
      // Marked through its reads: its re-check reads them again (it always does).
      node.dirty = clock
      return
    }
    this.mark(node, clock)
  }

  private push(parent: Parent, via: GraphNode): void {
    const node = heldNode(parent)
    if (node) this.stack.push(node, via)
  }
}
