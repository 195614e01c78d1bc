/** Errors of a request: an HTTP failure, no response, GraphQL `errors`. */
import { EXCERPT_LENGTH, clipText } from '../describe'
import { RtkResourcesError } from './base'

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
 * status outside 200–299 without one is a {@link NetworkError}).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#graphql
 */
export class GraphQLError extends RtkResourcesError {
  /** The HTTP status of the response (usually 200: the server answered, and said no). */
  readonly status: number
  /** The response's `errors` entries, as the server sent them (plain data, kept in the cache). */
  readonly errors: readonly GraphQLErrorEntry[]

  constructor(status: number, errors: readonly GraphQLErrorEntry[], message?: string) {
    // The first few messages, each clipped: the server may send thousands, or long ones.
    const shown = errors.slice(0, 5).map((entry) => clipText(String(entry.message), EXCERPT_LENGTH))
    const more = errors.length > 5 ? `; and ${errors.length - 5} more` : ''
    const summary = shown.join('; ') + more
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

/** True for a fetch `Response` (of any realm): what a fetch function returns before `.json()`. */
export function isFetchResponse(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.prototype.toString.call(value) === '[object Response]'
  )
}
