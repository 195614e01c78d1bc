/**
 * Patching RTK Query entries after records changed in the cache: for each entry holding a
 * changed record (found through the index), the members of the record's objects that differ from
 * the record as readers now see it are set, members pointing at other entities than before are
 * rebuilt (references.ts), and a record that is gone (deleted, or an optimistic write rolled
 * back) is removed where it sits, as the cache's reads leave it out (see `planGone`). The patch
 * is one `api.util.updateQueryData` per entry, so RTK Query's hooks re-render and its DevTools
 * entries show the change; its patches replace values (never insert or remove at an index), so
 * applying one twice gives the same data.
 */
import { isDraft, original } from '@reduxjs/toolkit'
import { getOwn, hasOwn, isPlainObject } from '../internal/ownKeys'
import type { EntityRecord, EntitySource } from '../normalizr/types'
import type { EntryIndex, IndexedEntry } from './entryIndex'
import { recordId } from './entryIndex'
import { jsonEqual } from '../internal/jsonEqual'
import type { PathStep, Position } from './locate'
import { isNestedSchema } from './locate'
import type { DropStep, MemberDelete, MemberSet, PatchSteps, Removal } from './patchSteps'
import { applySteps, at, patchedCopy, touchesReservedKey, without } from './patchSteps'
import { NOT_HANDLED, pointsElsewhere, rebuild } from './references'

/** What to change in one entry. */
export interface EntryPatch {
  readonly entry: IndexedEntry
  readonly sets: MemberSet[]
  /** Members to remove: a gone record in a map (`schema.Values`) or an optional member. */
  readonly deletions: MemberDelete[]
  /** By the array's path (joined): items to drop. */
  readonly removals: Map<string, Removal>
  /** Members pointing at other entities now, rebuilt from the records. */
  readonly rebuilds: MemberSet[]
}

/** True when the patch moves, adds or removes entities in its entry (positions change). */
export function changesShape(patch: EntryPatch): boolean {
  return patch.removals.size > 0 || patch.rebuilds.length > 0 || patch.deletions.length > 0
}

/** The entities of an entry by their path (joined), made when a gone record needs its holder. */
const holdersByPath = new WeakMap<object, Map<string, Position>>()

function holderAt(entry: IndexedEntry, path: readonly PathStep[]): Position | undefined {
  let byPath = holdersByPath.get(entry.positions)
  if (!byPath) {
    byPath = new Map()
    for (const positions of entry.positions.values()) {
      for (const position of positions) byPath.set(JSON.stringify(position.path), position)
    }
    holdersByPath.set(entry.positions, byPath)
  }
  return byPath.get(JSON.stringify(path))
}

/** True when `member` is one the holder's class cannot do without (a required member). */
function isRequired(holder: Position, member: PathStep): boolean {
  const required = holder.entity.readPlan?.().required
  return required !== undefined && required.some((one) => one.member === member)
}

/**
 * True when a stored member still names the record `pk`: a pk, or a polymorphic reference
 * (`{ id, schema }`, a Union's).
 */
function namesRecord(reference: unknown, pk: string): boolean {
  // Cleared since (null, or gone): the holder's own patch sets it.
  if (reference === undefined || reference === null) return false
  if (typeof reference === 'string' || typeof reference === 'number')
    return String(reference) === pk
  if (isPlainObject(reference) && hasOwn(reference, 'id')) return String(reference.id) === pk
  // Anything else (a list, a schema object): the holder's own patch keeps it right; the record
  // is taken out as it used to be.
  return true
}

/**
 * Plans the removal of what sits at `path`, as the cache's reads leave out a gone record: an item
 * of a list is dropped; a member of an entity the entity cannot do without (a required member)
 * takes its holder with it (the holder reads as invalid); any other member (of a `schema.Values`
 * map, of an object schema, an optional member of an entity) is removed, and reads as
 * `undefined`. The entry's data itself (an empty path) keeps its last data. `pk` is the pk of
 * the record gone from `path`: a holder whose record names another one there now keeps its place.
 */
