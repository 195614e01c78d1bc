/**
 * One record per store of what a cache keeps for it outside the Redux state: requests in flight
 * (promises, abort controllers), page merges in progress, readers' retain counts, polls, the
 * store's read lane (its memo) and its Controller. Redux state holds what must replay; this holds what must not. Made in one
 * place ({@link StoreRuntimes}) and reached in one way: `runtimes.of(store)`.
 */
import type { Dispatch } from '@reduxjs/toolkit'
import type { ReadLane } from '../read/readLanes'
import type { EndpointInterface } from '../endpointTypes'
import { InFlightRequests } from './inFlight'
import { Polls } from './polls'
import { ReaderRequests } from './readerRequests'
import { RetainedKeys } from './retained'

/** The part of a Redux store the cache needs: `dispatch` and `getState`. */
export interface StoreLike {
  dispatch: Dispatch
  getState: () => unknown
}

/** A mutation with an optimistic answer, in flight (its layer can be computed again). */
export interface PendingWrite {
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
  readonly key: string
  readonly fetchedAt: number
}

/**
 * What one cache keeps for one store.
 * @template TController - the store's Controller (the Controller class; generic so that this
 * layer does not import the one above it)
 */
export class StoreRuntime<TController = unknown> {
  /** Requests in flight: the one answer to "is a request in flight?". */
  readonly requests = new InFlightRequests()
  /**
   * Per key: what a page started now waits for before it merges: the pages and the plain reads
   * of the list (`getList` itself) started before it, chained (pages merge in request-start
   * order, onto what the list's own read brought).
   */
  readonly pageTails = new Map<string, Promise<void>>()
  /** Which keys mounted readers use (for garbage collection). */
  readonly retained = new RetainedKeys()
  /** Polling subscriptions. */
  readonly polls = new Polls()
  /** The store's Controller. */
  readonly controller: TController
  /** True once the cache's middleware is installed in this store. */
  middlewareSeen = false
  /** True once automatic garbage collection sweeps were started for this store. */
  sweeping = false
  /**
   * Set when a request's action left the store without the cache's slice (its reducer is not
   * mounted at `reducerPath`): the hooks of this store throw it, naming the fix, instead of
   * asking again. Cleared by a request that finds the slice.
   */
  setupFailure: Error | undefined = undefined
  /**
   * Resolves at the store's next change, for renders waiting on it (one subscription however
   * many wait; see `useSuspense` while DevTools show an earlier state).
   */
  nextChange: Promise<void> | undefined = undefined
  /**
   * Per key, the slice the store showed right after a request's outcome was written, when it
   * did not show that outcome (Redux DevTools showing an earlier state). While the store still
   * shows that slice, a render does not ask again: it waits for the store to move.
   */
  readonly shownBehind = new Map<string, unknown>()
  /**
   * Mutations with an optimistic answer in flight, by key and start: when one settles, the
   * layers of those that started after it are computed again (request/optimistic.ts).
   */
  readonly optimisticWrites = new Map<string, PendingWrite>()
  /**
   * What layers above the cache keep for this store (an RTK Query bridge's index of its
   * entries), by owner: one record per store holds everything that is not state.
   */
  readonly extensions = new Map<object, unknown>()
  /**
   * Per key, the last request a React reader (`useSuspense`, `useFetch`, `useDLE`) started or
   * joined: the data it brings gets the render grace (react/renderGrace.ts); data another
   * caller fetched does not.
   */
  readonly readerRequests = new ReaderRequests()

  constructor(
    /**
     * The store: the store itself once it was named (`cache.controller(store)`, the provider);
     * until then the middleware's `{ dispatch, getState }`, when the middleware saw it first.
     */
    public store: StoreLike,
    /** The store's read lane: the memo of its reads (read/readLanes.ts). */
    readonly lane: ReadLane,
    makeController: (runtime: StoreRuntime<TController>) => TController,
  ) {
    this.controller = makeController(this)
  }
}

/** True for a Redux store itself, not the `{ dispatch, getState }` its middleware is given. */
function isWholeStore(store: StoreLike): boolean {
  return typeof (store as { subscribe?: unknown }).subscribe === 'function'
}

/**
 * The runtimes of one cache, one per store, made on first use. Keyed by the store's `getState`
 * (held weakly), which is the same function on the store, in its middleware API and in thunks.
 */
export class StoreRuntimes<TController = unknown> {
  private readonly byStore = new WeakMap<() => unknown, StoreRuntime<TController>>()

  constructor(
    /** Makes the Controller of a new runtime (the last step of making it). */
    private readonly makeController: (runtime: StoreRuntime<TController>) => TController,
    /** Gives a new store its read lane. */
    private readonly makeLane: (store: StoreLike) => ReadLane,
  ) {}

  /** The runtime of `store`. */
  of(store: StoreLike): StoreRuntime<TController> {
    let runtime = this.byStore.get(store.getState)
    if (!runtime) {
      runtime = new StoreRuntime(store, this.makeLane(store), this.makeController)
      this.byStore.set(store.getState, runtime)
    } else if (isWholeStore(store) && !isWholeStore(runtime.store)) {
      // Made by the middleware from its API: the store itself replaces it once named, so that
      // `controller.store` is the store (with `subscribe`), as documented.
      runtime.store = store
    }
    return runtime
  }
}
