/**
 * Deep-freezes `root` and everything under it that is not frozen yet, stopping at frozen
 * objects (they were frozen with everything under them). Iterative: depth is no concern.
 * Frozen state is what RTK's dev checks skip, so they cost O(change), not O(state).
 */
export function freezeNew<T>(root: T): T {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) continue
    Object.freeze(value)
    for (const key of Object.keys(value)) stack.push((value as Record<string, unknown>)[key])
  }
  return root
}
