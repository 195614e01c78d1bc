/**
 * Polling of one store: one timer per request key however many subscribers, at the smallest
 * `pollFrequency` among them, stopped when the last one leaves. As in data-client, the first poll
 * is timed from the call's last response: at once when it has none or it is older than the
 * frequency, otherwise when it turns that old; then every `frequency` ms.
 */

/** The longest delay timers keep (2³¹−1 ms, about 24.8 days): a longer one fires at once. */
export const MAX_POLL_FREQUENCY = 2 ** 31 - 1

interface Poll {
  /** Subscribers by the frequency each asked for. */
  readonly counts: Map<number, number>
  /** The smallest frequency asked for: the one polled at. */
  frequency: number
  readonly poll: () => void
  /** When the call's last response arrived (0: never). */
  readonly lastResponse: () => number
  start: ReturnType<typeof setTimeout> | undefined
  interval: ReturnType<typeof setInterval> | undefined
}

/** What a subscriber gives: how to poll, and how to tell when the call was last answered. */
export interface PollSource {
  readonly poll: () => void
  readonly lastResponse: () => number
}

function stop(current: Poll): void {
  if (current.start !== undefined) clearTimeout(current.start)
  if (current.interval !== undefined) clearInterval(current.interval)
  current.start = undefined
  current.interval = undefined
}

/** (Re)starts a poll at its frequency: first when the last response is that old, then on. */
function run(current: Poll): void {
  stop(current)
  const { frequency } = current
  // A response stamped ahead of this machine's clock (a server's, hydrated) counts as new.
  const age = Math.max(0, Date.now() - current.lastResponse())
  const wait = Math.min(Math.max(0, frequency - age), frequency)
  current.start = setTimeout(() => {
    current.start = undefined
    current.interval = setInterval(current.poll, frequency)
    current.poll()
  }, wait)
}

/** The polls of one store, by request key. */
export class Polls {
  private readonly byKey = new Map<string, Poll>()

  /**
   * Adds a subscriber to `key`'s poll, starting it for the first; one asking for a smaller
   * frequency than the poll's makes it poll at that one.
   */
  subscribe(key: string, asked: number, source: PollSource): void {
    const frequency = Math.min(asked, MAX_POLL_FREQUENCY)
    const current = this.byKey.get(key)
    if (!current) {
      const made: Poll = {
        counts: new Map([[frequency, 1]]),
        frequency,
        poll: source.poll,
        lastResponse: source.lastResponse,
        start: undefined,
        interval: undefined,
      }
      this.byKey.set(key, made)
      run(made)
      return
    }
    current.counts.set(frequency, (current.counts.get(frequency) ?? 0) + 1)
    if (frequency < current.frequency) {
      current.frequency = frequency
      run(current)
    }
  }

  /**
   * Removes a subscriber of `frequency`; the poll stops with the last, and slows down to the
   * smallest frequency left when the last subscriber of the one it polled at leaves.
   */
  unsubscribe(key: string, asked: number): void {
    const current = this.byKey.get(key)
    if (!current) return
    let frequency = Math.min(asked, MAX_POLL_FREQUENCY)
    // A frequency no subscriber asked for (the endpoint's changed since, or another endpoint
    // object of the same call): one subscriber still leaves, the slowest, so no poll is kept
    // alive by nobody.
    if (!current.counts.has(frequency)) frequency = Math.max(...current.counts.keys())
    const count = current.counts.get(frequency) as number
    if (count > 1) current.counts.set(frequency, count - 1)
    else current.counts.delete(frequency)
    if (current.counts.size === 0) {
      stop(current)
      this.byKey.delete(key)
      return
    }
    const smallest = Math.min(...current.counts.keys())
    if (smallest !== current.frequency) {
      current.frequency = smallest
      run(current)
    }
  }

  /** How many keys are polled. */
  get size(): number {
    return this.byKey.size
  }
}
