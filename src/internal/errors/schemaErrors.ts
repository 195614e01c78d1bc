/** Errors in what the app declares or sets up: schemas, Entities, the store, the provider. */
import { describeValue } from '../describe'
import { BAD_RESPONSE_STATUS, RtkResourcesError } from './base'

/**
 * An entity in a response had no usable primary key (`undefined`, `null`, `''` or `NaN`), so it
 * could not be stored. Nothing from that response is written.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#missing-pk
 */
export class MissingPrimaryKeyError extends RtkResourcesError {
  /** The `key` of the Entity class that was being normalized. */
  readonly entityKey: string
  /** The value `pk()` returned. */
  readonly pk: unknown
  /** The offending input (as received). */
  readonly input: unknown
  /** 400: the response was bad for its schema (see {@link BAD_RESPONSE_STATUS}). */
  readonly status: number

  constructor(entityKey: string, pk: unknown, input: unknown) {
    super(
      'missing-pk',
      `Entity "${entityKey}" has no usable primary key: pk() returned ${describeValue(pk)} for ` +
        `${describeValue(input)}. ` +
        (Array.isArray(input)
          ? `That is a list where one "${entityKey}" record is expected: if the response (or ` +
            `this member) is a list, write its schema as a list of the entity ([Entity]).`
          : `Check that the response contains the field your pk() reads, or give the schema ` +
            `the right Entity (or a pk function) for this payload.`),
    )
    this.name = 'MissingPrimaryKeyError'
    this.status = BAD_RESPONSE_STATUS
    this.entityKey = entityKey
    this.pk = pk
    this.input = input
  }
}

/**
 * `static validate()` of an Entity returned a message while normalizing a response.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#invalid-entity
 */
export class EntityValidationError extends RtkResourcesError {
  /** The `key` of the Entity class. */
  readonly entityKey: string
  /** What `validate()` returned. */
  readonly reason: string
  /** 400: the response was bad for its schema (see {@link BAD_RESPONSE_STATUS}). */
  readonly status: number

  constructor(entityKey: string, reason: string, input: unknown) {
    super(
      'invalid-entity',
      `Entity "${entityKey}" rejected a response record: ${reason}. Record: ` +
        `${describeValue(input)}. Fix the payload, or relax ${entityKey}.validate().`,
    )
    this.name = 'EntityValidationError'
    this.status = BAD_RESPONSE_STATUS
    this.entityKey = entityKey
    this.reason = reason
  }
}

/**
 * A schema was declared in a way the library cannot use (an Entity without `key`, a Union without
 * a schema attribute, ...).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-schema
 */
export class SchemaDefinitionError extends RtkResourcesError {
  constructor(message: string) {
    super('bad-schema', message)
    this.name = 'SchemaDefinitionError'
  }
}

/**
 * Why a class, schema or function reads `undefined` where it is used, for messages: it is
 * usually "an import read before its module finished loading (a circular import: ...)".
 */
export const UNLOADED_IMPORT =
  'an import read before its module finished loading (a circular import: two modules that ' +
  'import each other)'

/**
 * The {@link SchemaDefinitionError} of a schema used while it holds `undefined` where a schema
 * belongs (`written`: how it reads in code, `[undefined]`), most often a circular import.
 */
export function undefinedSchemaError(written: string): SchemaDefinitionError {
  return new SchemaDefinitionError(
    `A schema is used while it is ${written}: it holds undefined where a schema belongs. That ` +
      `is most often ${UNLOADED_IMPORT}. Import the Entity from its own module, or complete the ` +
      'schema with define() before it is used.',
  )
}

/**
 * The library is set up in a way it cannot work with: the cache's reducer is not mounted at
 * `cache.reducerPath`, or a hook is used outside `<EntityCacheProvider>`. The message names the
 * fix.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-setup
 */
export class SetupError extends RtkResourcesError {
  constructor(message: string) {
    super('bad-setup', message)
    this.name = 'SetupError'
  }
}

/**
 * A response was nested too deeply to store: deeper than the depth limit (`limit`, 1,000
 * levels), so deep that walking it exhausted the call stack, or endlessly deep because it
 * contains itself outside any entity (`cyclePath`). Nothing was stored.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#too-deep
 */
export class InputTooDeepError extends RtkResourcesError {
  /** The depth limit it went past, when that is how it was found. */
  readonly limit?: number
  /** 400: the response was bad for its schema (see {@link BAD_RESPONSE_STATUS}). */
  readonly status: number

  /** Where the response contains itself (the member that refers back), when that is why. */
  readonly cyclePath?: string

  /**
   * @param cause - what stopped the walk (a `RangeError`), when it was the call stack
   * @param limit - the depth limit the response went past
   * @param cyclePath - the member through which the response contains itself (no limit then)
   */
  constructor(cause: unknown, limit?: number, cyclePath?: string) {
    super(
      'too-deep',
      cyclePath !== undefined
        ? `The response contains itself: \`${cyclePath}\` refers back to an object that holds it, ` +
            'outside any entity, which the state cannot hold (JSON cannot write it). Nothing ' +
            'was stored. Describe that member with an Entity schema (it is then stored as the ' +
            "record's pk), or leave it out in the endpoint's process()."
        : (limit === undefined
            ? 'The response is nested too deeply to normalize (the call stack ran out). '
            : `The response nests objects or arrays more than ${limit} levels deep. `) +
            'Nothing was stored. Flatten the payload (a list of records with the ids of their ' +
            "neighbours), or keep only the part you need in the endpoint's process().",
      cause === undefined ? undefined : { cause },
    )
    this.name = 'InputTooDeepError'
    this.status = BAD_RESPONSE_STATUS
    if (limit !== undefined) this.limit = limit
    if (cyclePath !== undefined) this.cyclePath = cyclePath
  }
}
