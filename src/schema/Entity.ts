import { EntityValidationError, SchemaDefinitionError } from '../internal/errors'
import { assignOwn, getOwn, hasOwn, isPlainObject, setOwn } from '../internal/ownKeys'
import { plainMembers } from '../internal/plainData'
import { hasSchemaMembers, isEntitySchema, isSchemaObject } from '../normalizr/isEntity'
import { isNewerWrite } from '../normalizr/order'
import type {
  EntityMeta,
  EntityReadPlan,
  EntityRecord,
  EntitySchemaContract,
  NormalizeContext,
  QueryContext,
  RequiredMember,
} from '../normalizr/types'
import { keyFromName } from './entityKey'
import { assignSettable } from './settableMembers'
import { loadedMember } from '../normalizr/shorthand'
import { warnUndefinedMember } from './undefinedMember'
import { copyRecord, mergeRecords } from './recordCopy'
import { referenceTo, toPrimaryKey, usablePrimaryKey } from './primaryKey'

/** A record's `validate` message, or `undefined` when valid (Entity.validate's shape). */
type Validate = (record: EntityRecord) => string | undefined

/**
 * An instance of `cls` from a stored record, or `undefined` when `validate` refuses it: `fromJS`
 * when overridden (or a member is `__proto__`), else `fromJS` inlined. A stored record is plain
 * JSON data (own string keys only), so Object.assign copies exactly its members, with the same
 * [[Set]] semantics, much faster than a keyed store per member; the constructor gets the record
 * too, as in fromJS.
 */
function instanceFrom(
  cls: typeof Entity,
  record: EntityRecord,
  validate: Validate | undefined,
  fromJS: ((props: EntityRecord) => object) | undefined,
): object | undefined {
  if (validate !== undefined && validate.call(cls, record) !== undefined) return undefined
  // `record.__proto__` is Object.prototype unless the record holds an own `__proto__` member
  // (JSON.parse makes one) or has no prototype: both go through fromJS, which copies safely.
  // A property load, where a hasOwn call here was left un-inlined by V8 in some processes.
  if (fromJS !== undefined || (record as { __proto__?: unknown }).__proto__ !== Object.prototype) {
    return (fromJS ?? Entity.fromJS).call(cls as never, record)
  }
  const instance = new (cls as unknown as new (props: unknown) => object)(record)
  try {
    return Object.assign(instance, record)
  } catch {
    // A member the class cannot take (a getter without a setter): the others still are copied.
    return assignSettable(instance, record)
  }
}

/** `fromJS` of `cls` when it overrides Entity's, else `undefined`. */
function fromJSOverride(cls: typeof Entity): ((props: EntityRecord) => object) | undefined {
  return cls.fromJS === Entity.fromJS ? undefined : (cls.fromJS as (props: EntityRecord) => object)
}

/** `createIfValid` of `cls`, with its overrides looked up once. */
function createOf(cls: typeof Entity): EntityReadPlan['create'] {
  if (cls.createIfValid !== Entity.createIfValid) return (record) => cls.createIfValid(record)
  const validate = cls.validate === Entity.validate ? undefined : cls.validate
  const fromJS = fromJSOverride(cls)
  return (record) => instanceFrom(cls, record, validate, fromJS)
}

/** How {@link fieldsOf} resolves one member: through `unvisit`, as an entity, or as `[Entity]`. */
const ANY = 0
const ONE_ENTITY = 1
const ENTITY_LIST = 2

/** How a member with schema `schema` is read (`[Entity]` as `visit` reads it, not reshaped). */
function memberKindOf(schema: unknown): number {
  if (isEntitySchema(schema)) return ONE_ENTITY
  if (
    Array.isArray(schema) &&
    !isSchemaObject(schema) &&
    schema.length === 1 &&
    isEntitySchema(schema[0])
  ) {
    return ENTITY_LIST
  }
  return ANY
}

/**
 * The entity members of `cls` whose field default is truthy (see {@link RequiredMember}), read
 * from an instance made without props, as data-client reads its defaults. A class whose
 * constructor needs props has none.
 */
function requiredMembersOf(cls: typeof Entity): RequiredMember[] {
  const schema = cls.schema
  const members = Object.keys(schema).filter((member) => isEntitySchema(schema[member]))
  if (members.length === 0) return []
  let defaults: Record<string, unknown>
  try {
    defaults = new (cls as unknown as new () => Record<string, unknown>)()
  } catch {
    return []
  }
  return members
    .filter((member) => Boolean(getOwn(defaults, member)))
    .map((member) => ({ member, entity: schema[member] as EntitySchemaContract }))
}

