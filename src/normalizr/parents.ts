/**
 * The reverse edges of the dependency graph (see ChangeTracker.ts) are lists that only grow as
 * nodes register: they drop what is gone as they grow, and when records are forgotten.
 */
import { EntityNode, FORGOTTEN, heldNode } from './graph'
import type { GraphNode, Parent } from './graph'

/** Adds `parent` to the holders of `child` (once, in the usual cases; see {@link prune}). */
export function addParent(child: GraphNode, parent: Parent): void {
  const parents = child.parents
  if (parents === undefined) child.parents = parent
  else if (parents === parent) return
  else if (Array.isArray(parents)) pushParent(parents, parent)
  else child.parents = [parents, parent]
}

/** Appends `parent` to `list` unless it is the last one; prunes the list at each power of two. */
export function pushParent<P extends Parent>(list: P[], parent: P): void {
  if (list[list.length - 1] === parent) return
  list.push(parent)
  // Growing past a power of two: drop the dead and the repeated, so stale edges stay bounded.
  if (list.length >= 16 && (list.length & (list.length - 1)) === 0) prune(list)
}

/** The node `parent` names, or `undefined` when it is gone: collected, or forgotten by the memo. */
export function liveNode(parent: Parent): GraphNode | undefined {
  const node = heldNode(parent)
  if (node instanceof EntityNode && node.record === FORGOTTEN) return undefined
  return node
}

/** Removes results gone, entity nodes forgotten, and repeats. */
export function prune<P extends Parent>(list: P[]): void {
  const seen = new Set<P>()
  let kept = 0
  for (const parent of list) {
    if (!liveNode(parent) || seen.has(parent)) continue
    seen.add(parent)
    list[kept++] = parent
  }
  list.length = kept
}

/** Drops the holders of `child` that are gone (records were forgotten: nothing marks them again). */
export function dropGoneParents(child: GraphNode): void {
  const parents = child.parents
  if (parents === undefined) return
  if (Array.isArray(parents)) {
    prune(parents)
    if (parents.length === 0) child.parents = undefined
  } else if (!liveNode(parents)) {
    child.parents = undefined
  }
}
