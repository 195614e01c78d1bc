/**
 * A value per store (keyed by its `getState`, held weakly), made on first use. The cache keeps
 * its non-state bookkeeping (requests in flight, page merges) this way.
 */
export function perStore<T>(create: () => T): (getState: () => unknown) => T {
  const values = new WeakMap<() => unknown, T>()
  return (getState) => {
    let value = values.get(getState)
    if (value === undefined) {
      value = create()
      values.set(getState, value)
    }
    return value
  }
}
