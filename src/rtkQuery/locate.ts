/**
 * Where the entities of a schema sit inside an RTK Query entry's data (denormalized, as the
 * server sent it). The walk is the schemas' own `normalize`, run with a context that stores
 * nothing: every schema (a new one too) finds its entities as it does when a response is
 * stored, and each entity object found is mapped to its paths from the data's root.
 */
import { isPlainObject } from '../internal/ownKeys'
import { isEntitySchema, isSchemaObject } from '../normalizr/isEntity'
import { itemSchemaOf, normalizeItems, normalizeMembers } from '../normalizr/shorthand'
import type { EntitySchemaContract, NormalizeContext } from '../normalizr/types'

/** A step from a value to one of its members: an array index or an object key. */
export type PathStep = string | number

/** One entity inside an entry's data: its table, pk, class, and where it is. */
export interface Position {
  readonly key: string
  readonly pk: string
  readonly entity: EntitySchemaContract
  /** From the data's root to the entity's object (`[]` when the data is the entity). */
  readonly path: readonly PathStep[]
}

/** Every object and array inside `data`, with the paths that reach it (iterative). */
function pathsOf(data: unknown): Map<object, PathStep[][]> {
  const paths = new Map<object, PathStep[][]>()
  if (typeof data !== 'object' || data === null) return paths
  const work: Array<[object, PathStep[]]> = [[data, []]]
  while (work.length > 0) {
    const [value, path] = work.pop() as [object, PathStep[]]
    const known = paths.get(value)
    if (known) {
      // Reached again (a shared object): one more path, its members are already queued.
      known.push(path)
      continue
    }
    paths.set(value, [path])
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i]
        if (typeof item === 'object' && item !== null) work.push([item, [...path, i]])
      }
    } else {
      for (const member of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[member]
        if (typeof item === 'object' && item !== null) work.push([item, [...path, member]])
      }
    }
  }
  return paths
}

/**
 * The entities `schema` finds in `data` (one position per path to each entity object).
 * Throws what `normalize` throws for data that does not fit the schema (a missing pk, a
 * failing `validate`).
 */
export function locateEntities(
  schema: unknown,
  data: unknown,
  args: readonly unknown[],
): Position[] {
  const paths = pathsOf(data)
  const found: Position[] = []
  const inProgress = new Set<object>()
  const ctx: NormalizeContext = {
    args,
    visit,
    addEntity: () => {},
    deleteEntity: () => {},
    enter(input) {
      if (inProgress.has(input)) return true
      inProgress.add(input)
      return false
    },
    leave(input) {
      inProgress.delete(input)
    },
  }

  function visit(s: unknown, value: unknown, parent: unknown, key: string | undefined): unknown {
    if (value === undefined || value === null || s === undefined || s === null) return value
    if (typeof s === 'function') {
      if (!isEntitySchema(s)) return value
      const ref = s.normalize(value, parent, key, ctx)
      if (typeof value === 'object' && (typeof ref === 'string' || typeof ref === 'number')) {
        const pk = String(ref)
        for (const path of paths.get(value) ?? []) found.push({ key: s.key, pk, entity: s, path })
      }
      return ref
    }
    if (typeof s !== 'object') return value
    if (isSchemaObject(s)) return s.normalize(value, parent, key, ctx)
    if (Array.isArray(s)) return normalizeItems(itemSchemaOf(s), value, parent, key, ctx)
    if (isPlainObject(s)) return normalizeMembers(s, value, ctx)
    return value
  }

  visit(schema, data, data, undefined)
  return found
}

/**
 * True for an Entity member whose schema holds other entities (an Entity, a list, an object
 * schema): the bridge leaves such members to the positions of the entities inside them. A
 * conversion (`Date`, a function) is not one: its member is plain data.
 */
export function isNestedSchema(definition: unknown): boolean {
  return (
    isEntitySchema(definition) ||
    isSchemaObject(definition) ||
    Array.isArray(definition) ||
    isPlainObject(definition)
  )
}