/**
 * `denormalizeFields` of `cls`, with its schema's members listed once, and each member's kind
 * decided once: an entity or `[Entity]` member goes straight to the entity read, without the
 * schema dispatch (and its lookups on the schema) per record.
 */
function fieldsOf(cls: typeof Entity): EntityReadPlan['fields'] {
  if (cls.denormalizeFields !== Entity.denormalizeFields) {
    return (instance, record, read) => cls.denormalizeFields(instance, record, read.unvisitMember)
  }
  const schema = cls.schema
  const members = Object.keys(schema)
  // `[undefined]` (an item class not loaded yet) reads as it is stored, as it was written.
  const schemas = members.map((member) => loadedMember(schema[member]))
  const kinds = schemas.map(memberKindOf)
  const entities = schemas.map((member, i) =>
    kinds[i] === ONE_ENTITY ? member : kinds[i] === ENTITY_LIST ? (member as unknown[])[0] : null,
  ) as (EntitySchemaContract | null)[]
  const count = members.length
  const keyedProto = members.includes('__proto__')
  // Members that Object.prototype also has (`constructor`, `toString`...) must be looked up as
  // own keys; any other member of a plain record reads `undefined` exactly when absent or
  // undefined, so hasOwn is asked only then.
  const inherited = members.map((member) => member in Object.prototype)
  return (instance, record, read) => {
    for (let i = 0; i < count; i++) {
      const member = members[i] as string
      const stored = inherited[i] ? getOwn(record, member) : record[member]
      if (stored === undefined && !hasOwn(record, member)) continue
      const kind = kinds[i]
      const value =
        kind === ONE_ENTITY
          ? read.memberEntity(entities[i] as EntitySchemaContract, stored)
          : kind === ENTITY_LIST
            ? read.memberEntities(entities[i] as EntitySchemaContract, stored)
            : read.unvisitMember(schemas[i], stored)
      if (keyedProto) setOwn(instance, member, value)
      else instance[member] = value
    }
  }
}

/**
 * Validates `processed`, normalizes its schema members in place, and stores it. An input already
 * being normalized further up (a cycle in the input) is left to that outer visit.
 */
function storeWithMembers(
  cls: typeof Entity,
  input: object,
  processed: EntityRecord,
  pk: string,
  copies: boolean,
  ctx: NormalizeContext,
): void {
  if (ctx.enter(input)) return
  const schema = cls.schema
  try {
    const message = cls.validate(processed)
    if (message !== undefined) throw new EntityValidationError(cls.key, message, input)
    for (const member in schema) {
      if (!hasOwn(schema, member) || !hasOwn(processed, member)) continue
      const given = processed[member]
      const written = schema[member]
      // `[Tag]` with `Tag` not loaded yet reads as an undefined member: warned, kept as it is.
      const memberSchema = loadedMember(written)
      if (memberSchema === undefined) warnUndefinedMember(cls, member, written !== undefined)
      const value = ctx.visit(memberSchema, given, processed, member)
      // A member that normalizes to nothing is not stored (JSON has no `undefined`). One the
      // response gave as `undefined` stays for the merge, where it clears the stored reference;
      // it is left out after (redux/request/storable.ts).
      if (value === undefined) {
        if (given !== undefined) delete processed[member]
      } else setOwn(processed, member, value)
    }
  } finally {
    ctx.leave(input)
  }
  ctx.addEntity(cls as never, processed, pk, copies)
}

/** The static side of an Entity subclass, with its instance type. */
export type EntityClass<TInstance extends Entity = Entity> = (abstract new (
  ...args: any[]
) => TInstance) &
  Omit<typeof Entity, 'prototype'>

/**
 * Base class of every stored record type. Declare fields with defaults and say how to find the
 * primary key; the same `key` means the same table, whatever the class.
 *
 * @example
 * ```ts
 * class User extends Entity {
 *   id = 0
 *   name = ''
 *   createdAt = new Date(0)
 *   pk() { return this.id }
 *   static key = 'User'
 *   static schema = { createdAt: Date }
 * }
 * ```
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Entity.md
 */
export abstract class Entity {
  /** This record's primary key; `undefined` means "none" and is an error when normalizing. */
  abstract pk(
    parent?: unknown,
    key?: string,
    args?: readonly unknown[],
  ): string | number | undefined

