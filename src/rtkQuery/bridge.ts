/**
 * The RTK Query bridge of one cache and one `api`: its middleware normalizes the results of the
 * named endpoints into the cache (one `received` action each, storeResult.ts), keeps an index of
 * which RTK Query entries hold which records (sync.ts), and, when records change in the cache
 * (from any source), patches the entries holding them (patch.ts). The index starts from the
 * entries the store was created with (a state rendered on a server, a restored one), and is
 * rebuilt whole whenever RTK Query's entries changed in a way no action it saw explains.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/bridgeRtkQuery.md
 */
import { SHOULD_AUTOBATCH } from '@reduxjs/toolkit'
import type { Middleware, UnknownAction } from '@reduxjs/toolkit'
import { isDev } from '../internal/env'
import { SetupError } from '../internal/errors'
import { hasOwn } from '../internal/ownKeys'
import { stableStringify } from '../internal/stableStringify'
import type { EndpointInterface } from '../redux/endpointTypes'
import type { RootSelector } from '../redux/read/selectors'
import type { InFlightRequests } from '../redux/runtime/inFlight'
import type { StoreLike } from '../redux/runtime/storeRuntime'
import { readSourceOf } from '../redux/slice/entitySource'
import { newestStamp } from '../redux/slice/newestStamp'
import type { StampMemo } from '../redux/slice/newestStamp'
import type { EntityCacheState } from '../redux/slice/state'
import { EntryIndex, recordId } from './entryIndex'
import type { EntryPatch } from './patch'
import { changesShape, planPatches, recipesOf } from './patch'
import type { BridgedResult, StoreResultDeps } from './storeResult'
import { storeResult } from './storeResult'
import type { FillMatchers, RtkQueries, SyncDeps } from './sync'
import { filledEntries, isInfiniteQueryArg, namedEntries, syncAll, syncEntry } from './sync'
import type { RtkQueryApi, RtkQueryBridge } from './types'

/** What a bridge needs from its cache. */
export interface BridgeDeps extends StoreResultDeps {
  /** The cache's data selector of a call. */
  readonly select: (readable: EndpointInterface, ...args: unknown[]) => RootSelector<unknown>
  /** Marks a call's result in use (garbage collection keeps it) until the returned function. */
  readonly retain: (store: StoreLike, readable: EndpointInterface, args: unknown[]) => () => void
  /**
   * The cache's runtime of a store: the bridge keeps its index in it, and notes RTK Query's
   * requests in flight among the store's requests.
   */
  readonly runtimeOf: (store: StoreLike) => {
    readonly extensions: Map<object, unknown>
    readonly requests: InFlightRequests
  }
}

/** What a bridge keeps per store, outside the state. */
interface BridgeRuntime {
  readonly index: EntryIndex
  /**
   * `state[api.reducerPath].queries` as the index last saw it (after the last action the
   * middleware handled). Another object before an action means the state was replaced outside
   * the actions the bridge sees (the store's preloaded state, `replaceReducer`): the whole index
   * is synced again.
   */
  queries: RtkQueries | undefined
  /**
   * Start stamps of bridged requests in flight, by RTK Query request id: RTK Query's
   * `startedTimeStamp`, raised above what the cache held when the request started.
   */
  readonly starts: Map<string, number>
  /** What {@link newestStamp} saw last in this store (so a large table is not walked whole). */
  readonly stamps: StampMemo
  /**
   * The store's requests in flight, where those starts are noted too (for garbage collection,
   * and for the cache's clock, which stamps after them).
   */
  readonly requests: InFlightRequests
  /** The RTK Query cache key the bridge is patching with member changes only, if any. */
  patching: string | undefined
  /**
   * True while the bridge dispatches its last patch of an action: that patch is not batched
   * (see {@link withoutAutoBatch}), so the store's subscribers hear of every patch at once.
   */
  lastPatch: boolean
}

/** RTK Query's thunk action meta, as the bridge reads it. */
interface ThunkMeta {
  readonly arg?: { endpointName?: string; originalArgs?: unknown; type?: string }
  readonly requestId?: string
  readonly requestStatus?: string
  readonly startedTimeStamp?: number
  readonly fulfilledTimeStamp?: number
  readonly timestamp?: number
}

