/**
 * Which request keys readers of one store use now (mounted hooks, `cache.retain`), and when the
 * last reader of each let go: what garbage collection ages keys by. Not data, so not in the state.
 */

/** Readers of one store: a count per request key, and release times. */
export class RetainedKeys {
  private readonly counts = new Map<string, number>()
  private readonly released = new Map<string, number>()

  /** Marks `key` in use until the returned function is called (once; later calls do nothing). */
  retain(key: string): () => void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
    let held = true
    return () => {
      if (!held) return
      held = false
      const count = (this.counts.get(key) ?? 1) - 1
      if (count > 0) {
        this.counts.set(key, count)
      } else {
        this.counts.delete(key)
        this.released.set(key, Date.now())
      }
    }
  }

  /** True while at least one reader retains `key`. */
  isRetained(key: string): boolean {
    return this.counts.has(key)
  }

  /** The keys retained now. */
  retainedKeys(): IterableIterator<string> {
    return this.counts.keys()
  }

  /** When the last reader of `key` let go (epoch ms), if one ever did. */
  releasedAt(key: string): number | undefined {
    return this.released.get(key)
  }

  /** Drops the release time of `key` (while nobody retains it: a key the store does not hold). */
  forgetRelease(key: string): void {
    if (!this.counts.has(key)) this.released.delete(key)
  }

  /** Drops the release times of keys the store no longer holds (collected, or never stored). */
  forgetReleased(stored: (key: string) => boolean): void {
    for (const key of [...this.released.keys()]) if (!stored(key)) this.released.delete(key)
  }
}
