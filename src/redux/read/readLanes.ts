/**
 * One read lane per store. A `MemoCache` keeps its promises (one instance per record, results
 * that keep their reference) for the reads of one store; a cache that serves several stores
 * (a store per test, per server request, two Providers on one page) gives each its own lane, so
 * reading store B between two reads of store A does not rebuild what A's readers hold.
 *
 * Selectors only get a root state, so a lane is found from the slice object. The cache's
 * middleware registers the state its store starts with, and marks its store as the one writing
 * while an action passes through it, so that the reducer registers each slice it returns
 * before the store's subscribers (react-redux) read it. A slice nobody registered (a state built
 * by hand, or made by a store without the middleware) reads in the shared lane, which is also
 * the first store's lane, so an app with one store has exactly one lane, as before lanes.
 */
import { MemoCache } from '../../normalizr/MemoCache'

/** What the reads of one store share. */
export class ReadLane {
  /** The memo of every read of this store. */
  readonly memo = new MemoCache()
  /**
   * The store's present: the slice the cache's reducer last returned in one of this store's
   * dispatches, which `getState()` answers too unless Redux DevTools shows an earlier state
   * (see {@link ReadLanes.present}). `undefined` when unknown.
   */
  latest: unknown = undefined
  /** {@link ReadLanes}' count of runs outside any dispatch when `latest` was set. */
  latestAt = 0
}

/** One dispatch of a store, while it runs. */
interface Frame {
  readonly lane: ReadLane
  /** The cache's slice the store showed when the dispatch began. */
  readonly shownBefore: unknown
  /** What the cache's reducer returned, from that slice (or the lane's latest), in it. */
  made: unknown
  reduced: boolean
}

/** The lanes of one cache, and the slices each store has reached. */
export class ReadLanes {
  /** The lane of each registered slice object (held weakly: a state goes with its store). */
  private readonly bySlice = new WeakMap<object, ReadLane>()
  /** The lane of unregistered slices, given to the first store as its own. */
  private readonly shared = new ReadLane()
  private sharedGiven = false

  /** A lane for a new store: the shared one for the first store, a new one for the others. */
  forNewStore(): ReadLane {
    if (this.sharedGiven) return new ReadLane()
    this.sharedGiven = true
    return this.shared
  }

  /** Records that `slice` (the cache's slice of a store's state) is read in `lane`. */
  register(slice: unknown, lane: ReadLane): void {
    if (typeof slice === 'object' && slice !== null) this.bySlice.set(slice, lane)
  }

  /** The dispatches running now, innermost last (a listener may dispatch). */
  private readonly writers: Frame[] = []

  /** Runs of the reducer outside any store's dispatch (DevTools recomputing its history). */
  private outside = 0

  /**
   * A store whose lane is `lane` starts a dispatch (its middleware calls this), showing the
   * cache's slice `shown`.
   */
  enter(lane: ReadLane, shown: unknown): void {
    this.writers.push({ lane, shownBefore: shown, made: undefined, reduced: false })
  }

  /**
   * The cache's reducer returned `slice` from `state`. A new slice is read in the lane of the
   * store dispatching. It is that store's candidate present when made from the slice the store
   * showed or from its known present (not from another store's slice, dispatched inside this
   * one's). Outside any dispatch (DevTools recomputing after a skip, `replaceReducer`), no
   * store's present is known any more.
   */
  reduced(state: unknown, slice: unknown, changed: boolean): void {
    const frame = this.writers[this.writers.length - 1]
    if (!frame) {
      this.outside++
      return
    }
    const { lane } = frame
    if (changed) this.register(slice, lane)
    if (state === frame.shownBefore || (lane.latest !== undefined && state === lane.latest)) {
      frame.made = slice
      frame.reduced = true
    }
  }

  /**
   * The dispatch {@link enter} started has ended (`threw` when it threw), the store now showing
   * `shown`. The slice the reducer made is the store's present when the store shows it, and
   * also when the store still shows what it showed before (Redux DevTools showing an earlier
   * state: an action is computed on the latest state, the view does not move). Anything else
   * (the dispatch threw, the reducer did not run from a known slice, the store moved to another
   * slice: an undo reducer restoring a saved state) leaves the present unknown.
   */
  leave(shown: unknown, threw: boolean): void {
    const frame = this.writers.pop()
    if (!frame) return
    const known = !threw && frame.reduced && (shown === frame.made || shown === frame.shownBefore)
    frame.lane.latest = known ? frame.made : undefined
    frame.lane.latestAt = this.outside
  }

  /**
   * The slice a store's next write must build on: its present. That is the slice it shows,
   * except while Redux DevTools shows an earlier one (a slice of this store, not its latest):
   * then its latest, which DevTools appends the write to. When the latest is not known, the
   * slice shown.
   */
  present(lane: ReadLane, shown: unknown): unknown {
    const { latest } = lane
    if (latest === undefined || latest === shown || lane.latestAt !== this.outside) return shown
    if (typeof shown !== 'object' || shown === null || this.bySlice.get(shown) !== lane) {
      return shown
    }
    return latest
  }

  /** The lane `slice` is read in. */
  of(slice: unknown): ReadLane {
    return (typeof slice === 'object' && slice !== null && this.bySlice.get(slice)) || this.shared
  }
}
