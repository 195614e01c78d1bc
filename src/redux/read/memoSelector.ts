/**
 * The memoized selector every read of a cache is made of: `combine` of its inputs, recomputed
 * only when an input changed (`===`), like a reselect selector of cache size 1, but light (a
 * closure, no per-selector bookkeeping: a cache may hold a selector per call it ever read) and
 * holding its last object inputs weakly, so a selector never keeps an old state, or an old
 * table, alive: memory follows what the store holds now.
 *
 * One remembered computation per read lane (one lane per store, see readLanes.ts): a selector
 * that reads store A, then store B, then A again returns A's result again without recomputing.
 * The lane is looked up only when the inputs differ from the last call's, so a store whose
 * readers run on every dispatch pays nothing for it.
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

function holdsAll(slots: readonly Slot[], values: readonly unknown[]): boolean {
  if (slots.length !== values.length) return false
  for (let i = 0; i < values.length; i++) {
    if (!holds(slots[i] as Slot, values[i])) return false
  }
  return true
}

/** What a selector remembers for one lane: the inputs (held weakly) and the result. */
interface LaneMemo<T> {
  slots: Slot[]
  result: T
}

/** A selector made by {@link memoSelector}. */
export interface MemoSelector<T, L> {
  (root: unknown): T
  /**
   * Forgets what it remembers for `lane` (its store was reset): it keeps none of that store's
   * old results alive, and stays the same selector for every store.
   */
  forget(lane: L): void
}

/**
 * A selector over the root state (see the module comment).
 *
 * Lanes are found through a WeakMap, never a WeakRef: V8 keeps the target of every WeakRef made
 * or dereferenced alive until the current job ends, so a WeakRef to a lane pinned the whole memo
 * of every cache a synchronous loop (a test, a server render, a benchmark) made and dropped.
 * @param inputs - the selectors whose values `combine` takes, compared by `===`
 * @param laneOf - the read lane of a root state
 * @param combine - computes the result from the lane, the lane's previous result (`undefined`
 * on its first computation) and the inputs' values
 */
export function memoSelector<T, L extends object>(
  inputs: ReadonlyArray<(root: unknown) => unknown>,
  laneOf: (root: unknown) => L,
  combine: (lane: L, previous: T | undefined, ...values: any[]) => T,
): MemoSelector<T, L> {
  /** The memo of the lane read last. */
  let current: LaneMemo<T> | undefined
  /** Every lane's memo (the lane held weakly). */
  const byLane = new WeakMap<L, LaneMemo<T>>()
  // Reused on every call: a selector runs on every dispatch, for every mounted reader.
  const values: unknown[] = new Array(inputs.length)
  const selector = (root: unknown): T => {
    for (let i = 0; i < inputs.length; i++) {
      values[i] = (inputs[i] as (root: unknown) => unknown)(root)
    }
    let memo = current
    if (memo === undefined || !holdsAll(memo.slots, values)) {
      const lane = laneOf(root)
      memo = byLane.get(lane)
      if (memo === undefined) {
        // Remembered once computed: a computation that throws leaves nothing behind.
        memo = { slots: [], result: combine(lane, undefined, ...values) }
        memo.slots = values.map(slotOf)
        byLane.set(lane, memo)
      } else if (!holdsAll(memo.slots, values)) {
        memo.result = combine(lane, memo.result, ...values)
        memo.slots = values.map(slotOf)
      }
      current = memo
    }
    // Let go of this call's inputs (the slots hold objects weakly).
    values.fill(undefined)
    return memo.result
  }
  return Object.assign(selector, {
    forget(lane: L): void {
      const memo = byLane.get(lane)
      if (memo === undefined) return
      byLane.delete(lane)
      if (current === memo) current = undefined
    },
  })
}
