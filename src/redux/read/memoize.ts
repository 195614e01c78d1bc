/**
 * The memoizer of every cache selector: remembers the last arguments and result (like reselect's
 * `lruMemoize` of size 1) but holds object arguments weakly, so a selector never keeps an old
 * state, or an old table, alive: memory follows what the store holds now. Primitives are compared
 * by value and held as they are (one value each).
 */

type Slot = { readonly ref: WeakRef<object> } | { readonly value: unknown }

function slotOf(arg: unknown): Slot {
  return (typeof arg === 'object' && arg !== null) || typeof arg === 'function'
    ? { ref: new WeakRef(arg as object) }
    : { value: arg }
}

function holds(slot: Slot, arg: unknown): boolean {
  return 'ref' in slot ? slot.ref.deref() === arg : slot.value === arg
}

/** Memoizes `func` on its last arguments, held weakly (see the module comment). */
export function weakLastMemoize<TFunc extends (...args: any[]) => any>(func: TFunc) {
  let slots: Slot[] | undefined
  let result: ReturnType<TFunc>
  const memoized = function (...args: unknown[]): ReturnType<TFunc> {
    if (slots && slots.length === args.length && slots.every((slot, i) => holds(slot, args[i]))) {
      return result
    }
    result = func(...args) as ReturnType<TFunc>
    slots = args.map(slotOf)
    return result
  } as TFunc & { clearCache: () => void }
  memoized.clearCache = () => {
    slots = undefined
    result = undefined as ReturnType<TFunc>
  }
  return memoized
}
