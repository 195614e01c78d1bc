/**
 * The error catalogue. Every error the library raises is one of these classes, with a stable
 * `code` and a message that says what happened, the likely cause, the fix, and where to read more
 * (`docs/errors.md#<code>`).
 */
import { describeValue } from './describe'
import { isPlainObject } from './ownKeys'

const DOCS = 'https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md'

/** Stable codes of every error the library raises. */
export type ErrorCode =
  | 'missing-pk'
  | 'invalid-entity'
  | 'bad-schema'
  | 'too-deep'
  | 'network'
  | 'graphql'
  | 'bad-path-param'
  | 'bad-setup'
  | 'unexpected-response'
  | 'bad-update'
  | 'unusable-response'

/**
 * The `status` of the errors raised while storing a response (a record without a primary key,
 * a failing `validate`, nesting too deep, a response of the wrong shape): the response was bad
 * for its schema, a client error, as in Reactive Data Client. So readers treat them as hard
 * errors, and code branching on `status` sees a 4xx.
 */
export const BAD_RESPONSE_STATUS = 400

/** The codes of those errors (their `status` is {@link BAD_RESPONSE_STATUS}). */
export const BAD_RESPONSE_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'missing-pk',
  'invalid-entity',
  'too-deep',
  'unexpected-response',
])

/**
 * Base class of every error thrown by rtk-resources.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md
 */
export class RtkResourcesError extends Error {
  /** Stable identifier; also the anchor of its section in docs/errors.md. */
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(`${message}\nSee ${DOCS}#${code}`, options)
    this.name = 'RtkResourcesError'
    this.code = code
  }

  /**
   * Plain data for `JSON.stringify` and logs: `name`, `message`, `code` and every own member
   * that is plain data (`status`, `body`, `entityKey`, ...); `response`, `cause` and the stack
   * are left out.
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message, code: this.code }
    for (const member of Object.keys(this)) {
      if (member === 'response' || member === 'cause' || member === 'stack') continue
      const value = (this as unknown as Record<string, unknown>)[member]
      if (typeof value === 'function' || typeof value === 'symbol') continue
      if (typeof value === 'object' && value !== null && !isJsonData(value)) continue
      out[member] = value
    }
    return out
  }
}

/** True for arrays and plain objects (what JSON gives back as it was). */
function isJsonData(value: object): boolean {
  return Array.isArray(value) || isPlainObject(value)
}

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

/**
 * A request failed: a non-2xx status (`status` is the HTTP status), a body that is not JSON
 * (`status` 400), or a transport failure (`status` 0 with the cause). `response` is the fetch
 * Response when there was one; it is not kept in the Redux state (only plain members are).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#network
 */
export class NetworkError extends RtkResourcesError {
  /** HTTP status; 400 for an unparsable body; 0 when no response arrived. */
  readonly status: number
  /**
   * The response, when there was one, with its body unread: `await error.response.json()` reads
   * it (as with data-client). Absent on errors read back from the cache.
   */
  readonly response?: Response
  /** The body parsed as JSON when it was JSON, else its first 300 characters. */
  readonly body?: unknown

  /**
   * `new NetworkError(status, message, { response, body, cause })`, or, as data-client's
   * `fetchResponse` throws it, `new NetworkError(response)`: the status, the message
   * (`statusText`) and the response taken from a fetch Response.
   */
  constructor(response: Response)
  constructor(
    status: number,
    message: string,
    options?: { response?: Response; body?: unknown; cause?: unknown },
  )
  constructor(
    statusOrResponse: number | Response,
    message?: string,
    options: { response?: Response; body?: unknown; cause?: unknown } = {},
  ) {
    const response = isFetchResponse(statusOrResponse)
      ? (statusOrResponse as Response)
      : options.response
    const status = response === statusOrResponse ? response.status : Number(statusOrResponse)
    super('network', message ?? (response?.statusText || `Request failed with status ${status}`), {
      cause: options.cause,
    })
    this.name = 'NetworkError'
    this.status = status
    if (response) this.response = response
    if (options.body !== undefined) this.body = options.body
  }
}

/** One entry of a GraphQL response's `errors` array. */
export interface GraphQLErrorEntry {
  readonly message: string
  readonly path?: readonly (string | number)[]
  readonly locations?: readonly { line: number; column: number }[]
  readonly extensions?: Record<string, unknown>
}

/**
 * A GraphQL request failed: the response had an `errors` array, or its HTTP status was outside
 * 200–299. `errors` holds the server's entries (plain data, kept in the cache); `status` the
 * HTTP status.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#graphql
 */
export class GraphQLError extends RtkResourcesError {
  readonly status: number
  readonly errors: readonly GraphQLErrorEntry[]

  constructor(status: number, errors: readonly GraphQLErrorEntry[], message?: string) {
    const summary = errors.map((entry) => entry.message).join('; ')
    super(
      'graphql',
      message ??
        `The GraphQL server answered with ${errors.length} error(s): ${summary || '(no message)'}` +
          ` (HTTP ${status}). Nothing from this response was stored.`,
    )
    this.name = 'GraphQLError'
    this.status = status
    this.errors = errors
  }
}

/** Why a path param could not be put in a URL. */
export type PathParamProblem = 'missing' | 'empty' | 'dot-segment' | 'unencodable' | 'not-text'

