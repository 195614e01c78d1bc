/**
 * Field conversions: in a schema, any function that is not a schema converts the stored value
 * on read. A class (`Date`, a `BigNumber`-like class) is constructed from it; any other function
 * (`Temporal.Instant.from`, `(s) => Number(s)`, `Number`) is called with it. The stored value
 * stays plain JSON: when normalizing, a value that has `toJSON` (a Date, a Temporal.Instant, a
 * BigNumber) is stored as what `toJSON` returns.
 */

import { SchemaDefinitionError } from '../internal/errors'

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
    assertConversion(fn)
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

/**
 * Throws a {@link SchemaDefinitionError} when `fn`, used in a schema as a field conversion, is
 * an entity class that does not extend `Entity` (it has `pk()`): converting would store nothing
 * and read each value as a new instance of defaults, losing the data without a word. Two
 * property reads: cheap enough for every value a conversion stores.
 */
export function assertConversion(fn: (...args: any[]) => unknown): void {
  const proto = (fn as { prototype?: { pk?: unknown } }).prototype
  if (typeof proto !== 'object' || proto === null || typeof proto.pk !== 'function') return
  const name = fn.name || 'Anonymous'
  throw new SchemaDefinitionError(
    `${name} has pk() but is not an entity schema: used in a schema, it would be taken for a ` +
      `field conversion (constructed from each value) and its records would not be stored. ` +
      `Declare it as \`class ${name} extends Entity\`, or make it one with ` +
      `\`schema.Entity(${name}, { key: '${name}' })\`.`,
  )
}
