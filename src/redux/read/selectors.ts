/**
 * The read side of a cache: one memoized selector per call. `selectCall(readable, ...args)`
 * gives everything a reader needs ({@link CallState}) from one snapshot; `select` is its data.
 * Equal args give the same selectors (per readable, an LRU of at most
 * {@link SELECTORS_PER_READABLE}), and a selector returns the same reference until something its
 * value depends on changes: a dispatch that touches nothing it reads costs a few identity checks.
 */
import { assertReadable, isNoCall } from './readableKey'
import type { EndpointInterface } from '../endpointTypes'
import { getRequestMeta, getResult } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'
import { LruMap } from './lru'
import { memoSelector } from './memoSelector'
import { SelectorHolders } from './selectorHolders'
import type { MemoSelector } from './memoSelector'
import type { Query } from './Query'
import type { ReadLane } from './readLanes'
import type { CallState, DataRead, Readable, ResponseState, TablesView } from './readCall'
import {
  derivedExpiresAt,
  endpointCallState,
  isQuery,
  queryCallState,
  readEndpoint,
  readQueryEntries,
} from './readCall'

/** How many selectors (distinct args) each endpoint or query keeps. */
export const SELECTORS_PER_READABLE = 500

/** A selector over the root state. */
export type RootSelector<TData> = (root: unknown) => TData | undefined

/**
 * The selectors of one call: its data, its whole state, and the part `getResponse` gives.
 * `null` in place of the arguments is no call: its selectors give `undefined` data.
 */
interface CallSelectors {
  readonly data: RootSelector<unknown>
  /** Made on first use (most calls are only read through `select`). */
  call?: MemoSelector<CallState, ReadLane>
  response?: MemoSelector<ResponseState, ReadLane>
  /** Builds `call`. */
  readonly makeCall: () => MemoSelector<CallState, ReadLane>
  /** Forgets what every selector of the call remembers for one store's lane (a reset). */
  readonly forget: (lane: ReadLane) => void
}

/** The tables a read sees, as selector inputs: entities, entitiesMeta, layout, optimistic. */
type TablesParts = [
  TablesView['entities'],
  TablesView['entitiesMeta'],
  TablesView['layout'],
  TablesView['optimistic'],
]

function viewOf([entities, entitiesMeta, layout, optimistic]: TablesParts): TablesView {
  return { entities, entitiesMeta, layout, optimistic }
}

/** The `getResponse` part of a call state, memoized on it. */
function responseSelector(call: (root: unknown) => CallState, laneOf: (root: unknown) => ReadLane) {
  return memoSelector(
    [call],
    laneOf,
    (_lane, previous: ResponseState | undefined, call: CallState): ResponseState => {
      const { data, expiryStatus, expiresAt } = call
      // The same object while the three values are: a request starting or an error recorded
      // changes the call's state, not its response.
      return previous !== undefined &&
        previous.data === data &&
        previous.expiryStatus === expiryStatus &&
        previous.expiresAt === expiresAt
        ? previous
        : { data, expiryStatus, expiresAt }
    },
  )
}

/** The state of no call (`null` in place of the arguments): no data, nothing pending. */
const NO_CALL_STATE: CallState = queryCallState(undefined)
const NO_CALL_RESPONSE: ResponseState = {
  data: undefined,
  expiryStatus: NO_CALL_STATE.expiryStatus,
  expiresAt: 0,
}

/** The selectors of no call, shared: they read nothing and keep nothing. */
const noCallState = Object.assign(() => NO_CALL_STATE, { forget: () => {} })
const NO_CALL: CallSelectors = Object.freeze({
  data: () => undefined,
  call: noCallState,
  response: Object.assign(() => NO_CALL_RESPONSE, { forget: () => {} }),
  makeCall: () => noCallState,
  forget: () => {},
})

