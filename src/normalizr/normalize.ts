import { InputTooDeepError, UnexpectedResponseError, isFetchResponse } from '../internal/errors'
import { jsonEqual } from '../internal/jsonEqual'
import { isPlainObject, setOwn } from '../internal/ownKeys'
import { plainMembers } from '../internal/plainData'
import { isEntitySchema, isSchemaObject, refuseEntityInstance } from './isEntity'
import { itemSchemaOf, normalizeItems, normalizeMembers } from './shorthand'
import { emptySource } from './plainSource'
import { assertConversion, storeField } from './convert'
import { isNewerWrite } from './order'
import { WrittenTable } from './WrittenTable'
import type {
  EntityMeta,
  EntityRecord,
  EntitySchemaContract,
  EntitySource,
  NormalizeContext,
  NormalizedResponse,
  ResponseShape,
} from './types'

/** When the response was requested and received, and until when it is fresh. */
export interface NormalizeMeta {
  /** When the request started (orders concurrent writes). Defaults to `date`. */
  fetchedAt?: number
  /** When the response arrived. Defaults to `Date.now()`. */
  date?: number
  /** When the written records go stale. Defaults to never. */
  expiresAt?: number
  /** For a mutation's answer: when it was confirmed (see {@link isNewerWrite}). */
  confirmedAt?: number
}

/**
 * How many entities may nest, one inside the other's members, before the next one's members are
 * left to a queue: far below what the call stack holds (about 2,000 levels on Node's default),
 * far above what responses nest, so that only chains given nested ever take the queue.
 */
const DEFER_AT = 256

/** `expiresAt` used when none is given: far future, but still a JSON number. */
export const NEVER_EXPIRES = Number.MAX_SAFE_INTEGER

/**
 * Replaces every entity in `input` by its primary key and collects the records, merged with what
 * `source` already holds (shallow merge; a record fetched earlier than the stored one loses).
 * The output is plain JSON data: Dates become ISO strings, class instances plain objects.
 *
 * @param schema - any schema: an Entity class, `[S]`, `{ ... }`, or a `schema.*` instance
 * @param input - the (processed) response
 * @param args - the endpoint arguments it answers (passed to `process`, `pk`, ...)
 * @param source - the entities already stored; defaults to none
 * @param meta - times recorded with every written record
 * @throws MissingPrimaryKeyError, EntityValidationError, InputTooDeepError,
 *   UnexpectedResponseError (a response of the wrong type: a primitive where an object is
 *   expected, a list where an object of members is, an object that is not a map of records
 *   where a list is, a fetch `Response`), SchemaDefinitionError (a schema that cannot be used)
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/normalize.md
 */
