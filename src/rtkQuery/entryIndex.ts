/**
 * The bridge's index of one store: which RTK Query entries hold which records, and where. Kept
 * outside the state (it is derived from RTK Query's entries and rebuilt from them), so that a
 * change to a record finds the entries that show it without looking at the others.
 */
import type { Position } from './locate'

/** Identifies one record: its table and pk (length-prefixed, so no two pairs collide). */
export function recordId(key: string, pk: string): string {
  return `${key.length}:${key}:${pk}`
}

/** One RTK Query entry of a bridged endpoint, as last indexed. */
export interface IndexedEntry {
  readonly queryCacheKey: string
  readonly endpointName: string
  readonly originalArgs: unknown
  /** The entry's `data` when it was indexed (RTK Query replaces it on every change). */
  data: unknown
  /** Where each record sits in `data`, by {@link recordId}. */
  readonly positions: ReadonlyMap<string, readonly Position[]>
  /** The cache's request key of the entry's call. */
  readonly cacheKey: string
  /**
   * The cache's results this entry keeps, by request key, each with the function that lets go
   * of it: every call whose response the entry still shows. RTK Query may fill one entry from
   * several calls (`serializeQueryArgs` with `merge`: pages of one list), and the merged data
   * still shows the earlier ones; a response that replaced the data (no `merge`: a newer
   * `until` under one identity) lets the earlier calls go.
   */
  readonly retained: Map<string, () => void>
  /** Lets go of every result in {@link retained} (garbage collection may then forget them). */
  readonly release: () => void
}

/** Entries by RTK Query cache key, and the entries holding each record. */
export class EntryIndex {
  private readonly entries = new Map<string, IndexedEntry>()
  private readonly holders = new Map<string, Set<string>>()

  get(queryCacheKey: string): IndexedEntry | undefined {
    return this.entries.get(queryCacheKey)
  }

  /** The RTK Query cache keys of the entries holding the record. */
  holding(id: string): ReadonlySet<string> | undefined {
    return this.holders.get(id)
  }

  /** Every indexed RTK Query cache key. */
  keys(): string[] {
    return [...this.entries.keys()]
  }

  /** Indexes `entry` (replacing what was indexed under its key). */
  set(entry: IndexedEntry): void {
    this.unlink(entry.queryCacheKey)
    this.entries.set(entry.queryCacheKey, entry)
    for (const id of entry.positions.keys()) {
      let set = this.holders.get(id)
      if (!set) this.holders.set(id, (set = new Set()))
      set.add(entry.queryCacheKey)
    }
  }

  /** Removes the entry and returns it (its `release` is the caller's to call). */
  delete(queryCacheKey: string): IndexedEntry | undefined {
    const entry = this.unlink(queryCacheKey)
    this.entries.delete(queryCacheKey)
    return entry
  }

  private unlink(queryCacheKey: string): IndexedEntry | undefined {
    const entry = this.entries.get(queryCacheKey)
    if (!entry) return undefined
    for (const id of entry.positions.keys()) {
      const set = this.holders.get(id)
      set?.delete(queryCacheKey)
      if (set?.size === 0) this.holders.delete(id)
    }
    return entry
  }
}
