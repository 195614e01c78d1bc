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

/**
 * A settled request a reader waited for: its start, when it settled (`Date.now()`), and whether
 * a reader has committed a render since (its data was on screen).
 */
interface Settled {
  readonly fetchedAt: number
  readonly at: number
  shown: boolean
}

/** How long a settled note no reader has shown yet is kept (a reader that never committed). */
const UNSHOWN_KEPT_MS = 60_000

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
      this.byKey.set(key, { fetchedAt: flight.fetchedAt, at: Date.now(), shown: false })
    }
  }

  /** True when the request of `key` that started at `fetchedAt` is one a reader waited for. */
  asked(key: string, fetchedAt: number): boolean {
    return this.byKey.get(key)?.fetchedAt === fetchedAt
  }

  /**
   * True when the request of `key` that started at `fetchedAt` settled and no reader has
   * committed a render since: the readers that waited for it have not shown it yet (they render
   * under a Suspense boundary that a sibling still holds, or the machine is slow).
   */
  unshown(key: string, fetchedAt: number): boolean {
    const noted = this.byKey.get(key)
    return noted !== undefined && 'at' in noted && noted.fetchedAt === fetchedAt && !noted.shown
  }

  /** A reader of `key` committed a render: the settled request's data has been on screen. */
  shown(key: string): void {
    const noted = this.byKey.get(key)
    if (noted !== undefined && 'at' in noted) noted.shown = true
  }

  /** How many requests are noted (for tests). */
  get size(): number {
    return this.byKey.size
  }

  private prune(): void {
    const now = Date.now()
    for (const [key, noted] of this.byKey) {
      if (!('at' in noted)) continue
      const age = now - noted.at
      if (age > (noted.shown ? RENDER_GRACE_MS : UNSHOWN_KEPT_MS)) this.byKey.delete(key)
    }
    this.pruneAt = Math.max(PRUNE_FROM, 2 * this.byKey.size)
  }
}
