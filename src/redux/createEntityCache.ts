import type { Middleware, Reducer } from '@reduxjs/toolkit'
import { SetupError } from '../internal/errors'
import type { EntityRecord, EntitySchemaContract } from '../normalizr/types'
import type { EntityClass } from '../schema/Entity'
import { Controller } from './Controller'
import type { CacheCore } from './cacheCore'
import type { StoreLike } from './Controller'
import type { EndpointArgs, EndpointData, EndpointInterface } from './endpointTypes'
import { buildCollector } from './gc/collector'
import type { CallState, Readable } from './read/readCall'
import type { ReadLane } from './read/readLanes'
import { ReadLanes } from './read/readLanes'
import { buildRecordSelectors } from './read/recordSelectors'
import type { RootSelector } from './read/selectors'
import { buildSelectors } from './read/selectors'
import { buildClock } from './request/clock'
import type { CacheThunk } from './request/fetchThunk'
import { buildFetchThunk } from './request/fetchThunk'
import { notARootState, notMounted } from './notMounted'
import { StoreRuntimes } from './runtime/storeRuntime'
import type { EntityCacheActions } from './slice/actions'
import { buildActions } from './slice/actions'
import { LAYOUT_VERSION } from './slice/layout'
import { buildReducer } from './slice/reducer'
import type { EntityCacheState } from './slice/state'
import { initialEntityCacheState } from './slice/state'
import { upgradeState } from './slice/upgrade'
import type { StoreRuntime } from './runtime/storeRuntime'

const upgradedViews = new WeakMap<object, EntityCacheState>()

/** A slice in another storage format, upgraded once per object (upgrade.ts). */
function upgradedView(slice: EntityCacheState, reducerPath: string): EntityCacheState {
  let view = upgradedViews.get(slice)
  if (!view) upgradedViews.set(slice, (view = upgradeState(slice, reducerPath)))
  return view
}

/**
 * Options of `createEntityCache` (src/createEntityCache.ts). Each may be `undefined`: the default
 * applies.
 */