const PATH_PARAM_ADVICE: Record<PathParamProblem, string> = {
  missing: 'Pass every :param of the path (null and undefined count as missing).',
  empty:
    'An empty value would drop a segment and send the request to another path (the list ' +
    'instead of one record). Pass a non-empty value, or leave an optional param out.',
  'dot-segment':
    'URL parsers resolve "." and ".." segments (encoded or not), so the request would go to ' +
    'another path of the server. Check where this value comes from; a value that may be "." or ' +
    '".." cannot be a path segment: send it as a query param or in the body instead.',
  unencodable: 'The value cannot be URL-encoded (a lone UTF-16 surrogate, say). Fix the value.',
  'not-text':
    'A path param is a string or a number; this value would be sent as "[object Object]" (or a ' +
    "function's source). Pass the id itself: `{ id: user.id }`, not `{ id: user }`.",
}

/**
 * A path param was missing, or its value would change which path the request goes to (`""`,
 * `"."`, `".."`), or has no text to send (an object where its id belongs). Thrown before
 * anything is sent; path params are data, never path segments.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-path-param
 */
export class PathParamError extends RtkResourcesError {
  /** The path template. */
  readonly path: string
  /** The name of the param. */
  readonly param: string
  /** What was wrong with it. */
  readonly problem: PathParamProblem
  /** The value given (`undefined` when missing). */
  readonly value: unknown

  constructor(
    path: string,
    param: string,
    problem: PathParamProblem,
    value: unknown,
    options?: { cause?: unknown; hint?: string },
  ) {
    const given = problem === 'missing' ? 'is missing' : `is ${describeValue(value)}`
    super(
      'bad-path-param',
      `Cannot build a URL from the path "${path}": the param "${param}" ${given}. Nothing was ` +
        `sent. ${options?.hint ?? PATH_PARAM_ADVICE[problem]}`,
      options,
    )
    this.name = 'PathParamError'
    this.path = path
    this.param = param
    this.problem = problem
    this.value = value
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

/** True for a fetch `Response` (of any realm): what a fetch function returns before `.json()`. */
export function isFetchResponse(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.prototype.toString.call(value) === '[object Response]'
  )
}

/**
 * An endpoint's `update` option failed while a response was being stored: it threw, or returned
 * something that is not an object of updater functions, or an updater returned a value that
 * cannot be stored (nested too deeply, or referring to itself). Logged in development, never
 * thrown: the response is stored, and none of the results `update` names are changed.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-update
 */
export class EndpointUpdateError extends RtkResourcesError {
  /** The request key of the response being stored. */
  readonly key: string
  /** The request key whose updater failed, when the failure was in one. */
  readonly target?: string

  constructor(key: string, target: string | undefined, cause: unknown) {
    const where = target === undefined ? '' : ` for ${describeValue(target)}`
    const why = cause instanceof Error ? cause.message.slice(0, 300) : describeValue(cause)
    super(
      'bad-update',
      `update() of the endpoint answering ${describeValue(key)} failed${where}: ${why}. The ` +
        'response is stored; none of the results update() names are changed (they show the ' +
        'new data once fetched again). Fix update(): it returns { [requestKey]: (previous) => ' +
        'next }, and each updater gets the stored result (read-only) and returns a new one ' +
        'made of plain data.',
      { cause },
    )
    this.name = 'EndpointUpdateError'
    this.key = key
    if (target !== undefined) this.target = target
  }
}

/** Why a call's data still cannot be shown after its request succeeded. */
export type UnusableReason = 'incomplete' | 'missing'

const UNUSABLE_ADVICE: Record<UnusableReason, string> = {
  incomplete:
    "A record it needs fails its Entity's validate() when read from the cache. On read, " +
    'validate() gets the record as stored, where nested entities are their primary keys and ' +
    'Dates are strings, so a check that passed on the response can fail on every read. Make ' +
    'validate() accept the stored record (check that a nested member is there, not its ' +
    'fields), or give the endpoint the Entity class of what it returns. Or a required member ' +
    'of a record (an entity member whose default is truthy) names a deleted record the ' +
    'response still names: send the member, or make its default falsy to show the record ' +
    'without it.',
  missing:
    'Nothing can be read for it: the response was empty, or its record was dropped (a ' +
    'process() that returned undefined). Make the endpoint return the data its schema ' +
    'describes, or check its process().',
}

/**
 * A call's request succeeded, yet its data still cannot be shown: a record it needs fails
 * `validate` on read, or nothing can be read for it. Asking the server again would bring the
 * same, so `useSuspense` throws this to the error boundary instead of fetching again and again.
 * It asks again once the call is invalidated or the store is reset.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#unusable-response
 */
export class UnusableResponseError extends RtkResourcesError {
  /** The request key of the call. */
  readonly key: string
  /** Why the data cannot be shown. */
  readonly reason: UnusableReason
  /** 400: the response was bad for its schema (see {@link BAD_RESPONSE_STATUS}). */
  readonly status: number

  constructor(key: string, reason: UnusableReason) {
    super(
      'unusable-response',
      `The response to ${describeValue(key)} arrived, but its data still cannot be shown. ` +
        `${UNUSABLE_ADVICE[reason]} Fetching again would bring the same, so it is not asked ` +
        'for again until the call is invalidated (controller.invalidate) or the store is reset.',
    )
    this.name = 'UnusableResponseError'
    this.status = BAD_RESPONSE_STATUS
    this.key = key
    this.reason = reason
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
