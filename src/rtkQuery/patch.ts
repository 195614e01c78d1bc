/**
 * Patching RTK Query entries after records changed in the cache: for each entry holding a
 * changed record (found through the index), the members of the record's objects that differ from
 * the record as readers now see it are set, members pointing at other entities than before are
 * rebuilt (references.ts), and a record that is gone (deleted, or an optimistic write rolled
 * back) is removed from the lists (arrays) that hold it. The patch is one
 * `api.util.updateQueryData` per entry, so RTK Query's hooks re-render and its DevTools entries
 * show the change; its patches replace values (never insert or remove at an index), so applying
 * one twice gives the same data.
 */
import { getOwn, hasOwn, isPlainObject } from '../internal/ownKeys'
import type { EntityRecord, EntitySource } from '../normalizr/types'
import type { EntryIndex, IndexedEntry } from './entryIndex'
import { recordId } from './entryIndex'
import { jsonEqual } from '../internal/jsonEqual'
import type { PathStep } from './locate'
import { isNestedSchema } from './locate'
import { NOT_HANDLED, pointsElsewhere, rebuild } from './references'

/** A member to set on the object at `path`. */
interface MemberSet {
  readonly path: readonly PathStep[]
  readonly member: string
  readonly value: unknown
}

/** Items to drop from the array at `path`. */
interface Removal {
  readonly path: readonly PathStep[]
  readonly indices: Set<number>
}

/** What to change in one entry. */
export interface EntryPatch {
  readonly entry: IndexedEntry
  readonly sets: MemberSet[]
  /** By the array's path (joined): items to drop. */
  readonly removals: Map<string, Removal>
  /** Members pointing at other entities now, rebuilt from the records. */
  readonly rebuilds: MemberSet[]
}

/** True when the patch moves, adds or removes entities in its entry (positions change). */
export function changesShape(patch: EntryPatch): boolean {
  return patch.removals.size > 0 || patch.rebuilds.length > 0
}

/** The value at `path` inside `root`. */
function at(root: unknown, path: readonly PathStep[]): unknown {
  let value = root
  for (const step of path) value = (value as Record<PathStep, unknown> | undefined)?.[step]
  return value
}

/** Adds to `patch` what makes its entry show `record` (or drop it, when `undefined`) at `id`. */
function planRecord(
  patch: EntryPatch,
  id: string,
  record: EntityRecord | undefined,
  source: EntitySource,
): void {
  const { entry } = patch
  for (const { path, entity } of entry.positions.get(id) ?? []) {
    if (record === undefined) {
      if (path.length === 0) continue // the entry is the record itself: it keeps its last data
      const arrayPath = path.slice(0, -1)
      if (!Array.isArray(at(entry.data, arrayPath))) continue // a member, not a list item
      const joined = JSON.stringify(arrayPath)
      let removal = patch.removals.get(joined)
      if (!removal) patch.removals.set(joined, (removal = { path: arrayPath, indices: new Set() }))
      removal.indices.add(path[path.length - 1] as number)
      continue
    }
    const target = at(entry.data, path)
    if (!isPlainObject(target)) continue
    const nested = entity.schema
    for (const member of Object.keys(record)) {
      const value = record[member]
      const current = getOwn(target, member)
      if (hasOwn(nested, member) && isNestedSchema(nested[member])) {
        // The entities a member holds are patched at their own positions; only a member that
        // now points elsewhere is rebuilt.
        const definition = nested[member]
        if (!pointsElsewhere(definition, value, current)) continue
        const rebuilt = rebuild(definition, value, current, source)
        if (rebuilt !== NOT_HANDLED && !jsonEqual(rebuilt, current)) {
          patch.rebuilds.push({ path, member, value: rebuilt })
        }
        continue
      }
      // An own `__proto__` member cannot be set through a draft (it would set the prototype).
      if (member === '__proto__') continue
      if (!jsonEqual(current, value)) patch.sets.push({ path, member, value })
    }
  }
}

/**
 * What to change in each entry holding one of the `changed` records (`[key, pk]`), read from
 * `source` (what readers see). Only the entries holding them are looked at; with `only`, only
 * that entry.
 */
export function planPatches(
  index: EntryIndex,
  changed: Iterable<readonly [string, string]>,
  source: EntitySource,
  only?: string,
): EntryPatch[] {
  const patches = new Map<string, EntryPatch>()
  for (const [key, pk] of changed) {
    const id = recordId(key, pk)
    const holders = index.holding(id)
    if (!holders) continue
    const record = source.getEntity(key, pk)
    for (const queryCacheKey of only === undefined ? holders : [only]) {
      let patch = patches.get(queryCacheKey)
      if (!patch) {
        const entry = index.get(queryCacheKey) as IndexedEntry
        const empty = { entry, sets: [], removals: new Map(), rebuilds: [] }
        patches.set(queryCacheKey, (patch = empty))
      }
      planRecord(patch, id, record, source)
    }
  }
  return [...patches.values()].filter(
    (patch) => patch.sets.length > 0 || patch.removals.size > 0 || patch.rebuilds.length > 0,
  )
}

/** Drops the items at `indices` from an array (a draft), keeping the others in order. */
const without = (items: unknown[], indices: Set<number>) => items.filter((_, i) => !indices.has(i))

/** True when `path` is `prefix` or inside it. */
const within = (path: readonly PathStep[], prefix: readonly PathStep[]) =>
  prefix.length <= path.length && prefix.every((step, i) => path[i] === step)

/**
 * The `updateQueryData` recipes of a patch. The first sets members, then rebuilt members
 * (deepest first: a rebuilt member replaces whatever was set inside it, and is already right),
 * then drops items from nested arrays (deepest first, so the paths of the others hold; not from
 * an array a rebuild replaced, which already leaves them out). Every path was taken from the data
 * before the patch, and each step only changes what is inside the paths that follow it. The
 * second recipe, when the entry's data is itself a list that loses items, returns the shorter
 * list (a recipe returns a new value only when it changed nothing else).
 */
export function recipesOf(patch: EntryPatch): Array<(draft: any) => unknown> {
  const recipes: Array<(draft: any) => unknown> = []
  const rebuilds = [...patch.rebuilds].sort((a, b) => b.path.length - a.path.length)
  const rebuilt = rebuilds.map(({ path, member }) => [...path, member])
  const removals = [...patch.removals.values()]
    .filter((removal) => !rebuilt.some((prefix) => within(removal.path, prefix)))
    .sort((a, b) => b.path.length - a.path.length)
  const nested = removals.filter((removal) => removal.path.length > 0)
  const root = removals.find((removal) => removal.path.length === 0)
  if (patch.sets.length > 0 || nested.length > 0 || rebuilds.length > 0) {
    recipes.push((draft) => {
      for (const { path, member, value } of [...patch.sets, ...rebuilds]) {
        ;(at(draft, path) as Record<string, unknown>)[member] = value
      }
      for (const { path, indices } of nested) {
        const parent = at(draft, path.slice(0, -1)) as Record<PathStep, unknown>
        parent[path[path.length - 1] as PathStep] = without(at(draft, path) as unknown[], indices)
      }
    })
  }
  if (root) recipes.push((draft: unknown[]) => without(draft, root.indices))
  return recipes
}