  /**
   * Name of the entity table. Set it: minifiers rename classes, so the class name is only a
   * fallback (with a development warning, once per class).
   */
  static get key(): string {
    return keyFromName(this, this.name)
  }

  /**
   * Sets the key of this class (its own, as `static key = 'Todo'` defines it). Needed where class
   * fields are assigned rather than defined (TypeScript's `useDefineForClassFields: false`, the
   * default below ES2022 targets, or Babel's loose class properties), and for
   * `Todo.key = 'Todo'` after the class, as data-client allows.
   */
  static set key(value: string) {
    Object.defineProperty(this, 'key', {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  }

  /**
   * The class's key (`String(Todo)` is `'Todo'`, as in data-client), not its source text. Never
   * throws: a class whose key cannot be had (anonymous, no `static key`) reads as its name.
   */
  static toString(): string {
    try {
      return this.key
    } catch {
      return this.name || 'Entity'
    }
  }

  /** Schemas of nested members: other Entities (client-side joins), `Date`, or any schema. */
  static schema: Record<string, unknown> = {}

  /** Calls the instance `pk()` on a processed record (which need not be an instance). */
  static pk(
    value: Record<string, unknown>,
    parent?: unknown,
    key?: string,
    args?: readonly unknown[],
  ): string | number | undefined {
    const pk = (this.prototype as Partial<Entity>).pk
    if (typeof pk !== 'function') {
      throw new SchemaDefinitionError(
        `Entity "${this.name || 'anonymous'}" has no pk() method, so its records have no ` +
          'primary key. Add one, such as pk() { return this.id }, or make the class with ' +
          "schema.Entity(Class, { pk: 'id' }).",
      )
    }
    return pk.call(value, parent, key, args)
  }

  /**
   * Adapts a raw input record before it is stored (default: a shallow copy). Returning
   * `undefined` drops the record: it is removed from the cache when `pk()` finds its id in the
   * raw input, and left out of the response otherwise.
   */
  static process(
    input: any,
    _parent: unknown,
    _key: string | undefined,
    _args: readonly unknown[],
  ): Record<string, unknown> | undefined {
    return copyRecord(this, input)
  }

  /**
   * Returns a message when a record cannot be used as this class, else `undefined`. Called when
   * normalizing (a message throws {@link EntityValidationError}) and when reading (the record
   * reads as incomplete, so a reader that needs it fetches: summary vs detail).
   */
  static validate(_processed: Record<string, unknown>): string | undefined {
    return undefined
  }

  /**
   * Builds an instance: field defaults first, then every own member of `props`. `props` is typed
   * as some of the instance's fields (`Partial` of the instance, as in data-client), so a wrong
   * field type or a misspelt field is an error; a record of another shape (stored JSON, a
   * member the class does not declare) needs a cast.
   */
  static fromJS<T extends Entity>(
    this: abstract new (...args: any[]) => T,
    props: Partial<T> = {},
  ): T {
    // `null` makes an instance of defaults, as data-client's `Object.assign` does.
    const given = props ?? {}
    // Like data-client, the constructor gets the props too (classes made with schema.Entity).
    const instance = new (this as unknown as new (props: unknown) => T)(given)
    try {
      return assignOwn(instance, given)
    } catch {
      return assignSettable(instance, given)
    }
  }

  /** Combines two records of one entity; `incoming` wins member by member (shallow). */
  static merge(existing: EntityRecord, incoming: EntityRecord): EntityRecord {
    return mergeRecords(this, existing, incoming)
  }

  /**
   * @internal Engine hook: writes `incoming` into `existing` (the members and order `merge`
   * gives) and returns it. The engine calls it only for a record the same normalize made with
   * the default `process` and `merge` (an entity met twice in one response); anything else goes
   * through `merge`.
   */
  static mergeMade(existing: EntityRecord, incoming: EntityRecord): EntityRecord {
    // A load, not a hasOwn call: an own `__proto__` member (JSON.parse makes one) reads as
    // itself, and Object.assign would set the prototype from it; such a record goes by setOwn.
    if ((incoming as { __proto__?: unknown }).__proto__ === Object.prototype) {
      return Object.assign(existing, incoming)
    }
    return assignOwn(existing, incoming)
  }

  /**
   * Whether `incoming` should win over the stored record: the later-started request wins, and a
   * mutation's answer wins over reads that started before it was confirmed (`isNewerWrite`).
   */
  static useIncoming(
    existingMeta: EntityMeta,
    incomingMeta: EntityMeta,
    _existing: EntityRecord,
    _incoming: EntityRecord,
  ): boolean {
    return isNewerWrite(existingMeta, incomingMeta)
  }

  /** @internal Engine hook: an instance of a stored record, or `undefined` when invalid. */
  static createIfValid(record: EntityRecord): object | undefined {
    return instanceFrom(this, record, this.validate, fromJSOverride(this))
  }

  /** @internal Engine hook: resolves nested members of a fresh instance. */
  static denormalizeFields(
    instance: Record<string, unknown>,
    record: EntityRecord,
    unvisit: (schema: unknown, input: unknown) => unknown,
  ): void {
    const schema = this.schema
    // for-in walks the schema's cached keys without allocating a list per record.
    for (const member in schema) {
      if (!hasOwn(schema, member) || !hasOwn(record, member)) continue
      setOwn(instance, member, unvisit(schema[member], record[member]))
    }
  }

  /**
   * @internal Engine hook: {@link createIfValid} and {@link denormalizeFields} made for this
   * class, once per read: what they look up on the class per record (overrides, the schema's
   * members) is looked up here once (a read builds thousands of records, of many classes).
   */
  static readPlan(): EntityReadPlan {
    const required = requiredMembersOf(this)
    const plan = { create: createOf(this), fields: fieldsOf(this) }
    return required.length === 0 ? plan : { ...plan, required }
  }

  /** @internal Engine hook: stores one record and returns its pk. */
  static normalize(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    ctx: NormalizeContext,
  ): unknown {
    // Already a reference: a finite number is kept (see referenceTo), a bigint becomes the string
    // the tables key it by (`1`, `1n` and `'1'` are one entity).
    if (typeof input === 'number') return Number.isFinite(input) ? input || 0 : String(input)
    if (typeof input === 'bigint') return String(input)
    if (typeof input !== 'object' || input === null) return input
    const entityKey = this.key
    const ownProcess = this.process !== Entity.process
    const made = this.process(input, parent, key, ctx.args) as EntityRecord | undefined
    if (made === undefined) return this.normalizeDropped(input, parent, key, ctx)
    // What a process of the class's own makes may hold more than JSON data (a Date, NaN).
    const processed = ownProcess ? plainMembers(made, this.schema) : made
    // The default copies make new objects no one else holds (see NormalizeContext.addEntity).
    const copies = !ownProcess && this.merge === Entity.merge
    const id = this.pk(processed, parent, key, ctx.args)
    const pk = toPrimaryKey(entityKey, id, input)
    const schema = this.schema
    if (!hasSchemaMembers(schema)) {
      // No nested schemas: no recursion, so no cycle guard needed.
      const message = this.validate(processed)
      if (message !== undefined) throw new EntityValidationError(entityKey, message, input)
      ctx.addEntity(this as never, processed, pk, copies)
      return referenceTo(id, pk)
    }
    // Entities nested deeper than the call stack allows (a 10,000-long chain given nested): this
    // one's members are normalized once the outer levels are done, from a queue.
    if (ctx.tooDeep !== undefined && ctx.tooDeep()) {
      ctx.defer?.(input, () => storeWithMembers(this, input, processed, pk, copies, ctx))
    } else {
      storeWithMembers(this, input, processed, pk, copies, ctx)
    }
    return referenceTo(id, pk)
  }

  /**
   * @internal `process` returned `undefined`: the record is not valid data. When `pk()` finds an
   * id in the raw input, that entity is removed from the cache (as `schema.Delete` does), so it
   * reads as missing; the reference is kept. Without an id, nothing is written and the value
   * drops out (`undefined`: left out of lists and objects).
   */
  static normalizeDropped(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    ctx: NormalizeContext,
  ): string | number | undefined {
    let id: unknown
    try {
      id = this.pk(input as Record<string, unknown>, parent, key, ctx.args)
    } catch {
      id = undefined // the raw input may not have the shape pk() reads
    }
    const pk = usablePrimaryKey(id)
    if (pk === undefined) return undefined
    ctx.deleteEntity(this as never, pk)
    return referenceTo(id, pk)
  }

  /** @internal Finds the pk named by the first argument when that entity is stored. */
  static queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    const first = args[0]
    let id: unknown
    if (typeof first === 'string' || typeof first === 'number') id = first
    else if (isPlainObject(first)) id = this.pk(first, undefined, undefined, args)
    else return undefined
    const pk = usablePrimaryKey(id)
    if (pk === undefined) return undefined
    return ctx.source.getEntity(this.key, pk) !== undefined ? pk : undefined
  }
}
