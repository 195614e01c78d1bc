/**
 * Optimistic writes: a mutation's `getOptimisticResponse` is normalized against what readers see
 * now and dispatched as one `optimistic` action (a layer over the tables, plain data).
 */
import type { Dispatch } from '@reduxjs/toolkit'
import { normalize } from '../normalizr/normalize'
import type { EntityCacheActions } from './actions'
import type { EndpointInterface, OptimisticSnapshot } from './endpointTypes'
import { readSourceOf } from './entitySource'
import type { Query } from './Query'
import type { CacheReads } from './reads'
import { isQuery } from './reads'
import type { EntityCacheState } from './state'

/** Writes the optimistic layer of a mutation starting at `fetchedAt`, when it has one. */
export function writeOptimistic(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  key: string,
  fetchedAt: number,
  deps: {
    actions: EntityCacheActions
    reads: CacheReads
    slice: EntityCacheState
    dispatch: Dispatch
  },
): void {
  const { actions, reads, slice, dispatch } = deps
  if (!endpoint.getOptimisticResponse || endpoint.schema === undefined) return
  const snapshot: OptimisticSnapshot = {
    fetchedAt,
    get: ((readable: EndpointInterface | Query<unknown>, ...readArgs: unknown[]) => {
      if (isQuery(readable)) {
        const entries = reads.readQueryEntries(readable, readArgs, slice)
        return entries === undefined ? undefined : readable.process(entries as never, ...readArgs)
      }
      return reads.readEndpointData(readable, readable.key(...readArgs), readArgs, slice).data
    }) as OptimisticSnapshot['get'],
  }
  let layer: { entities: EntityCacheState['entities'] | object; entitiesMeta: object }
  try {
    const value = endpoint.getOptimisticResponse(snapshot, ...args)
    const date = Date.now()
    const times = { fetchedAt, date, expiresAt: date }
    layer = normalize(endpoint.schema, value, args, readSourceOf(slice), times)
  } catch {
    // The endpoint chose not to (or could not) answer optimistically: the request goes on.
    return
  }
  const { entities, entitiesMeta } = layer as ReturnType<typeof normalize>
  dispatch(actions.optimistic({ key, fetchedAt, entities, entitiesMeta }))
}
