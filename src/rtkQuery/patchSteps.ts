/**
 * The changes the bridge makes to one RTK Query entry's data, and the two ways it makes them:
 * through the draft of `updateQueryData` (RTK Query then records Immer patches, which its
 * DevTools show), or on copies made outside the draft, for paths that name a key Immer refuses
 * to replay. Either way only the objects on the changed paths are new; the rest keep their
 * references.
 */
import { getOwn, isPlainObject, setOwn } from '../internal/ownKeys'
import type { PathStep } from './locate'

/** A member to set on the object at `path`. */
export interface MemberSet {
  readonly path: readonly PathStep[]
  readonly member: string
  readonly value: unknown
}

/** A member to remove from the object at `path`. */
export interface MemberDelete {
  readonly path: readonly PathStep[]
  readonly member: string
}

/** Items to drop from the array at `path`. */
export interface Removal {
  readonly path: readonly PathStep[]
  readonly indices: Set<number>
}

/** A member removed or an array's items dropped, with the depth of what it changes. */
export type DropStep = (MemberDelete | Removal) & { readonly depth: number }

/** A patch's changes in the order they are made (see `stepsOf` in patch.ts). */
export interface PatchSteps {
  readonly writes: readonly MemberSet[]
  /** Deepest first. */
  readonly drops: readonly DropStep[]
  /** Items dropped from the data itself, when it is a list: the last change. */
  readonly root: Removal | undefined
}

/** The value at `path` inside `root` (own members only). */
export function at(root: unknown, path: readonly PathStep[]): unknown {
  let value = root
  for (const step of path) value = getOwn(value as object | undefined, step)
  return value
}

/** The array without the items at `indices`, the others in order. */
export const without = (items: unknown[], indices: ReadonlySet<number>): unknown[] =>
  items.filter((_, i) => !indices.has(i))

/** Keys Immer refuses in a patch's path (it would reach the prototype). */
const RESERVED = new Set<PathStep>(['__proto__', 'constructor', 'prototype'])

/**
 * True when a path or member of `steps`, or a key inside a value it writes, is one Immer refuses
 * to replay (it copies a patch's value key by key, so an own `__proto__` key inside one would
 * become the copy's prototype).
 */
export function touchesReservedKey(steps: PatchSteps): boolean {
  const named = (path: readonly PathStep[]) => path.some((step) => RESERVED.has(step))
  return (
    steps.writes.some(
      ({ path, member, value }) => named(path) || RESERVED.has(member) || holdsReservedKey(value),
    ) ||
    steps.drops.some((drop) => named(drop.path) || ('member' in drop && RESERVED.has(drop.member)))
  )
}

/** True when `value` or an object inside it has an own key Immer refuses (a cycle ends). */
function holdsReservedKey(value: unknown, onPath = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null || onPath.has(value)) return false
  onPath.add(value)
  for (const key of Object.keys(value)) {
    if (RESERVED.has(key)) return true
    if (holdsReservedKey((value as Record<string, unknown>)[key], onPath)) return true
  }
  onPath.delete(value)
  return false
}

/**
 * Makes the changes of `steps` but the root's, on the object `writable(path)` gives for a path
 * (the draft's own, or a copy). A change whose place is gone (a value of another shape now) is
 * left out.
 */
export function applySteps(
  data: unknown,
  steps: PatchSteps,
  writable: (path: readonly PathStep[]) => unknown,
): void {
  for (const { path, member, value } of steps.writes) {
    const target = writable(path)
    if (typeof target === 'object' && target !== null) setOwn(target, member, value)
  }
  for (const drop of steps.drops) {
    if ('member' in drop) {
      const target = writable(drop.path)
      if (isPlainObject(target) && Object.prototype.hasOwnProperty.call(target, drop.member)) {
        delete target[drop.member]
      }
      continue
    }
    const items = at(data, drop.path)
    if (!Array.isArray(items)) continue
    const parent = writable(drop.path.slice(0, -1))
    const step = drop.path[drop.path.length - 1] as PathStep
    if (typeof parent === 'object' && parent !== null) {
      setOwn(parent, String(step), without(items, drop.indices))
    }
  }
}

/**
 * The data after `steps`, made outside any draft: each object on a changed path is copied once
 * (own members only, so a `__proto__` key stays data), everything else is shared with `data`.
 */
export function patchedCopy(data: unknown, steps: PatchSteps): unknown {
  if (typeof data !== 'object' || data === null) return data
  const made = new Set<object>()
  const fresh = (value: object): object => {
    if (made.has(value)) return value
    const copy = Array.isArray(value) ? value.slice() : { ...value }
    made.add(copy)
    return copy
  }
  const root = fresh(data)
  const writable = (path: readonly PathStep[]): unknown => {
    let node: object = root
    for (const step of path) {
      const child = getOwn(node, step)
      if (typeof child !== 'object' || child === null) return undefined
      const copy = fresh(child)
      if (copy !== child) setOwn(node, String(step), copy)
      node = copy
    }
    return node
  }
  applySteps(root, steps, writable)
  return steps.root && Array.isArray(root) ? without(root, steps.root.indices) : root
}
