/**
 * Optimistic writes: a mutation's `getOptimisticResponse` is normalized on its own (not merged
 * with any stored record) and dispatched as one `optimistic` action: a layer over the tables,
 * plain data, holding only the fields this write changes, so removing it undoes exactly it.
 */
import type { Dispatch } from '@reduxjs/toolkit'
import { normalizeToStore } from './storable'
import { emptySource } from '../../normalizr/plainSource'
import type { OptimisticSnapshot } from '../endpointTypes'
import type { RootSelector } from '../read/selectors'
import type { CallState, Readable, ResponseState } from '../read/readCall'
import { reportedError } from '../read/usable'
import type { EntityCacheActions } from '../slice/actions'
import type { EntityCacheState } from '../slice/state'
import type { PendingWrite } from '../runtime/storeRuntime'
import { jsonEqual } from '../../internal/jsonEqual'

/** What an optimistic write needs from its cache. */
export interface OptimisticDeps {
  actions: EntityCacheActions
  select: (readable: Readable, ...args: readonly unknown[]) => RootSelector<unknown>
  selectResponse: (readable: Readable, ...args: readonly unknown[]) => RootSelector<ResponseState>
  selectCall: (readable: Readable, ...args: readonly unknown[]) => (root: unknown) => CallState
}

type StoreLike = { dispatch: Dispatch; getState: () => unknown }

/** The layer `write` shows, computed over the state `root` (`undefined`: none). */
function layerOf(write: PendingWrite, deps: OptimisticDeps, root: unknown) {
  const { endpoint, args, key, fetchedAt } = write
  const { select, selectResponse, selectCall } = deps
  if (!endpoint.getOptimisticResponse || endpoint.schema === undefined) return undefined
  const snapshot: OptimisticSnapshot = {
    fetchedAt,
    get: ((readable: Readable, ...readArgs: unknown[]) =>
      select(readable, ...readArgs)(root)) as OptimisticSnapshot['get'],
    getResponse: ((readable: Readable, ...readArgs: unknown[]) =>
      selectResponse(readable, ...readArgs)(root)) as OptimisticSnapshot['getResponse'],
    getError: ((readable: Readable, ...readArgs: unknown[]) =>
      reportedError(
        selectCall(readable, ...readArgs)(root),
        Date.now(),
      )) as OptimisticSnapshot['getError'],
  }
  try {
    const value = endpoint.getOptimisticResponse(snapshot, ...args)
    const date = Date.now()
    const times = { fetchedAt, date, expiresAt: date }
    // Against no stored data: the layer holds this write's own change, nothing it did not set.
    // As a response is stored: plain data only (a Date as its ISO string, no undefined).
    const { entities, entitiesMeta } = normalizeToStore(
      endpoint.schema,
      value,
      args,
      emptySource,
      times,
    )
    return { key, fetchedAt, entities, entitiesMeta }
  } catch {
    // The endpoint chose not to (or could not) answer optimistically: the request goes on.
    return undefined
  }
}

/** Writes the optimistic layer of a mutation starting at `fetchedAt`, when it has one. */
export function writeOptimistic(write: PendingWrite, deps: OptimisticDeps, store: StoreLike): void {
  const layer = layerOf(write, deps, store.getState())
  if (layer) store.dispatch(deps.actions.optimistic(layer))
}

/**
 * After a write settled (its layer gone, or replaced by the server's answer), computes again
 * the layers of the writes that started after it, in start order, each over the state as the
 * writes before it leave it: a counter's `count + 1` built on a refused increment shows the
 * count without it, as data-client does. Each changed layer is one `optimistic` action
 * (replacing the write's layer), so replaying the actions rebuilds the state.
 */
export function rebaseOptimistic(
  settledAt: number,
  pending: Iterable<PendingWrite>,
  deps: OptimisticDeps & { reducerPath: string },
  store: StoreLike,
): void {
  const later = [...pending]
    .filter((write) => write.fetchedAt > settledAt)
    .sort((a, b) => a.fetchedAt - b.fetchedAt)
  for (const write of later) {
    const root = store.getState() as Record<string, unknown>
    const slice = root[deps.reducerPath] as EntityCacheState | undefined
    if (!slice) return
    // What the write saw when it started: the tables and the layers of the writes before it.
    const before = slice.optimistic.filter((layer) => layer.fetchedAt < write.fetchedAt)
    const seen = { ...root, [deps.reducerPath]: { ...slice, optimistic: before } }
    const layer = layerOf(write, deps, seen)
    const current = slice.optimistic.find(
      (shown) => shown.key === write.key && shown.fetchedAt === write.fetchedAt,
    )
    if (!layer || (current && jsonEqual(current.entities, layer.entities))) continue
    store.dispatch(deps.actions.optimistic(layer))
  }
}
