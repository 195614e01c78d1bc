/**
 * Which records changed between two snapshots of entity tables, for sources that can tell, so
 * that a memoized read after a small write costs O(changes) instead of a look at everything it
 * read (see `EntitySource.forEachChangeSince`). Whoever makes a new snapshot from an old one
 * links the two with the records it wrote or removed; a source answers by walking the links.
 *
 * Snapshots are named by the sources' tokens, held weakly. The links are
 * bounded: the log keeps the last {@link MAX_LINKS} links and at most {@link MAX_RECORDS} pks in
 * all; a write bigger than that is not linked. Beyond the log, or between unrelated snapshots,
 * the answer is "unknown", and the memo checks what it holds (slower, never wrong).
 */

/** The records one write changed: per table, their pks (a list, or the keys of an object). */
export type ChangedRecords = Readonly<
  Record<string, readonly string[] | Readonly<Record<string, unknown>>>
>

interface Link {
  readonly parent: number
  readonly changes: ChangedRecords
  readonly size: number
}

/** How many links the log keeps, and how many pks they may hold in all. */
export const MAX_LINKS = 1024
export const MAX_RECORDS = 100_000

/** Snapshot → id; ids grow, so a parent's id is below its children's. */
const ids = new WeakMap<object, number>()
/** id → the link that made that snapshot (oldest first). */
const log = new Map<number, Link>()
let lastId = 0
let recordsHeld = 0

function idOf(snapshot: object): number {
  let id = ids.get(snapshot)
  if (id === undefined) {
    id = ++lastId
    ids.set(snapshot, id)
  }
  return id
}

function sizeOf(changes: ChangedRecords): number {
  let size = 0
  for (const key of Object.keys(changes)) {
    const pks = changes[key] as readonly string[] | Readonly<Record<string, unknown>>
    size += Array.isArray(pks) ? pks.length : Object.keys(pks).length
  }
  return size
}

/**
 * Records that snapshot `next` is snapshot `previous` with `changes` written or removed. Call it
 * whenever a write produces new tables from old ones; a snapshot keeps its first link.
 */
export function linkSnapshots(previous: object, next: object, changes: ChangedRecords): void {
  if (previous === next || ids.has(next)) return
  const size = sizeOf(changes)
  if (size > MAX_RECORDS) return
  const parent = idOf(previous)
  const id = idOf(next)
  log.set(id, { parent, changes, size })
  recordsHeld += size
  while (log.size > MAX_LINKS || recordsHeld > MAX_RECORDS) {
    const [oldest, link] = log.entries().next().value as [number, Link]
    log.delete(oldest)
    recordsHeld -= link.size
  }
}

/**
 * Calls `fn` for each record changed between snapshots `from` and `to` (either may be the
 * older; a record may be reported more than once) and returns true, or returns false when the
 * log cannot tell (what it reported before finding out is then to be ignored).
 */
export function forEachChangeBetween(
  from: object,
  to: object,
  fn: (key: string, pk: string) => void,
): boolean {
  let a = ids.get(from)
  let b = ids.get(to)
  if (a === undefined || b === undefined) return false
  while (a !== b) {
    // Walk up from the younger snapshot until both meet.
    const younger: number = a > b ? a : b
    const link = log.get(younger)
    if (!link) return false
    report(link.changes, fn)
    if (younger === a) a = link.parent
    else b = link.parent
  }
  return true
}

function report(changes: ChangedRecords, fn: (key: string, pk: string) => void): void {
  for (const key of Object.keys(changes)) {
    const pks = changes[key] as readonly string[] | Readonly<Record<string, unknown>>
    if (Array.isArray(pks)) for (const pk of pks) fn(key, pk)
    else for (const pk of Object.keys(pks)) fn(key, pk)
  }
}
