/**
 * Which records changed between two snapshots of entity tables, for sources that can tell, so
 * that a memoized read after a small write costs O(changes) instead of a look at everything it
 * read (see `EntitySource.forEachChangeSince`). Whoever makes a new snapshot from an old one
 * links the two with the records it wrote or removed; a source answers by walking the links.
 *
 * Snapshots are named by objects (the sources' tokens, or the tables), held weakly: a link lives
 * as long as its snapshot, and holds its own copy of the changed pks, not the caller's objects.
 * A chain is cut behind the last {@link MAX_LINKS} links or {@link MAX_RECORDS} pks, so what
 * one store's history holds stays small; a write of more than {@link MAX_RECORDS} records is not
 * linked. Beyond a cut, or between unrelated snapshots, the answer is "unknown", and the memo
 * checks what it holds (slower, never wrong).
 */

/** The records one write changed: per table, their pks (a list, or the keys of an object). */
export type ChangedRecords = Readonly<
  Record<string, readonly string[] | Readonly<Record<string, unknown>>>
>

interface Link {
  /** The link of the snapshot this one was made from; `undefined` at a cut. */
  parent: Link | undefined
  /** Distance from the first snapshot of the chain (only ever compared). */
  readonly depth: number
  /** The records changed from the parent: table, pk, table, pk, ... */
  readonly changes: readonly string[]
}

/** How many links, and how many changed records in all, a chain keeps behind its newest link. */
export const MAX_LINKS = 64
export const MAX_RECORDS = 20_000

const links = new WeakMap<object, Link>()

function flatten(changes: ChangedRecords): string[] | undefined {
  const flat: string[] = []
  for (const key of Object.keys(changes)) {
    const pks = changes[key] as readonly string[] | Readonly<Record<string, unknown>>
    for (const pk of Array.isArray(pks) ? pks : Object.keys(pks)) {
      if (flat.length >= 2 * MAX_RECORDS) return undefined
      flat.push(key, pk as string)
    }
  }
  return flat
}

/**
 * Records that snapshot `next` is snapshot `previous` with `changes` written or removed (`size`
 * of them, when the caller knows). Call it whenever a write produces new tables from old ones; a
 * snapshot keeps its first link.
 */
export function linkSnapshots(
  previous: object,
  next: object,
  changes: ChangedRecords,
  size?: number,
): void {
  if (previous === next || links.has(next)) return
  // A write known to be too large is not linked, without listing its pks first.
  const flat = size !== undefined && size > MAX_RECORDS ? undefined : flatten(changes)
  if (!flat) return
  let parent = links.get(previous)
  if (!parent) {
    parent = { parent: undefined, depth: 0, changes: [] }
    links.set(previous, parent)
  }
  const link: Link = { parent, depth: parent.depth + 1, changes: flat }
  links.set(next, link)
  // Cut the chain behind the last MAX_LINKS links or MAX_RECORDS records.
  let count = 1
  let records = flat.length / 2
  for (let at = parent; at.parent; at = at.parent) {
    count++
    records += at.changes.length / 2
    if (count > MAX_LINKS || records > MAX_RECORDS) {
      at.parent = undefined
      break
    }
  }
}

/**
 * Calls `fn` for each record changed between snapshots `from` and `to` (either may be the
 * older; a record may be reported more than once) and returns true, or returns false when the
 * links cannot tell (what it reported before finding out is then to be ignored).
 */
export function forEachChangeBetween(
  from: object,
  to: object,
  fn: (key: string, pk: string) => void,
): boolean {
  let a = links.get(from)
  let b = links.get(to)
  if (!a || !b) return false
  while (a !== b) {
    // Walk up from the deeper side (both when level) until they meet.
    if (a.depth >= b.depth) {
      if (!a.parent) return false
      report(a.changes, fn)
      a = a.parent
    } else {
      if (!b.parent) return false
      report(b.changes, fn)
      b = b.parent
    }
  }
  return true
}

function report(changes: readonly string[], fn: (key: string, pk: string) => void): void {
  for (let i = 0; i < changes.length; i += 2) fn(changes[i] as string, changes[i + 1] as string)
}
