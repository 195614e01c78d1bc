/**
 * Which requests React readers (`useSuspense`, `useFetch`, `useDLE`) started or joined, per key:
 * the data such a request brings gets the render grace (react/renderGrace.ts), data any other
 * caller fetched does not.
 */
import type { Flight } from './inFlight'

/**
 * How long after it arrived React readers show `invalidIfStale` data that a reader's request
 * brought, whatever its expiry (react/renderGrace.ts).
 */
export const RENDER_GRACE_MS = 1_000

/** A settled request a reader waited for: its start, and when it settled (`Date.now()`). */
interface Settled {
  readonly fetchedAt: number
  readonly at: number
}

/** The fewest notes kept before settled ones past their grace are looked for and dropped. */
const PRUNE_FROM = 256

/**
 * The last request a reader started or joined, per key. A request in flight is held as its
 * flight (a render's request learns its start a microtask after it is made); once settled, as
 * its start and when it settled, so that nothing it answered is kept alive here. Notes settled
 * longer than the grace ago can no longer give one: they are dropped as the notes grow (each
 * time past twice what was left the last time, so each note costs O(1) on average). Requests in
 * flight are never dropped, however many readers wait at once.
 */
export class ReaderRequests {
  private readonly byKey = new Map<string, Flight | Settled>()
  private pruneAt = PRUNE_FROM

  /** Notes that a reader waits for `flight`. */
  note(key: string, flight: Flight): void {
    const byKey = this.byKey
    byKey.delete(key)
    byKey.set(key, flight)
    if (byKey.size > this.pruneAt) this.prune()
  }

  /** `flight` (of `key`) has settled: only its start is kept, if a reader waited for it. */
  settled(key: string, flight: Flight): void {
    if (this.byKey.get(key) === flight) {
      this.byKey.set(key, { fetchedAt: flight.fetchedAt, at: Date.now() })
    }
  }

  /** True when the request of `key` that started at `fetchedAt` is one a reader waited for. */
  asked(key: string, fetchedAt: number): boolean {
    return this.byKey.get(key)?.fetchedAt === fetchedAt
  }

  /** How many requests are noted (for tests). */
  get size(): number {
    return this.byKey.size
  }

  private prune(): void {
    const now = Date.now()
    for (const [key, noted] of this.byKey) {
      if ('at' in noted && now - noted.at > RENDER_GRACE_MS) this.byKey.delete(key)
    }
    this.pruneAt = Math.max(PRUNE_FROM, 2 * this.byKey.size)
  }
}
