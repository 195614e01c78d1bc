/**
 * Optimistic writes: a mutation's `getOptimisticResponse` is normalized against what readers see
 * now and dispatched as one `optimistic` action (a layer over the tables, plain data).
 */
import type { Dispatch } from '@reduxjs/toolkit'
import { normalize } from '../../normalizr/normalize'
import type { EndpointInterface, OptimisticSnapshot } from '../endpointTypes'
import type { RootSelector } from '../read/selectors'
import type { Readable } from '../read/readCall'
import type { EntityCacheActions } from '../slice/actions'
import { readSourceOf } from '../slice/entitySource'
import type { EntityCacheState } from '../slice/state'

/** What an optimistic write needs from its cache. */
export interface OptimisticDeps {
  actions: EntityCacheActions
  select: (readable: Readable, ...args: readonly unknown[]) => RootSelector<unknown>
  selectSlice: (root: unknown) => EntityCacheState
}

/** Writes the optimistic layer of a mutation starting at `fetchedAt`, when it has one. */
export function writeOptimistic(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  key: string,
  fetchedAt: number,
  deps: OptimisticDeps,
  store: { dispatch: Dispatch; getState: () => unknown },
): void {
  const { actions, select, selectSlice } = deps
  if (!endpoint.getOptimisticResponse || endpoint.schema === undefined) return
  const root = store.getState()
  const snapshot: OptimisticSnapshot = {
    fetchedAt,
    get: ((readable: Readable, ...readArgs: unknown[]) =>
      select(readable, ...readArgs)(root)) as OptimisticSnapshot['get'],
  }
  let layer: ReturnType<typeof normalize>
  try {
    const value = endpoint.getOptimisticResponse(snapshot, ...args)
    const date = Date.now()
    const times = { fetchedAt, date, expiresAt: date }
    layer = normalize(endpoint.schema, value, args, readSourceOf(selectSlice(root)), times)
  } catch {
    // The endpoint chose not to (or could not) answer optimistically: the request goes on.
    return
  }
  const { entities, entitiesMeta } = layer
  store.dispatch(actions.optimistic({ key, fetchedAt, entities, entitiesMeta }))
}
