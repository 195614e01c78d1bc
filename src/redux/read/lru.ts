/** A Map that keeps at most `limit` entries, dropping the least recently used. */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>()

  constructor(
    private readonly limit: number,
    /** Told each entry dropped for room. */
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.map.size
  }

  get(key: K): V | undefined {
    const value = this.map.get(key)
    if (value !== undefined) {
      this.map.delete(key)
      this.map.set(key, value)
    }
    return value
  }

  set(key: K, value: V): void {
    this.map.delete(key)
    this.map.set(key, value)
    if (this.map.size > this.limit) {
      const oldest = this.map.entries().next()
      if (!oldest.done) {
        this.map.delete(oldest.value[0])
        this.onEvict?.(oldest.value[0], oldest.value[1])
      }
    }
  }

  /** Calls `visit` with each value, oldest first (the order of use is not changed). */
  forEach(visit: (value: V) => void): void {
    for (const value of this.map.values()) visit(value)
  }

  /** Removes `key`; true when it was there. */
  delete(key: K): boolean {
    return this.map.delete(key)
  }
}
