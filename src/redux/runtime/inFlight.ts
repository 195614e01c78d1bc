/**
 * The requests in flight of one store: the one place that knows whether a request is in flight,
 * who waits for it, and whether it may be aborted. Promises and abort controllers are not data,
 * so they live here; the state only marks `pendingSince` for readers.
 */
import { abortReason } from '../../internal/abort'

/** One request in flight. */
export interface Flight {
  /** The request key (where its response is stored). */
  readonly key: string
  /**
   * When it started (the cache clock); 0 until then (a request a render starts is stamped in
   * the microtask that starts it, since the stamp reads the state).
   */
  fetchedAt: number
  /** Settles with the request (after its outcome is dispatched). */
  promise: Promise<unknown>
  /**
   * Aborts the request; only made when its first caller could abort, or only watches it (the
   * callers with a signal that join it later may then abort it).
   */
  readonly abort: AbortController | undefined
  /** Callers that still wait and could abort (a signal, or a mounted component). */
  abortable: number
  /** A caller that cannot abort waits for it: it is never aborted. */
  kept: boolean
  /**
   * The request is given the flight's signal (a RestEndpoint's fetch), so it ends soon after an
   * abort: the caller whose abort stopped it rejects once that end is written, so no marker of a
   * request in flight outlives its promise. A plain Endpoint's function never sees the signal.
   */
  readonly endsOnAbort: boolean
}

/** The requests in flight of one store. */
export class InFlightRequests {
  /** Requests other callers may join (GETs, by flight key). */
  private readonly shared = new Map<string, Flight>()
  /** How many requests are in flight per request key, and their starts. */
  private readonly byKey = new Map<string, Set<Flight>>()
  /**
   * Requests made outside the cache whose responses it will store (RTK Query's, through a
   * bridge), by their own id: their request key and start.
   */
  private readonly outside = new Map<string, { key: string; fetchedAt: number }>()

  /**
   * The request in flight that a call with this flight key joins, if any. A request already
   * aborted (its last caller left) is not: the call starts a new one, which takes its place.
   */
  joinable(flightKey: string): Flight | undefined {
    const flight = this.shared.get(flightKey)
    return flight?.abort?.signal.aborted ? undefined : flight
  }

  /**
   * Registers a request; `shareAs` makes it joinable by later calls. `signal` is its first
   * caller's: a request whose first caller cannot abort it is never aborted, unless that caller
   * only `watched` it.
   */
  start(
    key: string,
    fetchedAt: number,
    shareAs: string | undefined,
    signal?: AbortSignal,
    watched = false,
    endsOnAbort = false,
  ): Flight {
    const flight: Flight = {
      key,
      fetchedAt,
      promise: Promise.resolve(),
      abort: signal || watched ? new AbortController() : undefined,
      abortable: 0,
      kept: false,
      endsOnAbort,
    }
    let flights = this.byKey.get(key)
    if (!flights) this.byKey.set(key, (flights = new Set()))
    flights.add(flight)
    if (shareAs !== undefined) this.shared.set(shareAs, flight)
    return flight
  }

  /**
   * Forgets a request that settled (or was dropped). A request aborted and replaced by a new one
   * under the same flight key leaves the new one joinable.
   */
  finish(flight: Flight, shareAs: string | undefined): void {
    if (shareAs !== undefined && this.shared.get(shareAs) === flight) this.shared.delete(shareAs)
    const flights = this.byKey.get(flight.key)
    if (flights?.delete(flight) && flights.size === 0) this.byKey.delete(flight.key)
  }

  /**
   * The promise one caller waits on. Without a signal, the request's own (and the request will
   * not be aborted for anyone). With one, a promise that rejects when the signal aborts; the
   * request itself is aborted only when no caller waits for it any more.
   */
  join(flight: Flight, signal?: AbortSignal): Promise<unknown> {
    if (!signal) {
      flight.kept = true
      return flight.promise
    }
    if (signal.aborted) return Promise.reject(abortReason(signal))
    flight.abortable += 1
    return new Promise((resolve, reject) => {
      /** Set when this caller's abort stopped the request: rejected with once it ended. */
      let stopped: { reason: unknown } | undefined
      const leave = () => signal.removeEventListener('abort', onAbort)
      const onAbort = () => {
        leave()
        flight.abortable -= 1
        const reason = abortReason(signal)
        if (flight.abortable === 0 && !flight.kept && flight.abort) {
          if (flight.endsOnAbort) stopped = { reason }
          else reject(reason)
          flight.abort.abort()
        } else reject(reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      flight.promise.then(
        (value) => {
          leave()
          if (stopped) reject(stopped.reason)
          else resolve(value)
        },
        (error: unknown) => {
          leave()
          reject(stopped ? stopped.reason : error)
        },
      )
    })
  }

  /**
   * The promise of a caller that only watches the request: it neither keeps the request from
   * being aborted (as a caller without a signal does) nor counts among the callers that may
   * abort it. It settles with the request, rejecting with the abort reason if it is aborted.
   */
  watch(flight: Flight): Promise<unknown> {
    return flight.promise
  }

  /**
   * Notes a request made outside the cache (`id` is its own, unique among them) whose response
   * will be stored under `key`: until {@link finishOutside}, it counts as in flight, so garbage
   * collection keeps the tombstones its response must not undo.
   */
  startOutside(id: string, key: string, fetchedAt: number): void {
    this.outside.set(id, { key, fetchedAt })
  }

  /** Forgets a request noted with {@link startOutside} (it settled). */
  finishOutside(id: string): void {
    this.outside.delete(id)
  }

  /**
   * The latest start of the requests noted with {@link startOutside} still in flight; 0 when
   * none is. Their starts are in no state, so the request clock reads them here: a request,
   * invalidation or reset stamped after one of them is ordered after it.
   */
  latestOutsideStart(): number {
    let latest = 0
    for (const { fetchedAt } of this.outside.values()) latest = Math.max(latest, fetchedAt)
    return latest
  }

  /** True while a request for this key is in flight. */
  isPending(key: string): boolean {
    if (this.byKey.has(key)) return true
    for (const request of this.outside.values()) if (request.key === key) return true
    return false
  }

  /** When the earliest request in flight started; `Infinity` when none is. */
  earliestStart(): number {
    let earliest = Infinity
    for (const flights of this.byKey.values()) {
      for (const flight of flights) if (flight.fetchedAt < earliest) earliest = flight.fetchedAt
    }
    for (const { fetchedAt } of this.outside.values()) earliest = Math.min(earliest, fetchedAt)
    return earliest
  }

  /** Forgets every request (after a reset their responses are dropped anyway). */
  clear(): void {
    this.shared.clear()
    this.byKey.clear()
    this.outside.clear()
  }
}