export function normalize(
  schema: unknown,
  input: unknown,
  args: readonly unknown[] = [],
  source: EntitySource = emptySource,
  meta: NormalizeMeta = {},
): NormalizedResponse {
  const date = meta.date ?? Date.now()
  const incomingMeta: EntityMeta = {
    fetchedAt: meta.fetchedAt ?? date,
    date,
    expiresAt: meta.expiresAt ?? NEVER_EXPIRES,
    ...(meta.confirmedAt === undefined ? {} : { confirmedAt: meta.confirmedAt }),
  }
  // Written records per entity key; a Map, so any key is safe and each table is found once.
  const written = new Map<string, WrittenTable>()
  const tablesFor = (key: string): WrittenTable => {
    let tables = written.get(key)
    if (!tables) {
      tables = new WrittenTable()
      written.set(key, tables)
    }
    return tables
  }
  const inProgress = new Set<object>()
  // Stored records this normalize kept because the response gave them the same values.
  let kept: Set<object> | undefined
  // Entities nested deeper than DEFER_AT: their members wait here (see NormalizeContext.defer).
  let deferred: (() => void)[] | undefined
  let deferredInputs: Set<object> | undefined

  // Entities met more than once whose record is not the stored one: once the walk is done, one
  // whose final values are the stored record's gets it back (keepStoredValues).
  let repeated: Map<string, Set<string>> | undefined

  const ctx: NormalizeContext = {
    args,
    visit,
    enter(obj) {
      if (inProgress.has(obj)) return true
      inProgress.add(obj)
      return false
    },
    leave(obj) {
      inProgress.delete(obj)
    },
    tooDeep: () => inProgress.size >= DEFER_AT,
    defer(input, job) {
      deferredInputs ??= new Set()
      if (deferredInputs.has(input)) return
      deferredInputs.add(input)
      ;(deferred ??= []).push(job)
    },
    addEntity(entity, processed, pk, copies = false) {
      const key = entity.key
      const tables = written.get(key)
      const already = tables?.record(pk)
      if (tables && already !== undefined) {
        // Seen earlier in this response: if the stored record won then, it wins again. Merged in
        // place only into a record this normalize made (not an input, not a stored record): when
        // every writer of this table so far copies (another class may share the key).
        const incomingWon = tables.meta(pk) === incomingMeta
        const existing = incomingWon ? already : processed
        const incoming = incomingWon ? processed : already
        const inPlace = copies && (tables.onlyCopies || !incomingWon)
        const mergeMade = inPlace ? entity.mergeMade : undefined
        const merged =
          mergeMade !== undefined
            ? mergeMade.call(entity, existing, incoming)
            : mergeOf(entity, existing, incoming, copies)
        if (!copies) tables.onlyCopies = false
        // The stored record kept for the same values (below), met again with the same values.
        if (merged !== already && kept?.has(already) === true && jsonEqual(merged, already)) {
          tables.setRecord(pk, already)
          return
        }
        tables.setRecord(pk, merged)
        if (kept?.has(already) !== true) {
          repeated ??= new Map()
          let pks = repeated.get(key)
          if (pks === undefined) repeated.set(key, (pks = new Set()))
          pks.add(pk)
        }
        return
      }
      const storedMeta = tables?.meta(pk) ?? source.getMeta(key, pk)
      // A tombstone wins over anything older than the delete (isNewerWrite).
      if (storedMeta?.deleted && !isNewerWrite(storedMeta, incomingMeta)) return
      const stored = storedMeta && !storedMeta.deleted ? source.getEntity(key, pk) : undefined
      const target = tables ?? tablesFor(key)
      let record: EntityRecord
      if (stored === undefined || storedMeta === undefined) {
        record = processed
        target.setMeta(pk, incomingMeta)
      } else {
        if (entity.useIncoming(storedMeta, incomingMeta, stored, processed)) {
          record = mergeOf(entity, stored, processed, copies)
          target.setMeta(pk, incomingMeta)
        } else {
          record = mergeOf(entity, processed, stored, copies)
          target.setMeta(pk, storedMeta)
        }
        // The same values again (a refetch, a poll): the stored record itself, so that every
        // read of it keeps its instance. It is state: never merged into in place (below).
        if (record !== stored && jsonEqual(record, stored)) {
          record = stored
          target.onlyCopies = false
          ;(kept ??= new Set()).add(stored)
        }
      }
      target.setRecord(pk, record)
      if (!copies) target.onlyCopies = false
    },
    deleteEntity(entity, pk) {
      const key = entity.key
      const storedMeta = source.getMeta(key, pk)
      // Anything newer than this delete stays: newer data, or a newer tombstone (whose time
      // must not be moved back, or an in-between GET would resurrect).
      if (storedMeta && !isNewerWrite(storedMeta, incomingMeta)) return
      const tables = tablesFor(key)
      tables.deleteRecord(pk)
      tables.setMeta(pk, { ...incomingMeta, deleted: true })
    },
  }

  function visit(s: unknown, value: unknown, parent: unknown, key: string | undefined): unknown {
    if (value === undefined || value === null || s === undefined || s === null) return value
    if (typeof s === 'function') {
      if (isEntitySchema(s)) return (s as EntitySchemaContract).normalize(value, parent, key, ctx)
      assertConversion(s as (...args: any[]) => unknown)
      return storeField(value)
    }
    if (typeof s !== 'object') return value
    if (isSchemaObject(s)) return s.normalize(value, parent, key, ctx)
    if (Array.isArray(s)) {
      const item = itemSchemaOf(s)
      // `[Entity]`: each item straight to the entity (what `visit` would do, minus the dispatch).
      const normalizeEntity = isEntitySchema(item)
        ? (value: unknown) =>
            value === undefined || value === null ? value : item.normalize(value, parent, key, ctx)
        : undefined
      return normalizeItems(item, value, parent, key, ctx, normalizeEntity)
    }
    if (isPlainObject(s)) return normalizeMembers(s, value, ctx)
    refuseEntityInstance(s)
    return value
  }

  /**
   * An entity met more than once, the later times undoing the first (its final values are the
   * stored record's): the stored record itself, as for a single meeting, so that every read of
   * it keeps its instance. Checked once per entity, after the walk, not at every meeting.
   */
  function keepStoredValues(pksByKey: Map<string, Set<string>>): void {
    for (const [key, pks] of pksByKey) {
      const tables = written.get(key) as WrittenTable
      for (const pk of pks) {
        const record = tables.record(pk)
        const meta = record === undefined ? undefined : source.getMeta(key, pk)
        const stored = meta && !meta.deleted ? source.getEntity(key, pk) : undefined
        if (stored === undefined || stored === record || !jsonEqual(record, stored)) continue
        tables.setRecord(pk, stored)
      }
    }
  }

  checkResponseType(schema, input)
  let result: unknown
  try {
    // As in data-client, the top-level value is its own parent (key `undefined`).
    result =
      (input === null || input === undefined) &&
      isSchemaObject(schema) &&
      schema.normalizesNoContent
        ? schema.normalize(input, input, undefined, ctx)
        : visit(schema, input, input, undefined)
    // In the order they were met; each may defer more.
    if (deferred !== undefined) for (let i = 0; i < deferred.length; i++) deferred[i]!()
    if (repeated !== undefined) keepStoredValues(repeated)
    // A response that normalized to nothing (an entity whose `process` dropped it) stores null.
    if (result === undefined && input !== undefined) result = null
  } catch (error) {
    if (error instanceof RangeError) throw new InputTooDeepError(error)
    throw error
  }
  const entities: Record<string, Record<string, EntityRecord>> = {}
  const entitiesMeta: Record<string, Record<string, EntityMeta>> = {}
  for (const [key, tables] of written) {
    // A key with only deletions has no records table (deletions live in meta).
    if (tables.hasRecords()) setOwn(entities, key, tables.records)
    setOwn(entitiesMeta, key, tables.metas)
  }
  return { result, entities, entitiesMeta }
}

