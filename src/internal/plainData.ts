/**
 * What a response is stored as when it holds more than JSON data: the value `JSON.stringify`
 * would write, as objects rather than text. A Date becomes its ISO string (`null` when invalid),
 * NaN and ±Infinity `null`,
 * anything with `toJSON` what that returns, a class instance a plain object of its own enumerable
 * members, a bigint its decimal string; functions and symbols are left out (`null` in arrays).
 * Shared objects and cycles stay shared and cyclic (entities of a response may point at each
 * other), so normalizing the copy is normalizing the response.
 */
import { assertNotTooDeep } from './depth'
import { hasOwn, isPlainObject, setOwn } from './ownKeys'

/**
 * `value` as JSON data (see the module's doc). Without recursion, so a response nested deeper
 * than the call stack allows is copied too (its entities are stored flat; the depth of what is
 * stored is checked after normalizing).
 */
export function toPlainData(value: unknown, keepUndefinedMembers = false): unknown {
  const copy = new PlainCopy(keepUndefinedMembers)
  const root = copy.begin(value, true)
  copy.fill()
  return root
}

/**
 * `record` as JSON data, for what an Entity's own `process` or `merge` made: `record` itself when
 * it is, else a plain copy whose members that are not JSON data (a Date, NaN, an instance) are
 * what {@link toPlainData} makes of them. A record that is not a plain object (an instance
 * `fromJS` made) is copied as its own members. Members the schema does not name are looked into
 * (and refused when they nest deeper than a stored response may); a member it names as a plain
 * object, or a list of them, is looked into by that schema the same way; a member it names as an
 * entity or a schema object (a Union, `schema.Values`) only for its own kind: the entities in it
 * are normalized, and checked, by their own class, so a tree of records is looked at once in all.
 * @param level - how many object schemas deep `record` is (see `SCHEMA_LEVELS`)
 */
export function plainMembers(
  record: Record<string, unknown>,
  schema: Record<string, unknown>,
  level = 0,
): Record<string, unknown> {
  let copy = isPlainObject(record) ? undefined : ownMembersOf(record)
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (value === undefined) {
      // Left out, as JSON leaves it out (see `isJsonPrimitive` in depth.ts).
      copy ??= { ...record }
      delete copy[key]
      continue
    }
    const plain = hasOwn(schema, key) ? plainUnder(value, schema[key], level) : plainOrNot(value)
    if (Object.is(plain, value)) continue // not ===: -0 becomes 0
    copy ??= { ...record }
    if (plain === undefined) delete copy[key]
    else setOwn(copy, key, plain)
  }
  return copy ?? record
}

/** `value` when it is JSON data (nested no deeper than a response may), else its plain copy. */
function plainOrNot(value: unknown): unknown {
  return assertNotTooDeep(value) ? value : toPlainData(value)
}

/** How many levels of object schemas {@link plainUnder} follows (a schema may name itself). */
const SCHEMA_LEVELS = 64

/** {@link plainOrNot} for a member whose schema is `memberSchema` (see {@link plainMembers}). */
function plainUnder(value: unknown, memberSchema: unknown, level: number): unknown {
  if (typeof value !== 'object' || value === null) return plainOrNot(value)
  if (level < SCHEMA_LEVELS && isPlainObject(memberSchema) && isPlainObject(value)) {
    return plainMembers(value, memberSchema, level + 1)
  }
  if (
    level < SCHEMA_LEVELS &&
    Array.isArray(memberSchema) &&
    memberSchema.length === 1 &&
    Array.isArray(value)
  ) {
    const itemSchema: unknown = memberSchema[0]
    if (isPlainObject(itemSchema)) {
      let items: unknown[] | undefined
      value.forEach((item: unknown, i) => {
        const plain = plainUnder(item, itemSchema, level + 1)
        if (Object.is(plain, item)) return // not ===: -0 becomes 0
        items ??= [...(value as unknown[])]
        items[i] = plain === undefined ? null : plain
      })
      return items ?? value
    }
  }
  // An entity, a list of them, a schema object: only its own kind (their entities are checked
  // by their class); a Date or an instance is not one.
  return Array.isArray(value) || isPlainObject(value) ? value : toPlainData(value)
}