export interface EntityCacheOptions<TReducerPath extends string = string> {
  /** Where the slice is mounted in the root state. Default `'entityCache'`. */
  reducerPath?: TReducerPath | undefined
  /**
   * Default freshness of responses (ms). Default 60,000. `Infinity`: never stale (stored as
   * `Number.MAX_SAFE_INTEGER`, so the state stays JSON); `NaN` or a negative length counts as 0.
   */
  dataExpiryLength?: number | undefined
  /** Default time before a failed request is retried by readers (ms). Default 1,000. */
  errorExpiryLength?: number | undefined
  /**
   * How long (ms) a result must go unused before garbage collection may forget it (and the
   * records only it reaches). Default 300,000 (5 minutes).
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  gcTime?: number | undefined
  /**
   * Sweeps each store automatically every `gcInterval` ms (from its first action). Default 0:
   * no automatic sweeps; call `controller.collectGarbage()` yourself.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  gcInterval?: number | undefined
}

/**
 * The cache as a slice: what `createEntityCache` returns, but for `bridgeRtkQuery`, which the
 * file above this layer adds (src/createEntityCache.ts), so that redux/ imports nothing above it.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createEntityCache.md
 */
export interface SliceCache<TReducerPath extends string = string> {
  readonly reducerPath: TReducerPath
  /** Mount it at `reducerPath`. */
  readonly reducer: Reducer<EntityCacheState>
  /** Add it to the store's middleware (after the defaults). */
  readonly middleware: Middleware
  /** The action creators (types `${reducerPath}/...`). */
  readonly actions: EntityCacheActions
  /** The Controller of a store (one per store). */
  controller(store: StoreLike): Controller
  /**
   * A memoized selector of an endpoint's or query's data; equal args → the same selector.
   * `null` in place of the args is no call, as in the hooks: the selector gives `undefined`.
   */
  select<TReadable extends Readable>(
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): RootSelector<EndpointData<TReadable>>
  select<TReadable extends Readable>(
    readable: TReadable,
    ...args: [null]
  ): RootSelector<EndpointData<TReadable>>
  /**
   * A memoized selector of everything a reader needs about a call, from one snapshot: data,
   * expiry status and time, error, whether a request is pending, whether data is incomplete.
   * `select` is its `data`; `controller.getResponse`/`getError` are parts of it. Equal args →
   * the same selector; the same object while nothing it holds changed.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/select.md#selectcall
   */
  selectCall<TReadable extends Readable>(
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): (root: unknown) => CallState<EndpointData<TReadable>>
  selectCall<TReadable extends Readable>(
    readable: TReadable,
    ...args: [null]
  ): (root: unknown) => CallState<EndpointData<TReadable>>
  /**
   * A selector of one stored record (plain JSON, as written: no Entity instance, no Dates) by
   * entity key and pk, whatever the storage layout; `undefined` when missing or deleted. Equal
   * args → the same selector. Reads confirmed data (optimistic writes are not in it).
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/select.md#selectrecord
   */
  selectRecord(key: string, pk: string | number): (root: unknown) => EntityRecord | undefined
  /**
   * A selector of one whole table as `{ [pk]: record }` (plain JSON), whatever the storage
   * layout; the same object while the table is unchanged.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/select.md#selecttable
   */
  selectTable(key: string): (root: unknown) => Readonly<Record<string, EntityRecord>>
  /**
   * A selector of one entity as an instance of `entity` (members resolved, Dates made), the same
   * instance every other read of the cache gives; `undefined` when missing, deleted or failing
   * `validate`. Sees optimistic writes, like every read.
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/select.md#selectentity
   */
  selectEntity<TEntity extends EntityClass>(
    entity: TEntity,
    pk: string | number,
  ): (root: unknown) => InstanceType<TEntity> | undefined
  /** The thunk `controller.fetch` runs, to dispatch yourself. */
  fetchThunk<TEndpoint extends EndpointInterface<any, any, any>>(
    endpoint: TEndpoint,
    ...args: EndpointArgs<TEndpoint>
  ): CacheThunk<EndpointData<TEndpoint>>
  /** The slice state in a root state. */
  selectSlice(root: unknown): EntityCacheState
  /**
   * Marks the call's data in use by a reader of `store` until the returned function is called:
   * garbage collection keeps it (and what it reaches) however old. The React hooks do this while
   * mounted; call it for readers of your own (a `cache.select` subscription, say).
   * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/garbage-collection.md
   */
  retain<TReadable extends Readable>(
    store: StoreLike,
    readable: TReadable,
    ...args: EndpointArgs<TReadable>
  ): () => void
}

/** What the RTK Query bridge needs from a cache, beyond its public members (see {@link internalsOf}). */
export interface CacheInternals {
  readonly actions: EntityCacheActions
  readonly selectSlice: (root: unknown) => EntityCacheState
  readonly select: (readable: EndpointInterface, ...args: unknown[]) => RootSelector<unknown>
  readonly dataExpiryLength: number
  readonly errorExpiryLength: number
  /** Remembers the schema a key is written with (garbage collection). */
  readonly remember: (key: string, schema: unknown) => void
  /** Marks a call's result in use until the returned function is called. */
  readonly retain: (store: StoreLike, readable: EndpointInterface, args: unknown[]) => () => void
  readonly runtimeOf: (store: StoreLike) => StoreRuntime
}

const internals = new WeakMap<object, CacheInternals>()

/** What a cache reads for a slice not made yet (frozen: shared by every such read). */
const notYetMade: EntityCacheState = Object.freeze(initialEntityCacheState())

/** The internals of a cache made by {@link createSliceCache}, for the layers above redux/. */
export function internalsOf(cache: SliceCache): CacheInternals {
  const found = internals.get(cache)
  if (!found) throw new SetupError('Not a cache made by createEntityCache().')
  return found
}

/**
 * Builds the cache as a Redux slice (everything but the RTK Query bridge); the public
 * `createEntityCache` (src/createEntityCache.ts) adds the bridge.
 * @template TReducerPath - the key of the slice in the root state (a literal type)
 */
export function createSliceCache<TReducerPath extends string = 'entityCache'>(
  options: EntityCacheOptions<TReducerPath> = {},
): SliceCache<TReducerPath> {
  const reducerPath = (options.reducerPath ?? 'entityCache') as TReducerPath
  const defaults = {
    dataExpiryLength: options.dataExpiryLength ?? 60_000,
    errorExpiryLength: options.errorExpiryLength ?? 1_000,
  }
  const actions = buildActions(reducerPath)
  const sliceReducer = buildReducer(actions, reducerPath)

  const selectSlice = (root: unknown): EntityCacheState => {
    const slice = (root as Record<string, EntityCacheState> | undefined)?.[reducerPath]
    if (slice == null && typeof root === 'object' && root !== null) {
      // The store, or the slice, given instead of the root state: said at once.
      const mistaken = notARootState(root, reducerPath)
      if (mistaken) throw mistaken
      // Not made yet: a slice injected lazily (`combineSlices(...).inject`) appears with the
      // next action, as RTK's injected slices read their initial state meanwhile. A reducer
      // that is not mounted at all is reported by the first request (`requireSlice`).
      return notYetMade
    }
    if (!slice || typeof slice !== 'object') throw notMounted(root, reducerPath)
    // A state in another storage format (read before any store upgraded it): read upgraded.
    return slice.layout?.version === LAYOUT_VERSION ? slice : upgradedView(slice, reducerPath)
  }
  /** Throws the not-mounted SetupError when `root` has no slice, even after an action. */
  const requireSlice = (root: unknown): void => {
    const slice = (root as Record<string, unknown> | null | undefined)?.[reducerPath]
    if (!slice || typeof slice !== 'object') throw notMounted(root, reducerPath)
  }

  // One memo per store (its read lane): a record is one instance across all readers of a store.
  const lanes = new ReadLanes()
  const rawSlice = (root: unknown): unknown =>
    (root as Record<string, unknown> | null)?.[reducerPath]
  const laneOf = (root: unknown): ReadLane => lanes.of(rawSlice(root))
  // Each slice made in a dispatch is registered to the dispatching store's lane at once, so
  // the store's subscribers, which read it before the dispatch returns, read in that lane.
  const reducer: Reducer<EntityCacheState> = (state, action) => {
    const next = sliceReducer(state, action)
    lanes.reduced(state, next, next !== state)
    return next
  }
  /**
   * `root` with the cache's slice replaced by the store's present when Redux DevTools shows an
   * earlier state (see ReadLanes.present): what a request's writes are built on.
   */
  const presentRoot = (runtime: StoreRuntime, root: unknown): unknown => {
    const shown = rawSlice(root)
    const present = lanes.present(runtime.lane, shown)
    return present === shown ? root : { ...(root as object), [reducerPath]: present }
  }
  const collector = buildCollector({
    actions,
    selectSlice,
    gcTime: options.gcTime ?? 300_000,
    gcInterval: options.gcInterval ?? 0,
    presentRoot,
  })
  const callSelectors = buildSelectors(selectSlice, laneOf, collector.remember)
  const { select, selectCall, selectResponse, readOnce } = callSelectors
  const recordSelectors = buildRecordSelectors(selectSlice, laneOf)
  const { selectRecord, selectTable, selectEntity } = recordSelectors
  const clock = buildClock()
  const runtimes: StoreRuntimes<Controller> = new StoreRuntimes<Controller>(
    (runtime) => new Controller(core, runtime),
    () => lanes.forNewStore(),
  )
  const fetchThunk = buildFetchThunk({
    reducerPath,
    actions,
    selectSlice,
    requireSlice,
    select,
    selectResponse,
    selectCall,
    readOnce,
    defaults,
    clock,
    runtimes,
    remember: collector.remember,
    presentRoot,
  })
  const core: CacheCore<Controller> = {
    actions,
    selectSlice,
    selectCall,
    selectResponse,
    fetchThunk,
    defaults,
    clock,
    collectGarbage: collector.collectGarbage,
    remember: collector.remember,
    presentRoot,
  }

  // The middleware sees every action of its store: a reset from anywhere (DevTools, a replay)
  // forgets the requests in flight and every memoized read (no instance of the previous user's
  // records stays reachable); garbage collection forgets the memoized instances and the
  // selectors of what it collected; automatic sweeps start with the first action.
  const middleware: Middleware = (api) => {
    // Made with the store: its first state (preloaded or initial) is read in its lane too.
    const runtime = runtimes.of(api)
    runtime.middlewareSeen = true
    lanes.register(rawSlice(api.getState()), runtime.lane)
    return (next) => (action) => middlewareStep(runtime, next, action)
  }
  const middlewareStep = (
    runtime: StoreRuntime<Controller>,
    next: (action: unknown) => unknown,
    action: unknown,
  ) => {
    collector.startSweeps(runtime)
    if (actions.reset.match(action)) {
      runtime.requests.clear()
      runtime.pageTails.clear()
      // The store holds no key after a reset: no release time is needed any more.
      runtime.retained.forgetReleased(() => false)
    }
    let result: unknown
    lanes.enter(runtime.lane, rawSlice(runtime.store.getState()))
    let threw = true
    try {
      result = next(action)
      threw = false
    } finally {
      lanes.leave(rawSlice(runtime.store.getState()), threw)
    }
    if (actions.reset.match(action)) {
      // This store's memo and what every selector remembers for it: the selectors stay, so
      // `select` with equal args gives the same selector, and other stores' reads are kept.
      runtime.lane.memo.clear()
      callSelectors.forgetLane(runtime.lane)
      recordSelectors.forgetInstances()
    } else if (actions.collected.match(action)) {
      for (const [table, pks] of Object.entries(action.payload.entities)) {
        runtime.lane.memo.forgetEntities(table, pks)
      }
      // The swept calls' selectors go; the ones mounted readers hold stay (no new render).
      callSelectors.forgetKeys(action.payload.keys)
      recordSelectors.forgetInstances()
    }
    return result
  }

  const cache: SliceCache<TReducerPath> = {
    reducerPath,
    reducer,
    middleware,
    actions,
    selectSlice,
    controller: (store) => {
      const candidate = store as Partial<StoreLike> | null | undefined
      if (typeof candidate?.getState !== 'function' || typeof candidate.dispatch !== 'function') {
        throw new SetupError(
          'cache.controller(store) needs the Redux store itself (what configureStore returns, ' +
            'with getState and dispatch), not its state, its dispatch or another object.',
        )
      }
      return runtimes.of(store).controller
    },
    select: select as SliceCache['select'],
    selectCall: selectCall as SliceCache['selectCall'],
    selectRecord,
    selectTable,
    selectEntity: (entity, pk) =>
      selectEntity(entity as unknown as EntitySchemaContract, pk) as never,
    fetchThunk: (endpoint, ...args) => fetchThunk(endpoint, args),
    retain: (store, readable, ...args) => collector.retain(runtimes.of(store), readable, args),
  }
  internals.set(cache, {
    actions,
    selectSlice,
    select: select as CacheInternals['select'],
    dataExpiryLength: defaults.dataExpiryLength,
    errorExpiryLength: defaults.errorExpiryLength,
    remember: collector.remember,
    retain: (store, readable, args) => collector.retain(runtimes.of(store), readable, args),
    runtimeOf: (store) => runtimes.of(store),
  })
  return cache
}
