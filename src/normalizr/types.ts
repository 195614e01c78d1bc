/**
 * The small contract every schema implements, and the shapes the engine reads and writes.
 * Nothing here knows about Redux: the engine sees entity tables only through {@link EntitySource}.
 */

/** Bookkeeping kept beside each stored entity (plain numbers, epoch milliseconds). */
export interface EntityMeta {
  /** When the request that produced this record started; orders writes. */
  readonly fetchedAt: number
  /** When the response arrived. */
  readonly date: number
  /** After this time the record is stale. */
  readonly expiresAt: number
  /** Present and `true` when the entity was deleted (a tombstone). */
  readonly deleted?: true
  /**
   * When the mutation that wrote this record was confirmed (its answer arrived), on the same
   * clock as `fetchedAt`. Only on records a mutation wrote: a read that started before this
   * time may predate the mutation, so it does not overwrite the record (see `isNewerWrite`).
   */
  readonly confirmedAt?: number
}

/** A stored, normalized record: plain JSON data, nested entities replaced by their pk. */
export type EntityRecord = Record<string, unknown>

/** `{ [entityKey]: { [pk]: value } }` built with own members only. */
export type EntityTables<T> = Record<string, Record<string, T>>

/** Read access to the entities a cache holds; the engine never sees the storage layout. */
export interface EntitySource {
  /**
   * Identity of the whole snapshot. Two reads with the same token see the same data, so
   * memoized results checked against one token are reused without looking again.
   */
  readonly token: object
  /** The stored record, or `undefined` when missing or deleted. */
  getEntity(key: string, pk: string): EntityRecord | undefined
  /**
   * Optional. A function reading one table by pk, as {@link getEntity} does: for many reads of
   * one table without finding the table each time.
   */
  readerOf?(key: string): (pk: string) => EntityRecord | undefined
  /**
   * Optional. {@link readerOf}, also given a number: a pk as `pk()` returned it, which lists keep,
   * naming the same record as its decimal string. The engine hands numbers only to this one;
   * a source without it gets strings.
   */
  idReaderOf?(key: string): (pk: string | number) => EntityRecord | undefined
  /** Its meta (including tombstones), or `undefined`. */
  getMeta(key: string, pk: string): EntityMeta | undefined
  /** An object whose identity changes whenever any record of that table changes. */
  getTable(key: string): object | undefined
  /** Calls `fn` for each live (not deleted) record of the table, in a stable order. */
  forEachEntity(key: string, fn: (pk: string, record: EntityRecord) => void): void
  /**
   * Optional. Calls `fn` for every record written or removed since the snapshot whose token is
   * `token` (a record may be reported more than once) and returns true; returns false when the
   * source cannot tell (what it reported is then ignored). With it, a memoized read after a
   * small write costs O(changes); without it, the memo looks at every record the read reached.
   */
  forEachChangeSince?(token: object, fn: (key: string, pk: string) => void): boolean
}

/** What the engine passes to {@link SchemaContract.normalize}. */
export interface NormalizeContext {
  /** The endpoint arguments the response answers. */
  readonly args: readonly unknown[]
  /** Normalizes a nested value with any schema (shorthands included). */
  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown
  /**
   * Stores a processed entity (nested members already normalized); merges as configured.
   * `copies`: the entity's `process` and `merge` are the defaults, so `processed`, and whatever
   * its `merge` returns, are new objects no one else holds (see `mergeMade`).
   */
  addEntity(
    entity: EntitySchemaContract,
    processed: EntityRecord,
    pk: string,
    copies?: boolean,
  ): void
  /** Marks an entity deleted. */
  deleteEntity(entity: EntitySchemaContract, pk: string): void
  /** Guards against cyclic inputs: true when this input object is already being normalized. */
  enter(input: object): boolean
  /** Ends the guard opened by {@link enter}. */
  leave(input: object): void
  /**
   * True when entities nest here so deep that the call stack could run out: an entity's members
   * should then wait, through {@link defer}.
   */
  tooDeep?(): boolean
  /**
   * Runs `job` (normalizing `input`'s members and storing it) once the levels above are done,
   * from a queue; an input deferred before is not deferred again (a cycle through the queue).
   */
  defer?(input: object, job: () => void): void
}

/** What the engine passes to {@link SchemaContract.denormalize}. */
export interface DenormalizeContext {
  readonly args: readonly unknown[]
  /**
   * Denormalizes a nested value. Returns {@link INVALID} for a record that failed `validate`,
   * and `undefined` for a missing or deleted entity.
   */
  unvisit(schema: unknown, input: unknown): unknown
  /** Reads a whole table (for `schema.All`); records a dependency on it. */
  forEachEntity(key: string, fn: (pk: string) => void): void
}

/** What the engine passes to {@link SchemaContract.queryKey}. */
export interface QueryContext {
  readonly source: EntitySource
  queryKey(schema: unknown, args: readonly unknown[]): unknown
}

/**
 * The contract every non-entity schema implements (Array, Object, Values, All, Union, Delete).
 * A new schema only implements this; the engine needs no change.
 */
