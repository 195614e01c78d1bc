/**
 * How long a read answered from the tables alone stays fresh: as long as every record it holds.
 * data-client's `getResponse` dates such a read (no stored response, so no `expiresAt` of its
 * own) by the earliest expiry among the entities the read visited.
 */
import { EntityNode } from './graph'
import type { GraphNode } from './graph'
import type { EntitySource } from './types'

/**
 * The earliest `expiresAt` in `source` among the entities `root` holds: itself when it is one,
 * every entity its value holds, and the entities those hold, each looked at once (cycles are
 * fine). A record without meta (one only a pending optimistic layer holds) is skipped; a root
 * that holds no record with meta counts as expired (0): nothing in the tables says it is fresh.
 * One visit per entity, no recursion.
 */
export function earliestExpiry(root: GraphNode, source: EntitySource): number {
  let earliest = Infinity
  const note = (node: GraphNode) => {
    if (!(node instanceof EntityNode)) return
    // A record without meta is no server answer (a pending optimistic create shows one): it
    // does not date the read.
    const expiresAt = source.getMeta(node.entity.key, String(node.pk))?.expiresAt
    if (expiresAt !== undefined && expiresAt < earliest) earliest = expiresAt
  }
  note(root)
  if (root.deps.length > 0) {
    const seen = new Set<GraphNode>([root])
    const stack: GraphNode[] = [root]
    while (stack.length > 0) {
      const deps = (stack.pop() as GraphNode).deps
      for (let i = 0; i < deps.length; i++) {
        const dep = deps[i] as GraphNode
        if (seen.has(dep)) continue
        seen.add(dep)
        note(dep)
        if (dep.deps.length > 0) stack.push(dep)
      }
    }
  }
  return earliest === Infinity ? 0 : earliest
}
