/**
 * Which entities a stored value reaches. A normalized value holds pks where its schema has
 * entities; following each Entity's `static schema` through the stored records reaches the rest.
 * Garbage collection keeps what stored results reach and forgets the other records.
 *
 * The walk reuses the schema contract: each schema's `denormalize` is run with a context whose
 * `unvisit` only queues the nested value, so every schema (a new one too) describes its own
 * references, and the walk is a loop over a work list: no recursion through entities, chains of
 * any length and cycles are fine (the visitor says whether to follow an entity again).
 */
import { hasOwn, isPlainObject } from '../internal/ownKeys'
import { isEntitySchema, isSchemaObject } from './isEntity'
import { denormalizeItems, denormalizeMembers, itemSchemaOf, loadedMember } from './shorthand'
import type { DenormalizeContext, EntityRecord, EntitySchemaContract, EntitySource } from './types'

/**
 * Called for each entity reference the walk meets (the class it was reached through, and the pk).
 * Return `true` to follow the members of the stored record (the first time), `false` to stop.
 */
export type VisitReference = (entity: EntitySchemaContract, pk: string) => boolean

/** What the tracing context's `unvisit` answers: any value that is neither missing nor invalid. */
const SEEN = true

/**
 * Walks normalized values and stored records along their schemas, calling `visit` for each
 * entity reference. {@link add} queues a value, {@link run} drains the queue; values added while
 * it runs (from a visitor) are walked by the same run.
 */
export class ReferenceWalker {
  private readonly work: Array<[schema: unknown, value: unknown]> = []
  private readonly ctx: DenormalizeContext

  constructor(
    private readonly source: EntitySource,
    private readonly visit: VisitReference,
  ) {
    this.ctx = {
      args: [],
      unvisit: (schema, input) => {
        this.work.push([schema, input])
        return SEEN
      },
      forEachEntity: (key, fn) => source.forEachEntity(key, (pk) => fn(pk)),
    }
  }

  /** Queues `value` (normalized, or a pk for an Entity schema) to walk under `schema`. */
  add(schema: unknown, value: unknown): this {
    this.work.push([schema, value])
    return this
  }

  /** Walks everything queued. */
  run(): void {
    const work = this.work
    while (work.length > 0) {
      const [schema, value] = work.pop() as [unknown, unknown]
      this.step(schema, value)
    }
  }

  private step(schema: unknown, input: unknown): void {
    if (schema === undefined || schema === null || input === undefined || input === null) return
    if (typeof schema === 'function') {
      if (isEntitySchema(schema)) this.entity(schema, input)
      return
    }
    if (typeof schema !== 'object') return
    if (isSchemaObject(schema)) schema.denormalize(input, this.ctx)
    else if (Array.isArray(schema)) denormalizeItems(itemSchemaOf(schema), input, this.ctx)
    else if (isPlainObject(schema)) denormalizeMembers(schema, input, this.ctx)
  }

  private entity(entity: EntitySchemaContract, input: unknown): void {
    if (typeof input === 'object') {
      // An inline (not normalized) record: no reference, but its members may hold some.
      this.members(entity, input as EntityRecord)
      return
    }
    const pk = String(input)
    if (!this.visit(entity, pk)) return
    const record = this.source.getEntity(entity.key, pk)
    if (record !== undefined) this.members(entity, record)
  }

  private members(entity: EntitySchemaContract, record: EntityRecord): void {
    const schema = entity.schema
    for (const member of Object.keys(schema)) {
      if (!hasOwn(record, member)) continue
      this.work.push([loadedMember(schema[member]), record[member]])
    }
  }
}

/**
 * Calls `visit` for every entity reference `value` (a normalized value of `schema`) reaches,
 * following stored records through `source` while `visit` returns `true`.
 *
 * @example
 * ```ts no-check
 * const reached = new Set<string>()
 * collectReferences([Post], result, source, (entity, pk) => {
 *   const id = `${entity.key} ${pk}`
 *   if (reached.has(id)) return false
 *   reached.add(id)
 *   return true
 * })
 * ```
 */
export function collectReferences(
  schema: unknown,
  value: unknown,
  source: EntitySource,
  visit: VisitReference,
): void {
  new ReferenceWalker(source, visit).add(schema, value).run()
}

/**
 * The Entity classes a schema definition names, by table (entity key), following each class's
 * `static schema`, array items, object members and the definition a schema object holds in its
 * `schema` member (`schema.All(Post)`, `schema.Values(map, attr)`, ...). Reads no data.
 */
export function schemaEntities(schema: unknown): Map<string, EntitySchemaContract[]> {
  const byKey = new Map<string, EntitySchemaContract[]>()
  const seen = new Set<unknown>()
  const work: unknown[] = [schema]
  while (work.length > 0) {
    const current = work.pop()
    if (current === null || (typeof current !== 'object' && typeof current !== 'function')) continue
    if (seen.has(current)) continue
    seen.add(current)
    if (isEntitySchema(current)) {
      const classes = byKey.get(current.key)
      if (classes) classes.push(current)
      else byKey.set(current.key, [current])
      for (const member of Object.values(current.schema ?? {})) work.push(member)
    } else if (Array.isArray(current) || isPlainObject(current)) {
      for (const member of Object.values(current)) work.push(member)
    } else if (typeof current === 'object' && 'schema' in current) {
      work.push((current as { schema: unknown }).schema)
    }
  }
  return byKey
}