/** Builds the selectors of one cache. */
export function buildSelectors(
  selectSlice: (root: unknown) => EntityCacheState,
  /** The read lane of a root state (its store's memo). */
  laneOf: (root: unknown) => ReadLane,
  /** Told the key and schema of each new call read (garbage collection remembers schemas). */
  onNewCall?: (key: string, schema: unknown) => void,
) {
  const registry = new WeakMap<object, LruMap<string, CallSelectors>>()
  /**
   * The LRU maps holding a selector of each key (to drop a key's selectors everywhere), held
   * weakly: a map goes with its readable.
   */
  const holders = new SelectorHolders<LruMap<string, CallSelectors>>()
  /** The inputs every read of the tables depends on. */
  const tableInputs = [
    (root: unknown) => selectSlice(root).entities,
    (root: unknown) => selectSlice(root).entitiesMeta,
    (root: unknown) => selectSlice(root).layout,
    (root: unknown) => selectSlice(root).optimistic,
  ]

  function endpointSelectors(
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
  ): CallSelectors {
    const selectRead = memoSelector(
      [(root: unknown) => getResult(selectSlice(root), key), ...tableInputs],
      laneOf,
      (lane, last: DataRead | undefined, result: unknown, ...tables: TablesParts): DataRead => {
        const read = readEndpoint(lane.memo, endpoint, args, result, viewOf(tables))
        // The same read as before (the memo kept the data): keep the same object, so that what
        // is built on it keeps its reference too.
        if (
          last &&
          last.data === read.data &&
          last.incomplete === read.incomplete &&
          last.derived === read.derived &&
          last.entityExpiresAt === read.entityExpiresAt
        ) {
          return last
        }
        return read
      },
    )
    /**
     * The expiry of a derived read, for readers of the call's state only: a look at each record
     * the read holds, whenever the tables change (`select` readers never pay it, nor the readers
     * of a stored response). A number, so the call's state is made again only when it changes.
     */
    let selectDerivedExpiry: MemoSelector<number | undefined, ReadLane> | undefined
    const selectors: CallSelectors = {
      data: (root) => selectRead(root).data,
      makeCall: () => {
        const derived = memoSelector<number | undefined, ReadLane>(
          [selectRead, ...tableInputs],
          laneOf,
          (lane, _previous, read: DataRead, ...tables: TablesParts) =>
            derivedExpiresAt(lane.memo, endpoint, args, read, viewOf(tables)),
        )
        selectDerivedExpiry = derived
        // A get's expiry came with its read; other derived reads walk their records.
        const selectExpiry = (root: unknown) => {
          const read = selectRead(root)
          if (!read.derived) return undefined
          return read.entityExpiresAt ?? derived(root)
        }
        return memoSelector(
          [selectRead, (root: unknown) => getRequestMeta(selectSlice(root), key), selectExpiry],
          laneOf,
          (_lane, _previous, value: DataRead, meta, expiresAt: number | undefined) =>
            endpointCallState(endpoint, value, meta as never, expiresAt),
        )
      },
      forget: (lane) => {
        selectRead.forget(lane)
        selectDerivedExpiry?.forget(lane)
        selectors.call?.forget(lane)
        selectors.response?.forget(lane)
      },
    }
    return selectors
  }

  function querySelectors(query: Query<unknown>, args: readonly unknown[]): CallSelectors {
    const selectEntries = memoSelector(
      tableInputs,
      laneOf,
      (lane, _previous, ...tables: TablesParts) =>
        readQueryEntries(lane.memo, query, args, viewOf(tables)),
    )
    // `process` reruns only when the entries change (the memo keeps them while their tables do).
    const data = memoSelector([selectEntries], laneOf, (_lane, _previous, entries: unknown) =>
      entries === undefined ? undefined : query.process(entries as never, ...args),
    )
    const selectors: CallSelectors = {
      data,
      makeCall: () =>
        memoSelector([data], laneOf, (_lane, _previous, value: unknown) => queryCallState(value)),
      forget: (lane) => {
        selectEntries.forget(lane)
        data.forget(lane)
        selectors.call?.forget(lane)
        selectors.response?.forget(lane)
      },
    }
    return selectors
  }

  /** The selectors of `readable(...args)`: made once per key, kept in an LRU per readable. */
  function selectorsOf(readable: Readable, args: readonly unknown[]): CallSelectors {
    assertReadable(readable, 'Reading the cache (cache.select, a hook, controller.getResponse)')
    if (isNoCall(args)) return NO_CALL
    let byKey = registry.get(readable)
    if (!byKey) {
      const made: LruMap<string, CallSelectors> = new LruMap(SELECTORS_PER_READABLE, (evicted) =>
        holders.remove(made, evicted),
      )
      byKey = made
      registry.set(readable, made)
    }
    const key = readable.key(...args)
    let selectors = byKey.get(key)
    if (!selectors) {
      // The args array is kept by the selectors: the memo keys table reads by its identity.
      const stableArgs = [...args]
      selectors = isQuery(readable)
        ? querySelectors(readable, stableArgs)
        : endpointSelectors(readable, key, stableArgs)
      byKey.set(key, selectors)
      holders.add(byKey, key)
      onNewCall?.(key, readable.schema)
    }
    return selectors
  }

  return {
    /**
     * Forgets what every selector remembers for one store's lane (that store was reset), so
     * none keeps its old data alive; the selectors stay, for that store and every other, so
     * `select` with equal args still returns the same selector and other stores' readers keep
     * their results.
     */
    forgetLane(lane: ReadLane): void {
      // Each readable's LRU holds a selector of many keys: visited once, not once per key.
      for (const byKey of holders.all()) byKey.forEach((selectors) => selectors.forget(lane))
    },
    /**
     * Drops the selectors of `keys` (results a garbage collection sweep forgot: nobody reads
     * them), so none keeps the data it last returned alive. The selectors of other calls stay,
     * so mounted readers keep theirs (and do not render again).
     */
    forgetKeys(keys: readonly string[]): void {
      for (const key of keys) for (const byKey of holders.take(key)) byKey.delete(key)
    },
    /** A memoized selector of the call's data (`undefined` when none). */
    select: (readable: Readable, ...args: readonly unknown[]): RootSelector<unknown> =>
      selectorsOf(readable, args).data,
    /** A memoized selector of the call's {@link CallState}. */
    selectCall(readable: Readable, ...args: readonly unknown[]): (root: unknown) => CallState {
      const selectors = selectorsOf(readable, args)
      if (!selectors.call) selectors.call = selectors.makeCall()
      return selectors.call
    },
    /** A memoized selector of the call's `{ data, expiryStatus, expiresAt }`. */
    selectResponse(
      readable: Readable,
      ...args: readonly unknown[]
    ): (root: unknown) => ResponseState {
      const selectors = selectorsOf(readable, args)
      if (!selectors.call) selectors.call = selectors.makeCall()
      if (!selectors.response) selectors.response = responseSelector(selectors.call, laneOf)
      return selectors.response
    },
    /**
     * The call's data read from `root` without keeping a selector for it (what a fetch resolves
     * to: the same objects every reader gets, from the same memo).
     */
    readOnce(endpoint: EndpointInterface, args: readonly unknown[], root: unknown): unknown {
      const slice = selectSlice(root)
      const key = endpoint.key(...args)
      return readEndpoint(laneOf(root).memo, endpoint, args, getResult(slice, key), slice).data
    },
  }
}

/** The selectors of one cache. */
export type CacheSelectors = ReturnType<typeof buildSelectors>
