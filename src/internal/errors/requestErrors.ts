/** Errors of a request and its response: HTTP, GraphQL, and a body of the wrong shape. */
import { describeValue } from '../describe'
import { BAD_RESPONSE_STATUS, RtkResourcesError } from './base'

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
 * A GraphQL request failed: the response had an `errors` array (whatever its HTTP status; a
 * status outside 200–299 without one is a {@link NetworkError}). `errors` holds the server's entries (plain data, kept in the cache); `status` the
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

/** True when `text` is JSON for something other than a string. */
function parsesAsJson(text: string): boolean {
  try {
    return typeof JSON.parse(text) !== 'string'
  } catch {
    return false
  }
}
