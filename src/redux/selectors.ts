/**
 * `cache.select(endpointOrQuery, ...args)`: memoized reselect selectors. Equal args give the
 * same selector (per readable, an LRU of at most {@link SELECTORS_PER_READABLE}), and a selector
 * returns the same reference until something its value depends on changes. A dispatch that does
 * not touch the cache costs a few identity checks.
 */
import { createSelectorCreator, lruMemoize } from 'reselect'
import { getOwn } from '../internal/ownKeys'
import type { EndpointInterface } from './endpointTypes'
import { LruMap } from './lru'
import type { Query } from './Query'
import type { CacheReads, Readable } from './reads'
import { isQuery } from './reads'
import type { EntityCacheState } from './state'

/** How many selectors (distinct args) each endpoint or query keeps. */
export const SELECTORS_PER_READABLE = 500

const createCacheSelector = createSelectorCreator({
  memoize: lruMemoize,
  argsMemoize: lruMemoize,
  devModeChecks: { identityFunctionCheck: 'never' },
})

/** A selector over the root state. */
export type RootSelector<TData> = (root: unknown) => TData | undefined

/** Builds `select` for one cache. */
export function buildSelect(
  selectSlice: (root: unknown) => EntityCacheState,
  reads: CacheReads,
  /** Told the key and schema of each new selector (garbage collection remembers schemas). */
  onSelector?: (key: string, schema: unknown) => void,
) {
  const registry = new WeakMap<object, LruMap<string, RootSelector<unknown>>>()
  const selectEntities = (root: unknown) => selectSlice(root).entities
  const selectEntitiesMeta = (root: unknown) => selectSlice(root).entitiesMeta
  const selectOptimistic = (root: unknown) => selectSlice(root).optimistic

  function endpointSelector(endpoint: EndpointInterface, key: string, args: readonly unknown[]) {
    return createCacheSelector(
      [
        (root: unknown) => getOwn(selectSlice(root).results, key),
        selectEntities,
        selectEntitiesMeta,
        selectOptimistic,
      ],
      (result, entities, entitiesMeta, optimistic) => {
        const results = result === undefined ? {} : { [key]: result }
        const slice = { entities, entitiesMeta, results, meta: {}, resetAt: 0, optimistic }
        return reads.readEndpointData(endpoint, key, args, slice).data
      },
    )
  }

  function querySelector(query: Query<unknown>, args: readonly unknown[]) {
    const selectEntries = createCacheSelector(
      [selectEntities, selectEntitiesMeta, selectOptimistic],
      (entities, entitiesMeta, optimistic) =>
        reads.readQueryEntries(query, args, { entities, entitiesMeta, optimistic }),
    )
    return createCacheSelector([selectEntries], (entries) =>
      entries === undefined ? undefined : query.process(entries as never, ...args),
    )
  }

  return function select(readable: Readable, ...args: readonly unknown[]): RootSelector<unknown> {
    let selectors = registry.get(readable)
    if (!selectors) {
      selectors = new LruMap(SELECTORS_PER_READABLE)
      registry.set(readable, selectors)
    }
    const key = readable.key(...args)
    let selector = selectors.get(key)
    if (!selector) {
      selector = isQuery(readable)
        ? querySelector(readable, args)
        : endpointSelector(readable, key, args)
      selectors.set(key, selector)
      onSelector?.(key, readable.schema)
    }
    return selector
  }
}
