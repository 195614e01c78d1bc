/**
 * Field conversions: in a schema, any function that is not a schema converts the stored value
 * on read. A class (`Date`, a `BigNumber`-like class) is constructed from it; any other function
 * (`Temporal.Instant.from`, `(s) => Number(s)`, `Number`) is called with it. The stored value
 * stays plain JSON: when normalizing, a value that has `toJSON` (a Date, a Temporal.Instant, a
 * BigNumber) is stored as what `toJSON` returns.
 */

/** Built-in functions that convert when called and box (or throw) when constructed. */
const CALLED: ReadonlySet<unknown> = new Set<unknown>([Number, String, Boolean, BigInt, Symbol])

/** Per function: whether it is constructed (a class) or called. */
const constructs = new WeakMap<object, boolean>()

/**
 * True when `fn` is constructed rather than called: a `class`, or a constructor function with
 * methods on its prototype (`Date`, pre-class libraries). Arrow functions, methods and bound
 * functions (no prototype), plain `function`s with an empty prototype and the primitive
 * wrappers (`Number`, `String`, ...) are called.
 */
export function isConstructed(fn: (...args: any[]) => unknown): boolean {
  let known = constructs.get(fn)
  if (known === undefined) {
    const proto: unknown = (fn as { prototype?: unknown }).prototype
    known =
      !CALLED.has(fn) &&
      typeof proto === 'object' &&
      proto !== null &&
      (Function.prototype.toString.call(fn).startsWith('class') ||
        Object.getOwnPropertyNames(proto).length > 1)
    constructs.set(fn, known)
  }
  return known
}

/** The value a stored field reads as under a conversion function. */
export function convertField(fn: (...args: any[]) => unknown, input: unknown): unknown {
  if (input === undefined || input === null) return input
  if (fn === Date) {
    return typeof input === 'string' || typeof input === 'number' ? new Date(input) : input
  }
  if (isConstructed(fn)) {
    if (input instanceof fn) return input
    return new (fn as unknown as new (value: unknown) => unknown)(input)
  }
  return fn(input)
}

/** The plain value a field is stored as: `toJSON()` when it has one (Dates as ISO strings). */
export function storeField(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  const toJSON = (value as { toJSON?: unknown }).toJSON
  return typeof toJSON === 'function' ? (toJSON as () => unknown).call(value) : value
}
