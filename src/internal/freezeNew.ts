import { isPlainObject, setOwn } from './ownKeys'

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

/**
 * `root` deep-frozen as a copy: each plain object and array under it that is not frozen yet is
 * copied member by member, in its own order (copies of one member list share a hidden class),
 * and the copy is frozen; frozen values are kept as they are, and an object met twice is copied
 * once. So what a caller handed over (a function's response, a `setResponse` value, the nested
 * members of its records) is never frozen under them. An object that is not data as it stands
 * (a class instance, symbol-keyed or non-enumerable members) is frozen in place instead.
 */
export function frozenCopy<T>(root: T): T {
  const copies = new Map<object, object>()
  const pending: Array<readonly [object, object]> = []
  const copyOf = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
    const known = copies.get(value)
    if (known !== undefined) return known
    const shell = shellOf(value)
    if (shell === undefined) return freezeNew(value)
    copies.set(value, shell)
    pending.push([value, shell])
    return shell
  }
  const result = copyOf(root)
  while (pending.length > 0) {
    const [from, to] = pending.pop() as readonly [object, object]
    if (Array.isArray(from)) {
      for (let i = 0; i < from.length; i++) (to as unknown[]).push(copyOf(from[i]))
    } else {
      const keys = Object.keys(from)
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string
        setOwn(to, key, copyOf((from as Record<string, unknown>)[key]))
      }
    }
  }
  for (const copy of copies.values()) Object.freeze(copy)
  return result as T
}

/** An empty copy to fill for `value`, or `undefined` when it is not copied (see frozenCopy). */
function shellOf(value: object): object | undefined {
  if (Array.isArray(value)) return []
  if (!isPlainObject(value)) return undefined
  if (Reflect.ownKeys(value).length !== Object.keys(value).length) return undefined
  return {}
}
