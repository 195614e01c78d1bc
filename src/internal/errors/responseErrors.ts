/**
 * Errors of a response that is bad for its schema (status 400, as in Reactive Data Client): a
 * record without a primary key, a failing `validate`, nesting too deep, the wrong shape. Nothing
 * from such a response is stored.
 */
import { EXCERPT_LENGTH, clipText, describeValue } from '../describe'
import { BAD_RESPONSE_STATUS, RtkResourcesError } from './base'
import { isFetchResponse } from './requestErrors'

/**
 * An entity in a response had no usable primary key (`undefined`, `null`, `''`, `'undefined'`,
 * `NaN`, `Infinity`, or neither a string nor a number), so it
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
      `Entity "${entityKey}" rejected a response record: ${clipText(String(reason), EXCERPT_LENGTH)}. Record: ` +
        `${describeValue(input)}. Fix the payload, or relax ${entityKey}.validate().`,
    )
    this.name = 'EntityValidationError'
    this.status = BAD_RESPONSE_STATUS
    this.entityKey = entityKey
    this.reason = reason
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

/**
 * A response had the wrong type for its schema: a string, number, boolean or function where an
 * Entity, a list or an object schema expects an object, or, where a list is expected, an object
 * that is not a map of records (an error body). Nothing from it is written.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#unexpected-response
 */
export class UnexpectedResponseError extends RtkResourcesError {
  /** What the schema expects: `'object'`, or `'list'`. */
  readonly expected: 'object' | 'list'
  /** The type found (`'string'`, `'number'`, `'object'`, `'array'`, ...). */
  readonly found: string
  /** The offending input (as received). */
  readonly input: unknown
  /** 400: the response was bad for its schema (see {@link BAD_RESPONSE_STATUS}). */
  readonly status: number

  constructor(schemaName: string, expected: 'object' | 'list', input: unknown) {
    const response = isFetchResponse(input)
    const found = response ? 'Response' : Array.isArray(input) ? 'array' : typeof input
    const foundText = response
      ? 'a fetch Response'
      : `${found === 'array' ? 'a list' : found === 'object' ? 'an object that is not a list of records' : found} ${describeValue(input)}`
    const unparsed = typeof input === 'string' && parsesAsJson(input)
    super(
      'unexpected-response',
      `Expected ${expected === 'list' ? 'a list' : 'an object'} for ${schemaName}, found ` +
        `${foundText}. ` +
        (response
          ? 'The endpoint returned the response itself, not its body: return its parsed body ' +
            '(await response.json()) from the fetch function.'
          : unparsed
            ? 'The string parses as JSON: the body was not parsed. Parse it (RestEndpoint does ' +
              'when Content-Type names JSON) or return the parsed value from the fetch function.'
            : 'The endpoint returned something other than the schema describes (an error body, ' +
              'a bare id, a status text): fix the endpoint, or give it the schema of what it ' +
              'returns.') +
        ' Nothing was stored.',
    )
    this.name = 'UnexpectedResponseError'
    this.status = BAD_RESPONSE_STATUS
    this.expected = expected
    this.found = found
    this.input = input
  }
}

/** True when `text` is JSON for something other than a string. */
function parsesAsJson(text: string): boolean {
  try {
    return typeof JSON.parse(text) !== 'string'
  } catch {
    return false
  }
}
