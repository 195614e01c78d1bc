/**
 * Helpers that treat every string as an ordinary key. Plain `obj[key] = value` with `key ===
 * '__proto__'` would replace the prototype, and `obj[key]` reads inherited members such as
 * `toString` or `constructor`; these never do either.
 */

const hasOwnProperty = Object.prototype.hasOwnProperty

/** True when `obj` itself (not its prototype chain) holds `key`. */
export function hasOwn(obj: object, key: PropertyKey): boolean {
  return hasOwnProperty.call(obj, key)
}

/** Reads `obj[key]` only when `obj` holds it itself; inherited members read as `undefined`. */
export function getOwn<T = unknown>(
  obj: object | undefined | null,
  key: string | number,
): T | undefined {
  if (obj == null) return undefined
  return hasOwnProperty.call(obj, key) ? ((obj as Record<string, T>)[key] as T) : undefined
}

/** Writes `obj[key] = value` as an own, enumerable data property, whatever `key` is. */
export function setOwn(obj: object, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
  } else {
    ;(obj as Record<string, unknown>)[key] = value
  }
}

/**
 * Sets every own enumerable string-keyed member of `from` on `to`, in `Object.keys` order, with
 * {@link setOwn} (a `__proto__` member stays data). Returns `to`.
 */
export function assignOwn<T extends object>(to: T, from: object): T {
  const keys = Object.keys(from)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    setOwn(to, key, (from as Record<string, unknown>)[key])
  }
  return to
}

/** Removes an own member; a no-op when absent. */
export function deleteOwn(obj: object, key: string): void {
  if (hasOwnProperty.call(obj, key)) delete (obj as Record<string, unknown>)[key]
}

/** Shallow copy of a plain object that keeps `__proto__` and friends as own data members. */
export function copyOwn<T extends object>(obj: T): T {
  return { ...obj }
}

/**
 * True for `{}`-style objects: the prototype is Object.prototype, null, or the Object.prototype of
 * another realm (a prototype whose own prototype is null). `fetch(...).json()` and
 * `structuredClone` under Jest, an iframe's or a `vm` context's objects are plain data too.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto: unknown = Object.getPrototypeOf(value)
  // Another realm's Object.prototype (or any prototype-less object used as a prototype).
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null
}
