/**
 * The read side of a cache: one memoized selector per call. `selectCall(readable, ...args)`
 * gives everything a reader needs ({@link CallState}) from one snapshot; `select` is its data.
 * Equal args give the same selectors (per readable, an LRU of at most
 * {@link SELECTORS_PER_READABLE}), and a selector returns the same reference until something its
 * value depends on changes: a dispatch that touches nothing it reads costs a few identity checks.
 */
import { createSelectorCreator } from 'reselect'
import type { MemoCache } from '../../normalizr/MemoCache'
import type { EndpointInterface } from '../endpointTypes'
import type { Query } from './Query'
import { getRequestMeta, getResult } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'
import { LruMap } from './lru'
import { weakLastMemoize } from './memoize'
import type { CallState, DataRead, Readable, ResponseState } from './readCall'
import {
  endpointCallState,
  isQuery,
  queryCallState,
  readEndpoint,
  readQueryEntries,
} from './readCall'

/** How many selectors (distinct args) each endpoint or query keeps. */
export const SELECTORS_PER_READABLE = 500

/** Selectors that remember their last inputs weakly (memoize.ts): no old state is kept alive. */
const createCacheSelector = createSelectorCreator({
  memoize: weakLastMemoize,
  argsMemoize: weakLastMemoize,
  devModeChecks: { identityFunctionCheck: 'never' },
})

/** A selector over the root state. */
export type RootSelector<TData> = (root: unknown) => TData | undefined

/** The selectors of one call: its data, its whole state, and the part `getResponse` gives. */
interface CallSelectors {
  readonly data: RootSelector<unknown>
  readonly call: (root: unknown) => CallState
  readonly response: (root: unknown) => ResponseState
}

/** The `getResponse` part of a call state, memoized on it. */
function responseSelector(call: (root: unknown) => CallState) {
  return createCacheSelector([call], ({ data, expiryStatus, expiresAt }): ResponseState => ({
    data,
    expiryStatus,
    expiresAt,
  }))
}

/** Builds the selectors of one cache. */
export function buildSelectors(
  selectSlice: (root: unknown) => EntityCacheState,
  memo: MemoCache,
  /** Told the key and schema of each new call read (garbage collection remembers schemas). */
  onNewCall?: (key: string, schema: unknown) => void,
) {
  let registry = new WeakMap<object, LruMap<string, CallSelectors>>()
  const selectEntities = (root: unknown) => selectSlice(root).entities
  const selectEntitiesMeta = (root: unknown) => selectSlice(root).entitiesMeta
  const selectLayout = (root: unknown) => selectSlice(root).layout
  const selectOptimistic = (root: unknown) => selectSlice(root).optimistic

  function endpointSelectors(
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
  ): CallSelectors {
    let last: DataRead | undefined
    const selectRead = createCacheSelector(
      [
        (root: unknown) => getResult(selectSlice(root), key),
        selectEntities,
        selectEntitiesMeta,
        selectLayout,
        selectOptimistic,
      ],
      (result, entities, entitiesMeta, layout, optimistic): DataRead => {
        const read = readEndpoint(memo, endpoint, args, result, {
          entities,
          entitiesMeta,
          layout,
          optimistic,
        })
        // The same read as before (the memo kept the data): keep the same object, so that what
        // is built on it keeps its reference too.
        if (
          last &&
          last.data === read.data &&
          last.incomplete === read.incomplete &&
          last.entityExpiresAt === read.entityExpiresAt
        ) {
          return last
        }
        return (last = read)
      },
    )
    const call = createCacheSelector(
      [selectRead, (root: unknown) => getRequestMeta(selectSlice(root), key)],
      (read, meta) => endpointCallState(endpoint, read, meta),
    )
    return {
      data: createCacheSelector([selectRead], (read) => read.data),
      call,
      response: responseSelector(call),
    }
  }

  function querySelectors(query: Query<unknown>, args: readonly unknown[]): CallSelectors {
    const selectEntries = createCacheSelector(
      [selectEntities, selectEntitiesMeta, selectLayout, selectOptimistic],
      (entities, entitiesMeta, layout, optimistic) =>
        readQueryEntries(memo, query, args, { entities, entitiesMeta, layout, optimistic }),
    )
    // `process` reruns only when the entries change (the memo keeps them while their tables do).
    const data = createCacheSelector([selectEntries], (entries) =>
      entries === undefined ? undefined : query.process(entries as never, ...args),
    )
    const call = createCacheSelector([data], queryCallState)
    return { data, call, response: responseSelector(call) }
  }

  /** The selectors of `readable(...args)`: made once per key, kept in an LRU per readable. */
  function selectorsOf(readable: Readable, args: readonly unknown[]): CallSelectors {
    let byKey = registry.get(readable)
    if (!byKey) {
      byKey = new LruMap(SELECTORS_PER_READABLE)
      registry.set(readable, byKey)
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
      onNewCall?.(key, readable.schema)
    }
    return selectors
  }

  return {
    /**
     * Drops every selector made so far (after a reset or a garbage collection sweep), so none
     * keeps the data it last returned alive; the next `select` makes new ones.
     */
    forgetAll(): void {
      registry = new WeakMap()
    },
    /** A memoized selector of the call's data (`undefined` when none). */
    select: (readable: Readable, ...args: readonly unknown[]): RootSelector<unknown> =>
      selectorsOf(readable, args).data,
    /** A memoized selector of the call's {@link CallState}. */
    selectCall: (readable: Readable, ...args: readonly unknown[]) =>
      selectorsOf(readable, args).call,
    /** A memoized selector of the call's `{ data, expiryStatus, expiresAt }`. */
    selectResponse: (readable: Readable, ...args: readonly unknown[]) =>
      selectorsOf(readable, args).response,
  }
}

/** The selectors of one cache. */
export type CacheSelectors = ReturnType<typeof buildSelectors>
