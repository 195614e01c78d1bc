/**
 * Optimistic writes: a mutation's `getOptimisticResponse` is normalized on its own (not merged
 * with any stored record) and dispatched as one `optimistic` action: a layer over the tables,
 * plain data, holding only the fields this write changes, so removing it undoes exactly it.
 */
import type { Dispatch } from '@reduxjs/toolkit'
import { normalize } from '../../normalizr/normalize'
import { emptySource } from '../../normalizr/plainSource'
import type { EndpointInterface, OptimisticSnapshot } from '../endpointTypes'
import type { RootSelector } from '../read/selectors'
import type { Readable, ResponseState } from '../read/readCall'
import type { EntityCacheActions } from '../slice/actions'

/** What an optimistic write needs from its cache. */
export interface OptimisticDeps {
  actions: EntityCacheActions
  select: (readable: Readable, ...args: readonly unknown[]) => RootSelector<unknown>
  selectResponse: (readable: Readable, ...args: readonly unknown[]) => RootSelector<ResponseState>
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
  const { actions, select, selectResponse } = deps
  if (!endpoint.getOptimisticResponse || endpoint.schema === undefined) return
  const root = store.getState()
  const snapshot: OptimisticSnapshot = {
    fetchedAt,
    get: ((readable: Readable, ...readArgs: unknown[]) =>
      select(readable, ...readArgs)(root)) as OptimisticSnapshot['get'],
    getResponse: ((readable: Readable, ...readArgs: unknown[]) =>
      selectResponse(readable, ...readArgs)(root)) as OptimisticSnapshot['getResponse'],
  }
  let layer: ReturnType<typeof normalize>
  try {
    const value = endpoint.getOptimisticResponse(snapshot, ...args)
    const date = Date.now()
    const times = { fetchedAt, date, expiresAt: date }
    // Against no stored data: the layer holds this write's own change, nothing it did not set.
    layer = normalize(endpoint.schema, value, args, emptySource, times)
  } catch {
    // The endpoint chose not to (or could not) answer optimistically: the request goes on.
    return
  }
  const { entities, entitiesMeta } = layer
  store.dispatch(actions.optimistic({ key, fetchedAt, entities, entitiesMeta }))
}
