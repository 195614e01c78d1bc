/**
 * Keeping the index in step with RTK Query's entries: after each action that changed
 * `state[api.reducerPath].queries`, the entries it names (or, for an action that names none,
 * such as `resetApiState` or a rehydration, every entry) are compared with what was indexed, by
 * the identity of their `data`, and walked again when it changed. Every entry is synced too when
 * a store is created (its preloaded entries) and when `queries` changed past the middleware.
 */
import { isPlainObject } from '../internal/ownKeys'
import type { EntryIndex, IndexedEntry } from './entryIndex'
import { recordId } from './entryIndex'
import type { Position } from './locate'
import { locateEntities } from './locate'

/** One entry of `state[api.reducerPath].queries`, as the bridge reads it. */
export interface RtkQueryEntry {
  readonly endpointName?: string
  readonly originalArgs?: unknown
  readonly data?: unknown
}

/** `state[api.reducerPath].queries`. */
export type RtkQueries = Readonly<Record<string, RtkQueryEntry | undefined>>

/** What syncing needs from the bridge. */
export interface SyncDeps {
  /** The schema of a bridged endpoint, else `undefined`. */
  schemaOf(endpointName: string): unknown
  /** The cache's request key of a call. */
  cacheKey(endpointName: string, arg: unknown): string
  /** Retains the cache's result of a call while an entry shows it. */
  retain(endpointName: string, arg: unknown): () => void
}

/**
 * The RTK Query cache keys an action names: thunk actions (`meta.arg.queryCacheKey`), patches
 * and removals (`payload.queryCacheKey`), upserts (`payload[i].queryDescription`). `undefined`
 * when it names none.
 */
export function namedEntries(action: unknown): string[] | undefined {
  const { meta, payload } = action as { meta?: { arg?: unknown }; payload?: unknown }
  const fromArg = (meta?.arg as { queryCacheKey?: unknown } | undefined)?.queryCacheKey
  if (typeof fromArg === 'string') return [fromArg]
  const fromPayload = (payload as { queryCacheKey?: unknown } | undefined)?.queryCacheKey
  if (typeof fromPayload === 'string') return [fromPayload]
  if (Array.isArray(payload)) {
    const keys = payload.map(
      (item) => (item as { queryDescription?: { queryCacheKey?: unknown } })?.queryDescription,
    )
    if (keys.length > 0 && keys.every((d) => typeof d?.queryCacheKey === 'string')) {
      return keys.map((d) => d?.queryCacheKey as string)
    }
  }
  return undefined
}

/** Where each record sits in an entry's data (none when the data does not fit the schema). */
function positionsOf(schema: unknown, entry: RtkQueryEntry) {
  let found: Position[]
  try {
    found = locateEntities(schema, entry.data, [entry.originalArgs])
  } catch {
    // The data does not fit the schema: its result was not stored either (the `failed` action
    // and a development error say why), and there is nothing of the cache's in it to patch.
    found = []
  }
  const byRecord = new Map<string, Position[]>()
  for (const position of found) {
    const id = recordId(position.key, position.pk)
    const list = byRecord.get(id)
    if (list) list.push(position)
    else byRecord.set(id, [position])
  }
  return byRecord
}

/** Lets go of every result an entry kept. */
function releaseAll(retained: Map<string, () => void>): void {
  for (const release of retained.values()) release()
  retained.clear()
}

/**
 * Brings the index of one RTK Query cache key up to date with `queries`. `sameShape` says the
 * entry's data changed only in record members the bridge patched itself (no item added or
 * removed), so its positions still hold.
 */
export function syncEntry(
  index: EntryIndex,
  queries: RtkQueries,
  queryCacheKey: string,
  deps: SyncDeps,
  sameShape = false,
): void {
  const entry = queries[queryCacheKey]
  const indexed = index.get(queryCacheKey)
  const name = entry?.endpointName
  const schema = name === undefined ? undefined : deps.schemaOf(name)
  if (!entry || name === undefined || schema === undefined || entry.data === undefined) {
    index.delete(queryCacheKey)?.release()
    return
  }
  if (indexed && indexed.data === entry.data) return
  const cacheKey = deps.cacheKey(name, entry.originalArgs)
  if (indexed && sameShape && indexed.cacheKey === cacheKey) {
    indexed.data = entry.data
    return
  }
  const retained = indexed?.retained ?? new Map<string, () => void>()
  if (!retained.has(cacheKey)) retained.set(cacheKey, deps.retain(name, entry.originalArgs))
  const release = indexed?.release ?? (() => releaseAll(retained))
  const next: IndexedEntry = {
    queryCacheKey,
    endpointName: name,
    originalArgs: entry.originalArgs,
    data: entry.data,
    positions: positionsOf(schema, entry),
    cacheKey,
    retained,
    release,
  }
  index.set(next)
}

/** Syncs every entry: those in `queries` and those indexed but gone. */
export function syncAll(index: EntryIndex, queries: RtkQueries, deps: SyncDeps): void {
  const keys = new Set([...index.keys(), ...(isPlainObject(queries) ? Object.keys(queries) : [])])
  for (const key of keys) syncEntry(index, queries, key, deps)
}