/** Checks that `api` is an RTK Query api and that every name is one of its endpoints. */
function checkSetup(api: RtkQueryApi, schemas: Record<string, unknown>): void {
  const candidate = api as Partial<RtkQueryApi> | null | undefined
  if (
    typeof candidate?.reducerPath !== 'string' ||
    typeof candidate.endpoints !== 'object' ||
    typeof candidate.util?.updateQueryData !== 'function'
  ) {
    throw new SetupError(
      'cache.bridgeRtkQuery(api, schemas) needs an RTK Query api (what createApi returns) as ' +
        'its first argument. Pass the api object itself, not its reducer or middleware.',
    )
  }
  for (const name of Object.keys(schemas)) {
    if (!hasOwn(api.endpoints, name)) {
      throw new SetupError(
        `cache.bridgeRtkQuery: the api at "${api.reducerPath}" has no endpoint "${name}" (it ` +
          `has ${Object.keys(api.endpoints).join(', ') || 'none'}). Name the endpoints as ` +
          'createApi defines them; create the bridge after injectEndpoints adds them.',
      )
    }
    if (schemas[name] === undefined || schemas[name] === null) {
      throw new SetupError(
        `cache.bridgeRtkQuery: endpoint "${name}" has no schema. Give it the schema of its ` +
          'result (an Entity, [Entity], { results: [Entity] }, new schema.Delete(Entity)), or ' +
          'leave it out: endpoints the bridge does not name are left to RTK Query.',
      )
    }
  }
}

