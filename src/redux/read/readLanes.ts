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
   * The slice the cache's reducer returned in the store's last dispatch, when the store showed
   * it then or still showed an earlier state (see {@link ReadLanes.present}); `undefined` when
   * unknown.
   */
  latest: unknown = undefined
  /** {@link ReadLanes}' count of runs outside any dispatch when `latest` was set. */
  latestAt = 0
  /** How many dispatches of the store are running (a listener may dispatch). */
  open = 0
}

/** One dispatch of a store, while it runs. */
interface Frame {
  readonly lane: ReadLane
  /** The cache's slice the store showed when the dispatch began. */
  readonly shownBefore: unknown
  /** The lane's `latest` when the dispatch began. */
  readonly latestBefore: unknown
  /** What the cache's reducer returned, from that slice (or the lane's latest), in it. */
  made: unknown
  reduced: boolean
  /** Another dispatch of the same store ran inside this one. */
  nested: boolean
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
    for (const frame of this.writers) if (frame.lane === lane) frame.nested = true
    lane.open++
    this.writers.push({
      lane,
      shownBefore: shown,
      latestBefore: lane.latest,
      made: undefined,
      reduced: false,
      nested: false,
    })
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
   * `shown`. When the store shows what the reducer made, that is its present. When it began and
   * ended showing a slice older than the present it had (Redux DevTools showing an earlier
   * state: an action is computed on the latest state, the view does not move), what the reducer
   * made is the present. Anything else leaves the present unknown: the dispatch threw, the
   * reducer did not run from a known slice, another dispatch of the store ran inside this one
   * (the RTK Query bridge writes inside RTK Query's own actions), or the store moved elsewhere
   * (an undo reducer restoring a saved state, a root reducer that kept its state).
   */
  leave(shown: unknown, threw: boolean): void {
    const frame = this.writers.pop()
    if (!frame) return
    const { lane } = frame
    lane.open--
    lane.latestAt = this.outside
    const usable = !threw && frame.reduced && !frame.nested
    const shownItsPresent = shown === frame.made
    // DevTools showing an earlier state: it did when the dispatch began, and the view did not move.
    const lookingBack =
      shown === frame.shownBefore &&
      frame.latestBefore !== undefined &&
      frame.shownBefore !== frame.latestBefore
    lane.latest = usable && (shownItsPresent || lookingBack) ? frame.made : undefined
  }

  /**
   * The slice a store's next write must build on: its present. That is the slice it shows,
   * except while Redux DevTools shows an earlier one (an earlier slice of the store's own, not
   * its known present): then that present, which DevTools appends the write to. Within one of
   * the store's dispatches (a subscriber, a listener writing), the slice shown.
   */
  present(lane: ReadLane, shown: unknown): unknown {
    const { latest } = lane
    if (lane.open > 0 || lane.latestAt !== this.outside) return shown
    if (latest === undefined || latest === shown) return shown
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
