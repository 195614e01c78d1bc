/**
 * The memoized selector every read of a cache is made of: `combine` of its inputs, recomputed
 * only when an input changed (`===`), like a reselect selector of cache size 1, but light (a
 * closure, no per-selector bookkeeping: a cache may hold a selector per call it ever read) and
 * holding its last object inputs weakly, so a selector never keeps an old state, or an old
 * table, alive: memory follows what the store holds now.
 */

/** One remembered input: an object held weakly, anything else as it is. */
type Slot = WeakRef<object> | { readonly value: unknown }

function slotOf(value: unknown): Slot {
  return (typeof value === 'object' && value !== null) || typeof value === 'function'
    ? new WeakRef(value as object)
    : { value }
}

function holds(slot: Slot, value: unknown): boolean {
  return slot instanceof WeakRef ? slot.deref() === value : slot.value === value
}

/** A selector over the root state (see the module comment). */
export function memoSelector<T>(
  inputs: ReadonlyArray<(root: unknown) => unknown>,
  combine: (...values: any[]) => T,
): (root: unknown) => T {
  let slots: Slot[] | undefined
  let result: T
  return (root) => {
    const values = inputs.map((input) => input(root))
    if (slots === undefined || !values.every((value, i) => holds(slots![i] as Slot, value))) {
      result = combine(...values)
      slots = values.map(slotOf)
    }
    return result
  }
}