function planGone(
  patch: EntryPatch,
  path: readonly PathStep[],
  pk: string,
  source: EntitySource,
): void {
  if (path.length === 0) return
  const { entry } = patch
  const parentPath = path.slice(0, -1)
  const step = path[path.length - 1] as PathStep
  const parent = at(entry.data, parentPath)
  if (Array.isArray(parent)) {
    const joined = JSON.stringify(parentPath)
    let removal = patch.removals.get(joined)
    if (!removal) patch.removals.set(joined, (removal = { path: parentPath, indices: new Set() }))
    removal.indices.add(step as number)
    return
  }
  if (!isPlainObject(parent)) return
  const holder = holderAt(entry, parentPath)
  if (holder !== undefined) {
    // The holder names another record there now (swapped in the same write, an optimistic
    // temporary id answered): its own patch rebuilds the member, and the holder stays.
    const current = source.getEntity(holder.key, holder.pk)
    if (current !== undefined && !namesRecord(getOwn(current, String(step)), pk)) return
    if (isRequired(holder, step)) {
      planGone(patch, parentPath, holder.pk, source)
      return
    }
  }
  patch.deletions.push({ path: parentPath, member: String(step) })
}

/** Adds to `patch` what makes its entry show `record` (or drop it, when `undefined`) at `id`. */
function planRecord(
  patch: EntryPatch,
  id: string,
  record: EntityRecord | undefined,
  source: EntitySource,
): void {
  const { entry } = patch
  for (const { path, entity, pk } of entry.positions.get(id) ?? []) {
    if (record === undefined) {
      planGone(patch, path, pk, source)
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
        const empty = { entry, sets: [], deletions: [], removals: new Map(), rebuilds: [] }
        patches.set(queryCacheKey, (patch = empty))
      }
      planRecord(patch, id, record, source)
    }
  }
  return [...patches.values()].filter(
    (patch) =>
      patch.sets.length > 0 ||
      patch.deletions.length > 0 ||
      patch.removals.size > 0 ||
      patch.rebuilds.length > 0,
  )
}

/** True when `path` is `prefix` or inside it. */
const within = (path: readonly PathStep[], prefix: readonly PathStep[]) =>
  prefix.length <= path.length && prefix.every((step, i) => path[i] === step)

/**
 * The changes of a patch, in the order they are made. Members are set first, then rebuilt
 * members (deepest first: a rebuilt member replaces whatever was set inside it, and is already
 * right). Then members are removed and items dropped from nested arrays, deepest first, so that
 * the paths of the others hold (not inside a rebuilt member, which already leaves them out).
 * Every path was taken from the data before the patch, and each step only changes what is inside
 * the paths that follow it. Items dropped from the entry's data itself (a list) come last.
 */
export function stepsOf(patch: EntryPatch): PatchSteps {
  const rebuilds = [...patch.rebuilds].sort((a, b) => b.path.length - a.path.length)
  const rebuilt = rebuilds.map(({ path, member }) => [...path, member])
  const kept = (path: readonly PathStep[]) => !rebuilt.some((prefix) => within(path, prefix))
  const drops: DropStep[] = []
  for (const { path, member } of patch.deletions) {
    if (kept([...path, member])) drops.push({ path, member, depth: path.length + 1 })
  }
  let root: Removal | undefined
  for (const removal of patch.removals.values()) {
    if (removal.path.length === 0) root = removal
    else if (kept(removal.path)) drops.push({ ...removal, depth: removal.path.length })
  }
  drops.sort((a, b) => b.depth - a.depth)
  return { writes: [...patch.sets, ...rebuilds], drops, root }
}

/**
 * The `updateQueryData` recipes of a patch (see {@link stepsOf}). The first makes every change
 * but the last; the second, when the entry's data is itself a list that loses items, returns the
 * shorter list (a recipe returns a new value only when it changed nothing else). A patch whose
 * paths name `__proto__`, `constructor` or `prototype` is one recipe that returns the new data,
 * made outside the draft: RTK Query replays a draft's changes with Immer's `applyPatches`, which
 * refuses those names (an RTK Query map keyed by such an id would throw at every change).
 */
export function recipesOf(patch: EntryPatch): Array<(draft: any) => unknown> {
  const steps = stepsOf(patch)
  if (touchesReservedKey(steps)) {
    return [(draft: unknown) => patchedCopy(isDraft(draft) ? original(draft) : draft, steps)]
  }
  const recipes: Array<(draft: any) => unknown> = []
  if (steps.writes.length > 0 || steps.drops.length > 0) {
    recipes.push((draft) => applySteps(draft, steps, (path) => at(draft, path)))
  }
  const { root } = steps
  if (root) recipes.push((draft: unknown[]) => without(draft, root.indices))
  return recipes
}