/**
 * `entity.merge(existing, incoming)`, made JSON data when the class's own `process` or `merge`
 * made it (`copies` false: see {@link NormalizeContext.addEntity}): a merge of its own may compute
 * a NaN or put a Date, which the state must not hold. The default merge of plain records is
 * plain already.
 */
function mergeOf(
  entity: EntitySchemaContract,
  existing: EntityRecord,
  incoming: EntityRecord,
  copies: boolean,
): EntityRecord {
  const merged = entity.merge(existing, incoming)
  return copies ? merged : plainMembers(merged, entity.schema)
}

/**
 * Rejects a response whose type cannot match its schema: a string, number, boolean or function
 * where an Entity, a list or an object schema expects an object, and for a list an object whose
 * values are not all records (an error body such as `{ error: 'rate limited', code: 2 }`).
 * Nested ids stay allowed (they are references), and so do `null` and `undefined` (no content:
 * a 204, an empty body).
 */
function checkResponseType(schema: unknown, input: unknown): void {
  if (input === undefined || input === null) return
  let name: string
  let shape: ResponseShape
  if (isEntitySchema(schema)) [name, shape] = [`Entity "${schema.key}"`, 'object']
  else if (Array.isArray(schema)) [name, shape] = ['a list schema ([S])', 'list']
  else if (isSchemaObject(schema)) {
    name =
      schema.schemaName ?? `schema.${(schema as object).constructor.name.replace(/Schema$/, '')}`
    shape = schema.responseShape ?? 'object'
  } else if (isPlainObject(schema)) [name, shape] = ['an object schema', 'members']
  else return
  if (isFetchResponse(input)) throw new UnexpectedResponseError(name, 'object', input)
  if (typeof input === 'object') {
    // A list where an object of members is expected (`{ results: [S], next }` answered with a
    // bare array): its members would be read from the array's indices, and none would match.
    if (shape === 'members' && Array.isArray(input)) {
      throw new UnexpectedResponseError(name, 'object', input)
    }
    if (shape !== 'list' || Array.isArray(input)) return
    const values = Object.values(input)
    if (values.every((value) => typeof value === 'object' && value !== null)) return
  } else if (shape === 'object-or-id' && (typeof input === 'string' || typeof input === 'number')) {
    return
  }
  throw new UnexpectedResponseError(name, shape === 'list' ? 'list' : 'object', input)
}
