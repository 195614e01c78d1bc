/**
 * Keeping the index in step with RTK Query's entries: after each action that changed
 * `state[api.reducerPath].queries`, the entries it names (or, for an action that names none,
 * such as `resetApiState` or a rehydration, every entry) are compared with what was indexed, by
 * the identity of their `data`, and walked again when it changed. Every entry is synced too when
 * a store is created (its preloaded entries) and when `queries` changed past the middleware.
 * Each entry retains the cache's results of the calls it shows: every call merged into it, only
 * the newest when a response replaced its data.
 */
import { jsonEqual } from '../internal/jsonEqual'
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
  /** The request whose response RTK Query writes into the entry (the newest it started). */
  readonly requestId?: string
}

/** RTK Query's thunk action meta (and an upsert's query description), as filling reads it. */
interface FillMeta {
  readonly arg?: {
    readonly endpointName?: string
    readonly originalArgs?: unknown
    readonly queryCacheKey?: unknown
    readonly type?: string
  }
  readonly requestId?: string
}

/**
 * True when a thunk's `meta.arg` is an infinite query's. RTK 2 marks both kinds `type: 'query'`
 * in the action; only an infinite query's arg holds its paging members (`initialPageParam`,
 * `direction`), present even when undefined.
 */
export function isInfiniteQueryArg(arg: object | undefined): boolean {
  if (!arg) return false
  return (
    (arg as { type?: unknown }).type === 'infinitequery' ||
    'initialPageParam' in arg ||
    'direction' in arg
  )
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

/** Recognises the actions that fill entries of bridged endpoints with a response. */
export interface FillMatchers {
  /** True for a bridged endpoint. */
  bridged(endpointName: string): boolean
  /** True for a fulfilled query of the endpoint. */
  fulfilled(endpointName: string, action: unknown): boolean
  /** True for RTK Query's `upsertQueryEntries`. */
  upserted(action: unknown): boolean
}

/** One response an action filled an entry with: the call's `originalArgs` and the response. */
export interface Fill {
  readonly arg: unknown
  /** As it reached RTK Query's reducer (after `transformResponse`). */
  readonly value: unknown
  /**
   * RTK Query wrote it into the entry for sure: an upsert, or the entry's newest request.
   * Otherwise the response may have been dropped (an older request's) or upserted
   * (`upsertQueryData` keeps the entry's request id).
   */
  readonly written: boolean
}

/**
 * The entries of bridged endpoints an action filled with a response, by RTK Query cache key: a
 * fulfilled query, and upserts. Infinite queries are left out (their data is pages).
 */
export function filledEntries(
  action: unknown,
  queries: RtkQueries,
  match: FillMatchers,
): Map<string, Fill> {
  const fills = new Map<string, Fill>()
  const { meta, payload } = action as { meta?: FillMeta; payload?: unknown }
  const arg = meta?.arg
  if (arg?.endpointName !== undefined && typeof arg.queryCacheKey === 'string') {
    if (
      match.bridged(arg.endpointName) &&
      !isInfiniteQueryArg(arg) &&
      match.fulfilled(arg.endpointName, action)
    ) {
      const written = queries[arg.queryCacheKey]?.requestId === meta?.requestId
      fills.set(arg.queryCacheKey, { arg: arg.originalArgs, value: payload, written })
    }
  } else if (match.upserted(action) && Array.isArray(payload)) {
    for (const item of payload as Array<{ queryDescription?: FillMeta['arg']; value?: unknown }>) {
      const described = item?.queryDescription
      if (
        typeof described?.queryCacheKey === 'string' &&
        described.endpointName !== undefined &&
        match.bridged(described.endpointName)
      ) {
        const fill = { arg: described.originalArgs, value: item.value, written: true }
        fills.set(described.queryCacheKey, fill)
      }
    }
  }
  return fills
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

/** Lets go of every result an entry kept but those of `kept`. */
function releaseOthers(retained: Map<string, () => void>, kept: readonly string[]): void {
  for (const [key, release] of [...retained]) {
    if (kept.includes(key)) continue
    release()
    retained.delete(key)
  }
}

/** What the action being synced did to an entry. */
export interface SyncHow {
  /**
   * The entry's data changed only in record members the bridge patched itself (no item added
   * or removed), so its positions still hold.
   */
  readonly sameShape?: boolean | undefined
  /** The response the action filled the entry with (a fulfilled query, an upsert), if any. */
  readonly filledWith?: Fill | undefined
}

/**
 * True when RTK Query's entry shows exactly the response it was just filled with, deep-equal
 * (RTK Query's structural sharing may keep equal parts of the old data), rather than that
 * response merged into earlier data (`merge`). The entry then shows nothing of its earlier
 * calls. Told from the data rather than from the endpoint's `merge` (which RTK Query's api does
 * not expose): a `merge` that replaces (`(current, next) => next`, or a refresh that starts the
 * list again) counts as replacing, and so does any data equal to the response, whoever wrote
 * it: the entry shows only what that response holds.
 */
function replacedBy(entry: RtkQueryEntry, response: unknown): boolean {
  return jsonEqual(entry.data, response)
}

/**
 * Brings the index of one RTK Query cache key up to date with `queries`. An entry retains the
 * cache's result of every call that filled it while its data still shows them (merged pages);
 * when a response replaced its data, the results of its earlier calls are let go.
 */
export function syncEntry(
  index: EntryIndex,
  queries: RtkQueries,
  queryCacheKey: string,
  deps: SyncDeps,
  how: SyncHow = {},
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
  if (indexed && how.sameShape === true && indexed.cacheKey === cacheKey) {
    indexed.data = entry.data
    return
  }
  const retained = indexed?.retained ?? new Map<string, () => void>()
  const keep = (key: string, arg: unknown) => {
    if (!retained.has(key)) retained.set(key, deps.retain(name, arg))
  }
  keep(cacheKey, entry.originalArgs)
  const filled = how.filledWith
  if (filled !== undefined) {
    // The call that filled it (its args are the entry's, unless an upsert changed them since).
    const filledKey = deps.cacheKey(name, filled.arg)
    if (replacedBy(entry, filled.value)) {
      keep(filledKey, filled.arg)
      releaseOthers(retained, [cacheKey, filledKey])
    } else if (filled.written) {
      keep(filledKey, filled.arg) // merged into the data
    }
  }
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
