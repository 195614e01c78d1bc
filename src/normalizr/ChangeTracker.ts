/**
 * Change tracking, for sources that report what changed (`EntitySource.forEachChangeSince`).
 *
 * Once a memo has read such a source twice, every node knows the nodes that hold it (reverse
 * edges; results are held weakly, so a forgotten result is not kept alive), and every read that
 * found a record missing or invalid, or listed a table, is indexed by what it read. A reported
 * change marks the nodes it reaches, upwards, with the clock of the new snapshot. A node that was
 * valid when last checked, was checked since changes have been reported without a gap, and has
 * not been marked since, is valid without a look ({@link GraphNode.trusted}): a read after a
 * small write costs O(what the write reaches), not O(what the read reached).
 *
 * A result also collects the children through which a mark reached it (`touched`), so that its
 * re-check looks at those only, and an entity list patches only them.
 */
import { EntityNode, FORGOTTEN, RecordDep } from './graph'
import type { Parent, GraphNode } from './graph'
import { ResultNode } from './ResultNode'

/** More touched children than this: a result re-checks all it holds (marks stay cheap). */
const MAX_TOUCHED = 64

/** Calls `fn` with the node of `pk` in each class of table `key` that has one. */
export type ForEachNode = (key: string, pk: string, fn: (node: EntityNode) => void) => void

export class ChangeTracker {
  /** From when unmarked nodes can be trusted; Infinity while nothing is tracked. */
  trustedSince = Infinity
  enabled = false
  /** Nodes that read a record as missing or invalid, per table, per pk. */
  private readonly readers = new Map<string, Map<string, Parent[]>>()
  /** Nodes that listed a whole table, per table. */
  private readonly tableReaders = new Map<string, Parent[]>()
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
    const parent: Parent = owner instanceof ResultNode ? owner.weakRef() : owner
    const deps = owner.deps
    for (let i = 0; i < deps.length; i++) addParent(deps[i] as GraphNode, parent)
    for (const read of owner.reads) {
      if (read instanceof RecordDep) {
        let byPk = this.readers.get(read.key)
        if (!byPk) this.readers.set(read.key, (byPk = new Map()))
        const list = byPk.get(read.pk)
        if (list) pushParent(list, parent)
        else byPk.set(read.pk, [parent])
      } else {
        const list = this.tableReaders.get(read.key)
        if (list) pushParent(list, parent)
        else this.tableReaders.set(read.key, [parent])
      }
    }
    if (owner instanceof ResultNode) owner.registered = true
  }

  /** A record of table `key` changed: marks what holds it or read it, at `clock`. */
  changed(key: string, pk: string, clock: number): void {
    this.forEachNode(key, pk, (node) => this.mark(node, clock))
    const readers = this.readers.get(key)?.get(pk)
    if (readers) for (const reader of readers) this.markParent(reader, undefined, clock)
    const tableReaders = this.tableReaders.get(key)
    if (tableReaders) for (const reader of tableReaders) this.markParent(reader, undefined, clock)
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

  private markParent(parent: Parent, via: GraphNode | undefined, clock: number): void {
    const node = parent instanceof WeakRef ? parent.deref() : parent
    if (!node) return
    if (node instanceof ResultNode && !via) {
      // Marked through its reads: its re-check reads them again (it always does).
      node.dirty = clock
      return
    }
    this.mark(node, clock)
  }

  private push(parent: Parent, via: GraphNode): void {
    const node = parent instanceof WeakRef ? parent.deref() : parent
    if (node) this.stack.push(node, via)
  }
}

/** Adds `parent` to the holders of `child` (once, in the usual cases; see {@link prune}). */
function addParent(child: GraphNode, parent: Parent): void {
  const parents = child.parents
  if (parents === undefined) child.parents = parent
  else if (parents === parent) return
  else if (Array.isArray(parents)) pushParent(parents, parent)
  else child.parents = [parents, parent]
}

function pushParent(list: Parent[], parent: Parent): void {
  if (list[list.length - 1] === parent) return
  list.push(parent)
  // Growing past a power of two: drop the dead and the repeated, so stale edges stay bounded.
  if (list.length >= 16 && (list.length & (list.length - 1)) === 0) prune(list)
}

/** Removes results gone, entity nodes forgotten, and repeats. */
function prune(list: Parent[]): void {
  const seen = new Set<Parent>()
  let kept = 0
  for (const parent of list) {
    const node = parent instanceof WeakRef ? parent.deref() : parent
    if (!node || (node instanceof EntityNode && node.record === FORGOTTEN)) continue
    if (seen.has(parent)) continue
    seen.add(parent)
    list[kept++] = parent
  }
  list.length = kept
}
