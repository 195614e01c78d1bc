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
   * The slice the cache's reducer last returned in one of this store's dispatches: the store's
   * present, even while Redux DevTools shows an earlier state (see {@link ReadLanes.present}).
   * `undefined` when unknown: before the first dispatch, or after the state moved without the
   * reducer (an undo that restores a saved state, the reducer run outside the middleware).
   */
  latest: unknown = undefined
  /** {@link ReadLanes}' count of runs outside any dispatch when `latest` was set. */
  latestAt = 0
  /** The reducer ran in the store's current dispatch. */
  reduced = false
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

  /** The lanes of the stores dispatching now, innermost last (a listener may dispatch). */
  private readonly writers: ReadLane[] = []

  /** A store whose lane is `lane` starts a dispatch (its middleware calls this). */
  enter(lane: ReadLane): void {
    lane.reduced = false
    this.writers.push(lane)
  }

  /**
   * The dispatch {@link enter} started has returned or thrown. When the reducer did not run in
   * it, the state moved (or not) without it: the store's present is no longer known.
   */
  leave(): void {
    const lane = this.writers.pop()
    if (lane && !lane.reduced) lane.latest = undefined
  }

  /** Runs of the reducer outside any store's dispatch (DevTools recomputing its history). */
  private outside = 0

  /**
   * The reducer returned `slice` (changed or not): a new slice is read in the lane of the store
   * dispatching, and is that store's present. Outside any dispatch (DevTools toggling an action
   * and recomputing, `replaceReducer`), no store's present is known any more.
   */
  reduced(slice: unknown, changed: boolean): void {
    const lane = this.writers[this.writers.length - 1]
    if (!lane) {
      this.outside++
      return
    }
    if (changed) this.register(slice, lane)
    lane.latest = slice
    lane.latestAt = this.outside
    lane.reduced = true
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
