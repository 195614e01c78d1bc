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
  // Reused on every call: a selector runs on every dispatch, for every mounted reader.
  const values: unknown[] = new Array(inputs.length)
  return (root) => {
    let same = slots !== undefined
    for (let i = 0; i < inputs.length; i++) {
      const value = (inputs[i] as (root: unknown) => unknown)(root)
      values[i] = value
      if (same && !holds((slots as Slot[])[i] as Slot, value)) same = false
    }
    if (!same) {
      result = combine(...values)
      slots = values.map(slotOf)
    }
    // Let go of this call's inputs (the slots hold objects weakly).
    values.fill(undefined)
    return result
  }
}
