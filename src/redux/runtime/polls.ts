/**
 * Polling of one store: one timer per request key however many subscribers, stopped when the
 * last one leaves.
 */

interface Poll {
  subscribers: number
  readonly timer: ReturnType<typeof setInterval>
}

/** The polls of one store, by request key. */
export class Polls {
  private readonly byKey = new Map<string, Poll>()

  /** Adds a subscriber to `key`'s poll, starting it (every `frequency` ms) for the first. */
  subscribe(key: string, frequency: number, poll: () => void): void {
    let current = this.byKey.get(key)
    if (!current) {
      current = { subscribers: 0, timer: setInterval(poll, frequency) }
      this.byKey.set(key, current)
    }
    current.subscribers += 1
  }

  /** Removes a subscriber; the poll stops with the last. */
  unsubscribe(key: string): void {
    const current = this.byKey.get(key)
    if (!current) return
    current.subscribers -= 1
    if (current.subscribers > 0) return
    clearInterval(current.timer)
    this.byKey.delete(key)
  }

  /** How many keys are polled. */
  get size(): number {
    return this.byKey.size
  }
}
