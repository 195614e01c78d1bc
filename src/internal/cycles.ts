/**
 * Finding a value that contains itself: an object that a member (or a member's member) refers
 * back to. JSON cannot write one, so the state must never hold one. Without recursion, so a value
 * nested as deep as a response may be is checked too.
 */

/** One object being walked: its members, and how far along them the walk is. */
interface Frame {
  readonly node: object
  readonly keys: readonly string[]
  next: number
}

/**
 * Where `root` first reaches an object that holds it, as the path of the member that refers
 * back (`parent`, `children[0].parent`, `[1].back`); `undefined` when it never does. Objects
 * reached twice along different paths (shared, not cyclic) are fine.
 */
export function cyclePath(root: unknown): string | undefined {
  if (typeof root !== 'object' || root === null) return undefined
  const onPath = new Set<object>([root])
  const done = new Set<object>()
  const stack: Frame[] = [{ node: root, keys: Object.keys(root), next: 0 }]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame
    if (frame.next === frame.keys.length) {
      stack.pop()
      onPath.delete(frame.node)
      done.add(frame.node)
      continue
    }
    const key = frame.keys[frame.next++] as string
    const child: unknown = (frame.node as Record<string, unknown>)[key]
    if (typeof child !== 'object' || child === null || done.has(child)) continue
    if (onPath.has(child)) return pathOf(stack)
    onPath.add(child)
    stack.push({ node: child, keys: Object.keys(child), next: 0 })
  }
  return undefined
}

/** The path from the root to the member each open frame is at (the one before its `next`). */
function pathOf(stack: readonly Frame[]): string {
  let path = ''
  for (const frame of stack) {
    const key = frame.keys[frame.next - 1] as string
    path += Array.isArray(frame.node) ? `[${key}]` : path === '' ? key : `.${key}`
  }
  return path
}