export interface SchemaContract {
  /**
   * What a whole response must be for this schema, checked by `normalize` (a mismatch throws
   * UnexpectedResponseError): `'object'` (the default), `'members'` (an object that is not an
   * array: an object schema reads named members), `'list'` (an array, or an object whose
   * values are all records), or `'object-or-id'` (also a bare string or number pk, as
   * `schema.Delete` takes). `null` and `undefined` (no content) always pass.
   */
  readonly responseShape?: ResponseShape
  /**
   * `true` when a whole response with no content (`null` or `undefined`: a 204) is still given
   * to `normalize`, as `schema.Delete` takes it (the call's params name the record). Otherwise
   * such a response is stored as it is.
   */
  readonly normalizesNoContent?: boolean
  /**
   * The name messages give this schema (`'schema.All'`); default: `schema.` and its class name
   * without a `Schema` suffix. Set by the built-in schemas, whose classes are declared under
   * other names than their public ones.
   */
  readonly schemaName?: string
  normalize(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    ctx: NormalizeContext,
  ): unknown
  denormalize(input: unknown, ctx: DenormalizeContext): unknown
  /** Derives the normalized input from arguments alone (for `Query`); `undefined` = no data. */
  queryKey?(args: readonly unknown[], ctx: QueryContext): unknown
}

/** What a whole response must be for a schema (see {@link SchemaContract.responseShape}). */
export type ResponseShape = 'object' | 'members' | 'list' | 'object-or-id'

/** The static side of an Entity class, as the engine uses it. */
export interface EntitySchemaContract {
  readonly key: string
  readonly schema: Record<string, unknown>
  normalize(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    ctx: NormalizeContext,
  ): unknown
  /** Combines two records of the same entity (default: shallow, `incoming` wins). */
  merge(existing: EntityRecord, incoming: EntityRecord): EntityRecord
  /**
   * `merge` that writes `incoming` into `existing` and returns it. The engine calls it only for
   * an entity added with `copies` (see `addEntity`) and an `existing` this same normalize made.
   */
  mergeMade?(existing: EntityRecord, incoming: EntityRecord): EntityRecord
  /** Whether `incoming` is newer than what is stored (default: by `fetchedAt`). */
  useIncoming(
    existingMeta: EntityMeta,
    incomingMeta: EntityMeta,
    existing: EntityRecord,
    incoming: EntityRecord,
  ): boolean
  /** Builds an instance from a stored record, or `undefined` when `validate` rejects it. */
  createIfValid(record: EntityRecord): object | undefined
  /** Resolves nested members of a fresh instance (nested entities, Dates) with `unvisit`. */
  denormalizeFields(
    instance: Record<string, unknown>,
    record: EntityRecord,
    unvisit: (schema: unknown, input: unknown) => unknown,
  ): void
  queryKey?(args: readonly unknown[], ctx: QueryContext): unknown
  /**
   * Optional: {@link createIfValid} and {@link denormalizeFields} as functions made for this
   * class, for the many records one read builds. Made once per class per read, so a read sees
   * the class as it is when the read starts.
   */
  readPlan?(): EntityReadPlan
}

/** What {@link EntitySchemaContract.readPlan} returns: the read hooks of one class. */
export interface EntityReadPlan {
  create(record: EntityRecord): object | undefined
  fields(instance: Record<string, unknown>, record: EntityRecord, read: MemberReader): void
  /**
   * Optional. The entity members the class cannot do without (see {@link RequiredMember}): a
   * record whose required member is deleted or invalid reads as invalid itself.
   */
  readonly required?: readonly RequiredMember[]
}

/**
 * A member whose schema is an entity class and whose field default is truthy
 * (`author = Author.fromJS()`), as data-client decides it: when the entity it names is deleted
 * or fails `validate`, the record holding it is invalid too (a list leaves it out, `useSuspense`
 * fetches). A member that is absent, or names a record not in the cache, does not count.
 */
export interface RequiredMember {
  readonly member: string
  readonly entity: EntitySchemaContract
}

/**
 * How a read plan resolves members: any schema through `unvisitMember` (what
 * `denormalizeFields` gets as `unvisit`), or, for the two common member schemas the plan
 * recognised once per read, straight to the entity read.
 */
export interface MemberReader {
  readonly unvisitMember: (schema: unknown, input: unknown) => unknown
  /** A member whose schema is an entity class. */
  memberEntity(entity: EntitySchemaContract, input: unknown): unknown
  /** A member whose schema is `[Entity]`. */
  memberEntities(entity: EntitySchemaContract, input: unknown): unknown
}

/**
 * Output of {@link normalize}: plain JSON data, ready to put in an action.
 * @template TResult - the type of `result` (`Normalize<TSchema>` from the typed `normalize`)
 */
export interface NormalizedResponse<TResult = unknown> {
  /** The response with every entity replaced by its pk. */
  result: TResult
  /** Records this response writes, already merged with what the source held. */
  entities: EntityTables<EntityRecord>
  /** Meta of each written record; deletions appear here only, with `deleted: true`. */
  entitiesMeta: EntityTables<EntityMeta>
}

/** Marks a record that `validate` rejected on read. Never stored; never returned to users. */
export const INVALID: unique symbol = Symbol.for('rtk-resources/invalid')
