/**
 * The `layout` member of the slice state: which storage format it is in, so a persisted state or
 * an SSR payload written by another version reads correctly or fails with a clear error, never
 * misreads. Version 6: maps plain up to 1,024 entries, split beyond into an array of a summary
 * and pages of hash buckets of key/value pairs and runs of consecutive integer keys
 * (splitMap.ts), the split ones named here; a summary counts its map's entries when runs make
 * them fewer than its keys. Versions 2 to 5 are read and converted (upgrade.ts).
 */
import { SetupError } from '../../internal/errors'

/** The storage format this version writes. */
export const LAYOUT_VERSION = 6

/**
 * How the slice's maps are stored. Plain maps are `{ [key]: value }`; the ones named here are
 * split by a hash of the key: `[{ size, buckets, entries? }, page, ...]`, each page 64 buckets (or
 * `null`) of pairs `key, value` and runs `-first, count, value, ...` of consecutive integer keys.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/concepts/cache-in-your-store.md#the-state
 */
export interface StateLayout {
  /** The storage format (6). */
  readonly version: typeof LAYOUT_VERSION
  /** Entity tables (`entities[key]` and `entitiesMeta[key]`) split in buckets, sorted. */
  readonly splitTables: readonly string[]
  /** `results` and `meta` are split in buckets. */
  readonly splitRequests: boolean
}

/** The layout of an empty cache: every map plain. */
export const EMPTY_LAYOUT: StateLayout = Object.freeze({
  version: LAYOUT_VERSION,
  splitTables: Object.freeze([]) as readonly string[],
  splitRequests: false,
})

const splitSets = new WeakMap<readonly string[], ReadonlySet<string>>()

/** True when the table `key` is split in buckets. */
export function isSplitTable(layout: StateLayout, key: string): boolean {
  const tables = layout.splitTables
  if (tables.length === 0) return false
  let set = splitSets.get(tables)
  if (!set) splitSets.set(tables, (set = new Set(tables)))
  return set.has(key)
}

/** The layout with table `key` split (`true`) or plain (`false`). */
export function withSplitTable(layout: StateLayout, key: string, split: boolean): StateLayout {
  if (isSplitTable(layout, key) === split) return layout
  const splitTables = split
    ? [...layout.splitTables, key].sort()
    : layout.splitTables.filter((table) => table !== key)
  return { ...layout, splitTables }
}

/** Throws a clear error for a layout this version cannot read. */
export function assertReadableLayout(layout: unknown, reducerPath: string): void {
  const version = (layout as { version?: unknown } | undefined)?.version
  if (version === LAYOUT_VERSION) return
  throw new SetupError(
    `The entity cache at state.${reducerPath} is stored in format ${String(version)}, which ` +
      `this version of rtk-resources (format ${LAYOUT_VERSION}) cannot read. It came from a ` +
      `persisted state or a server-rendered payload made by another version. Drop the persisted ` +
      `cache (its data is refetched), or render the page with the same version of rtk-resources.`,
  )
}