/** Builds `cache.bridgeRtkQuery(api, schemas)`. */
export function buildRtkQueryBridge(
  deps: BridgeDeps,
  api: RtkQueryApi,
  schemas: Record<string, unknown>,
): RtkQueryBridge {
  checkSetup(api, schemas)
  const { actions } = deps
  const names = new Map(Object.entries(schemas))
  /** This bridge's key in each store runtime's extensions. */
  const owner = {}
  const readables = new Map<string, EndpointInterface>()
  let warnedUnmounted = false
  let warnedInfinite = false

  const cacheKey = (name: string, arg: unknown) =>
    `${api.reducerPath}/${name}(${stableStringify(arg)})`

  /** The endpoint as the cache reads it: its key and schema (fetching is RTK Query's job). */
  const readableOf = (name: string): EndpointInterface => {
    let readable = readables.get(name)
    if (!readable) {
      const call = () =>
        Promise.reject(
          new SetupError(
            `"${name}" is an RTK Query endpoint: fetch it through RTK Query (its hooks, or ` +
              `api.endpoints.${name}.initiate); the bridge stores its results in the cache.`,
          ),
        )
      readable = Object.assign(call, {
        key: (arg?: unknown) => cacheKey(name, arg),
        schema: names.get(name),
      })
      readables.set(name, readable)
    }
    return readable
  }

  const runtimeOf = (store: StoreLike): BridgeRuntime => {
    const { extensions, requests } = deps.runtimeOf(store)
    let runtime = extensions.get(owner) as BridgeRuntime | undefined
    if (!runtime) {
      runtime = {
        index: new EntryIndex(),
        queries: undefined,
        starts: new Map(),
        stamps: new Map(),
        requests,
        patching: undefined,
        lastPatch: false,
      }
      extensions.set(owner, runtime)
    }
    return runtime
  }

  const queriesOf = (root: unknown): RtkQueries | undefined => {
    const apiState = (root as Record<string, { queries?: RtkQueries } | undefined>)?.[
      api.reducerPath
    ]
    if (apiState === undefined && isDev && !warnedUnmounted) {
      warnedUnmounted = true
      console.warn(
        `rtk-resources: the RTK Query bridge finds no api state at state.${api.reducerPath}: ` +
          'mount api.reducer under api.reducerPath, or nothing is bridged.',
      )
    }
    return apiState?.queries
  }

  /** The actions that fill entries of bridged endpoints with a response. */
  const fillMatchers: FillMatchers = {
    bridged: (name) => names.has(name),
    fulfilled: (name, action) => api.endpoints[name]?.matchFulfilled(action) === true,
    upserted: (action) => api.util.upsertQueryEntries?.match(action) === true,
  }

  const syncDepsOf = (store: StoreLike): SyncDeps => ({
    schemaOf: (name) => names.get(name),
    cacheKey,
    retain: (name, arg) => deps.retain(store, readableOf(name), [arg]),
  })

  /**
   * Indexes every entry of `queries` (and drops the indexed ones it no longer has): for the
   * entries a store starts with, and for entries replaced outside the actions the bridge sees.
   */
  const syncWhole = (store: StoreLike, runtime: BridgeRuntime, queries: RtkQueries | undefined) => {
    // No api state (its reducer replaced by one without it): every indexed entry is gone.
    syncAll(runtime.index, queries ?? {}, syncDepsOf(store))
    runtime.queries = queries
  }

  /** Brings the index up to date after an action that changed RTK Query's entries. */
  const sync = (store: StoreLike, runtime: BridgeRuntime, action: unknown, queries: RtkQueries) => {
    const syncDeps = syncDepsOf(store)
    // An action that names no entry (resetApiState, a rehydration, a root reducer's HYDRATE)
    // may have replaced any of them.
    const keys = namedEntries(action)
    if (!keys) return syncAll(runtime.index, queries, syncDeps)
    const fills = filledEntries(action, queries, fillMatchers)
    for (const key of keys) {
      const how = { sameShape: runtime.patching === key, filledWith: fills.get(key) }
      syncEntry(runtime.index, queries, key, syncDeps, how)
    }
  }

  /**
   * The stamp a bridged request or upsert is ordered by: RTK Query's wall-clock time, raised
   * above every stamp the cache holds and every bridged request still in flight, as the cache's
   * own clock stamps its requests. A state rendered by a server whose clock runs ahead then
   * never makes what the browser does next count as older. It reads only the state and the
   * requests in flight, so the same actions from the same state give the same stamps.
   */
  const stampOf = (store: StoreLike, runtime: BridgeRuntime, wallClock: number): number => {
    const slice = deps.selectSlice(store.getState())
    return Math.max(
      wallClock,
      newestStamp(slice, runtime.stamps) + 1,
      runtime.requests.latestOutsideStart() + 1,
    )
  }

  /** The results of bridged endpoints an action carries (a fulfilled call, or upserts). */
  const resultsOf = (
    action: UnknownAction,
    store: StoreLike,
    runtime: BridgeRuntime,
  ): BridgedResult[] => {
    const meta = action.meta as ThunkMeta | undefined
    const name = meta?.arg?.endpointName
    if (name !== undefined && names.has(name)) {
      const endpoint = api.endpoints[name]
      // The start is stamped when the pending action passes (stampOf: RTK Query's time, never
      // older than what the cache holds then), and that stamp orders the result. The store's
      // requests note it too, for garbage collection and the cache's clock; theirs is cleared
      // by a reset, and this one must outlive it (the start is what drops a response to an
      // older request).
      const requestId = meta?.requestId
      const noted = requestId === undefined ? undefined : runtime.starts.get(requestId)
      if (requestId !== undefined && meta?.requestStatus === 'pending') {
        const start = stampOf(store, runtime, meta.startedTimeStamp ?? Date.now())
        runtime.starts.set(requestId, start)
        runtime.requests.startOutside(requestId, cacheKey(name, meta.arg?.originalArgs), start)
      } else if (requestId !== undefined && meta?.requestStatus) {
        runtime.starts.delete(requestId)
        runtime.requests.finishOutside(requestId)
      }
      if (!endpoint?.matchFulfilled(action)) return []
      if (isInfiniteQueryArg(meta?.arg)) {
        if (isDev && !warnedInfinite) {
          warnedInfinite = true
          console.warn(
            `rtk-resources: "${name}" is an infinite query, whose data is pages ` +
              `({ pages, pageParams }): the bridge does not normalize it. Leave "${name}" out ` +
              `of bridgeRtkQuery's schemas.`,
          )
        }
        return []
      }
      const date = meta?.fulfilledTimeStamp ?? Date.now()
      // A fulfilled action whose pending one the bridge did not see (a replayed log cut short)
      // has only RTK Query's own time.
      const started = noted ?? meta?.startedTimeStamp ?? date
      const arg = meta?.arg?.originalArgs
      const response = action.payload
      return [
        { endpoint: readableOf(name), endpointName: name, arg, response, fetchedAt: started, date },
      ]
    }
    if (api.util.upsertQueryEntries?.match(action) && Array.isArray(action.payload)) {
      const date = meta?.timestamp ?? Date.now()
      const fetchedAt = stampOf(store, runtime, date)
      return (action.payload as Array<{ queryDescription: ThunkMeta['arg']; value: unknown }>)
        .filter(({ queryDescription }) => names.has(queryDescription?.endpointName as string))
        .map(({ queryDescription, value }) => {
          const endpointName = queryDescription?.endpointName as string
          const endpoint = readableOf(endpointName)
          const arg = queryDescription?.originalArgs
          return { endpoint, endpointName, arg, response: value, fetchedAt, date }
        })
    }
    return []
  }

  const isCacheChange = (action: unknown) =>
    actions.received.match(action) ||
    actions.optimistic.match(action) ||
    actions.failed.match(action) ||
    actions.settled.match(action)

  /** Patches the entries holding the records a cache action changed. */
  const patchEntries = (
    store: StoreLike,
    runtime: BridgeRuntime,
    action: unknown,
    before: EntityCacheState,
    after: EntityCacheState,
  ) => {
    if (after === before) return
    const changed = new Map<string, readonly [string, string]>()
    const add = (metas: Readonly<Record<string, Readonly<Record<string, unknown>>>>) => {
      for (const key of Object.keys(metas)) {
        for (const pk of Object.keys(metas[key] ?? {})) changed.set(recordId(key, pk), [key, pk])
      }
    }
    if (actions.received.match(action)) add(action.payload.entitiesMeta)
    if (after.optimistic !== before.optimistic) {
      // Layers written or removed (settled, failed, answered): their records show differently.
      for (const layer of before.optimistic)
        if (!after.optimistic.includes(layer)) add(layer.entitiesMeta)
      for (const layer of after.optimistic)
        if (!before.optimistic.includes(layer)) add(layer.entitiesMeta)
    }
    if (changed.size === 0) return
    applyPatches(store, runtime, planPatches(runtime.index, changed.values(), readSourceOf(after)))
  }

  /** Dispatches each patch as `updateQueryData` recipes. */
  const applyPatches = (store: StoreLike, runtime: BridgeRuntime, patches: EntryPatch[]) => {
    for (let p = 0; p < patches.length; p++) {
      const patch = patches[p] as EntryPatch
      const { endpointName, originalArgs, queryCacheKey } = patch.entry
      runtime.patching = changesShape(patch) ? undefined : queryCacheKey
      try {
        const recipes = recipesOf(patch)
        for (let r = 0; r < recipes.length; r++) {
          runtime.lastPatch = p === patches.length - 1 && r === recipes.length - 1
          store.dispatch(api.util.updateQueryData(endpointName, originalArgs, recipes[r]!))
        }
      } finally {
        runtime.patching = undefined
        runtime.lastPatch = false
      }
    }
  }

  /**
   * Makes the entries RTK Query just filled (`queryCacheKeys`) show every record they hold as the
   * cache reads it. A record of the response that lost to newer data is patched by its
   * `received` action; one that lost to a newer delete is in no action (nothing was written for
   * it), so the entry is compared here, record by record, and drops it.
   */
  const settleEntries = (store: StoreLike, runtime: BridgeRuntime, queryCacheKeys: string[]) => {
    for (const queryCacheKey of queryCacheKeys) {
      const entry = runtime.index.get(queryCacheKey)
      if (!entry) continue
      const source = readSourceOf(deps.selectSlice(store.getState()))
      // Records the cache holds, or holds as deleted; one it has none of (the response was
      // dropped by a reset, say) is left as RTK Query shows it.
      const held: Array<readonly [string, string]> = []
      for (const [first] of entry.positions.values()) {
        if (first && source.getMeta(first.key, first.pk) !== undefined) {
          held.push([first.key, first.pk])
        }
      }
      applyPatches(store, runtime, planPatches(runtime.index, held, source, queryCacheKey))
    }
  }

  const middleware: Middleware = (store) => {
    const runtime = runtimeOf(store)
    // The entries the store was created with (a state rendered on a server and hydrated, a
    // restored one): indexed and retained before anything else happens.
    syncWhole(store, runtime, queriesOf(store.getState()))
    return (next) => (dispatched) => {
      const action = runtime.lastPatch ? withoutAutoBatch(dispatched) : dispatched
      const before = isCacheChange(action) ? deps.selectSlice(store.getState()) : undefined
      const queriesBefore = queriesOf(store.getState())
      // RTK Query's entries changed since the last action, through no action (replaceReducer).
      if (queriesBefore !== runtime.queries) syncWhole(store, runtime, queriesBefore)
      const result = next(action)
      const root = store.getState()
      const queries = queriesOf(root)
      if (queries !== undefined && queries !== queriesBefore) sync(store, runtime, action, queries)
      // Before the bridge dispatches anything itself (those actions pass here again).
      runtime.queries = queries
      const results = resultsOf(action as UnknownAction, store, runtime)
      for (const bridged of results) storeResult(bridged, deps, store)
      if (before) patchEntries(store, runtime, action, before, deps.selectSlice(root))
      if (results.length > 0) settleEntries(store, runtime, namedEntries(action) ?? [])
      return result
    }
  }

  return {
    api,
    middleware,
    key: (name: string, ...args: unknown[]) => cacheKey(name, args[0]),
    select: (name: string, ...args: unknown[]) => deps.select(readableOf(name), ...args),
  } as unknown as RtkQueryBridge
}

/**
 * `action` without RTK's auto-batch mark. RTK Query marks its patches (`queryResultPatched`)
 * so, and `configureStore`'s default `autoBatchEnhancer` then tells the store's subscribers of
 * them only at the next frame: RTK Query's hooks would show a change the cache made a frame
 * after the cache's own hooks do. The bridge's last patch of an action goes unbatched, so the
 * subscribers hear of all its patches at once.
 */
function withoutAutoBatch(action: unknown): unknown {
  const meta = (action as { meta?: Record<string, unknown> } | null)?.meta
  if (typeof meta !== 'object' || meta === null || !meta[SHOULD_AUTOBATCH]) return action
  return { ...(action as object), meta: { ...meta, [SHOULD_AUTOBATCH]: false } }
}