/** A plain object of the own enumerable members of `value`. */
function ownMembersOf(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) setOwn(copy, key, value[key])
  return copy
}

/**
 * One copy in progress: {@link begin} gives each value its copy at once (a primitive, or an empty
 * container, filled later from a queue), so members keep their order and nothing recurses.
 */
class PlainCopy {
  /** The copy of each object met (`null` for a `toJSON` in progress). */
  private readonly copies = new Map<object, unknown>()
  /** Containers to fill: source, copy, source, copy, ... */
  private readonly jobs: object[] = []

  /**
   * @param keepUndefinedMembers - keep a member whose value is `undefined` (JSON leaves it out):
   *   a response's, which clears the member of the stored record it merges into, and is left out
   *   after the merge (`withoutUndefined`).
   */
  constructor(private readonly keepUndefinedMembers: boolean) {}

  /**
   * The copy of `value`: what JSON.stringify writes for it, `undefined` when it leaves it out.
   * With `callToJSON`, an object's `toJSON` is asked first (once, as JSON.stringify does).
   */
  begin(value: unknown, callToJSON: boolean): unknown {
    // As JSON.stringify writes it: NaN and ±Infinity as null, -0 as 0.
    if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null
    if (typeof value === 'bigint') return value.toString()
    if (typeof value === 'function' || typeof value === 'symbol') return undefined
    if (typeof value !== 'object' || value === null) return value
    const copies = this.copies
    const known = copies.get(value)
    if (known !== undefined || copies.has(value)) return known
    const toJSON = callToJSON ? (value as { toJSON?: unknown }).toJSON : undefined
    if (typeof toJSON === 'function') {
      copies.set(value, null) // a toJSON that returns its own object again ends here
      const json: unknown = (toJSON as () => unknown).call(value)
      const copy = json === value ? null : this.begin(json, false)
      copies.set(value, copy)
      return copy
    }
    const copy = Array.isArray(value) ? new Array<unknown>(value.length) : {}
    copies.set(value, copy)
    this.jobs.push(value, copy)
    return copy
  }

  /** Fills every container {@link begin} made, and those their members make. */
  fill(): void {
    const jobs = this.jobs
    while (jobs.length > 0) {
      const copy = jobs.pop() as Record<string, unknown>
      const source = jobs.pop() as Record<string, unknown>
      if (Array.isArray(source)) {
        const items = copy as unknown as unknown[]
        for (let i = 0; i < source.length; i++) {
          const item = this.begin(source[i], true)
          items[i] = item === undefined ? null : item
        }
      } else {
        for (const key of Object.keys(source)) {
          const value = source[key]
          const member = this.begin(value, true)
          if (member !== undefined || (value === undefined && this.keepUndefinedMembers)) {
            setOwn(copy, key, member)
          }
        }
      }
    }
  }
}

/**
 * `value` without `undefined`, as JSON writes it: an `undefined` member left out, an `undefined`
 * item `null`. Copies only the objects on the way to one (the rest keep their references);
 * `value` itself when it holds none. An object met again on its own path (a cycle) is left as
 * it is. Recursive: for values checked not too deep.
 */
export function withoutUndefined<T>(value: T, onPath = new Set<object>()): T {
  if (typeof value !== 'object' || value === null || onPath.has(value)) return value
  onPath.add(value)
  let copy: Record<string, unknown> | unknown[] | undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      const plain = item === undefined ? null : withoutUndefined(item, onPath)
      if (plain === item) continue
      copy ??= value.slice()
      ;(copy as unknown[])[i] = plain
    }
  } else {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const member = record[key]
      if (member === undefined) {
        copy ??= { ...record }
        delete (copy as Record<string, unknown>)[key]
        continue
      }
      const plain = withoutUndefined(member, onPath)
      if (plain === member) continue
      copy ??= { ...record }
      setOwn(copy, key, plain)
    }
  }
  onPath.delete(value)
  return (copy ?? value) as T
}
