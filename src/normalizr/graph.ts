/**
 * The dependency graph behind memoized reads. Every denormalized entity instance and every
 * memoized result is a {@link GraphNode} that remembers what it read: the records it was built
 * from and the nodes it points to. A node may be reused for a snapshot when nothing it can reach
 * has changed; {@link isValidIn} decides that with an iterative Tarjan walk (strongly connected
 * components share one verdict, so cycles are exact), visiting each node at most once per
 * snapshot and never recursing (10,000-long chains are fine).
 */
import type { EntityRecord, EntitySchemaContract, EntitySource } from './types'

/** A read of an entity that produced no node (missing, deleted, or rejected by validate). */
export class RecordDep {
  constructor(
    readonly key: string,
    readonly pk: string,
    readonly record: EntityRecord | undefined,
  ) {}
}

/** A read of a whole table (`schema.All`). */
export class TableDep {
  constructor(
    readonly key: string,
    readonly table: object | undefined,
  ) {}
}

/** What a node read while it was built. */
export type Dep = GraphNode | RecordDep | TableDep

/** Anything memoized against entity snapshots. */
export class GraphNode {
  deps: Dep[] = []
  /** The snapshot this node was last checked (or built) against, and the verdict. */
  token: object | undefined
  valid = false
  // Tarjan scratch space, meaningful only while a check runs.
  index = 0
  low = 0
  onStack = false
  ok = false

  /** Checks only this node's own reads (not the nodes it points to). */
  ownReadsHold(source: EntitySource): boolean {
    for (const dep of this.deps) {
      if (dep instanceof RecordDep) {
        if (source.getEntity(dep.key, dep.pk) !== dep.record) return false
      } else if (dep instanceof TableDep) {
        if (source.getTable(dep.key) !== dep.table) return false
      }
    }
    return true
  }
}

/** One denormalized entity instance and the stored record it was built from. */
export class EntityNode extends GraphNode {
  constructor(
    readonly entity: EntitySchemaContract,
    readonly pk: string,
    readonly record: EntityRecord,
    readonly instance: Record<string, unknown>,
    token: object,
  ) {
    super()
    this.token = token
    this.valid = true
  }

  override ownReadsHold(source: EntitySource): boolean {
    return source.getEntity(this.entity.key, this.pk) === this.record && super.ownReadsHold(source)
  }
}

interface Frame {
  node: GraphNode
  next: number
}

/**
 * True when nothing `root` can reach changed in `source`. Verdicts are cached on the nodes per
 * snapshot token, so checking many roots against one snapshot costs one visit per node in all.
 */
export function isValidIn(root: GraphNode, source: EntitySource): boolean {
  const token = source.token
  if (root.token === token) return root.valid
  let counter = 0
  const stack: GraphNode[] = []
  const frames: Frame[] = []
  const open = (node: GraphNode) => {
    node.token = token
    node.valid = false
    node.index = node.low = counter++
    node.onStack = true
    node.ok = node.ownReadsHold(source)
    stack.push(node)
    frames.push({ node, next: 0 })
  }
  open(root)
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame
    const node = frame.node
    const deps = node.deps
    let descended = false
    // Once a node is known to be stale we still finish its component bookkeeping, but need
    // not look at further children.
    while (frame.next < deps.length) {
      const child = deps[frame.next++]
      if (!(child instanceof GraphNode)) continue
      if (child.token !== token) {
        open(child)
        descended = true
        break
      }
      if (child.onStack) {
        if (child.index < node.low) node.low = child.index
      } else if (!child.valid) {
        node.ok = false
      }
    }
    if (descended) continue
    frames.pop()
    if (node.low === node.index) {
      // `node` roots a strongly connected component: one verdict for all its members.
      let ok = true
      for (let i = stack.length - 1; ; i--) {
        const member = stack[i] as GraphNode
        if (!member.ok) ok = false
        if (member === node) break
      }
      let member: GraphNode
      do {
        member = stack.pop() as GraphNode
        member.onStack = false
        member.valid = ok
      } while (member !== node)
    }
    const parent = frames[frames.length - 1]?.node
    if (parent) {
      if (node.onStack) {
        if (node.low < parent.low) parent.low = node.low
      } else if (!node.valid) {
        parent.ok = false
      }
    }
  }
  return root.valid
}
