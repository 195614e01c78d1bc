/**
 * The base of the error catalogue: the stable codes, the `status` of errors raised while storing
 * a response, and `RtkResourcesError`, which every error the library raises extends.
 */
import { clipText } from '../describe'
import { isPlainObject } from '../ownKeys'

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
 * Names the request in an error raised while storing its response (a record without a primary
 * key, a failing `validate`, nesting too deep, the wrong shape): the message starts with
 * `The response to <key>:`, so a user sees which call sent it. Any other value is returned as it
 * is; an error already named is left alone.
 */
export function inResponseTo(error: unknown, key: string): unknown {
  if (!(error instanceof RtkResourcesError) || !BAD_RESPONSE_CODES.has(error.code)) return error
  const prefix = 'The response to '
  if (error.message.startsWith(prefix)) return error
  error.message = `${prefix}${clipText(key, 200)}: ${error.message}`
  return error
}

/**
 * An error a call reports (`controller.getError`, `useError`, `useDLE`'s `error`), as data-client
 * names it: an `Error`, with the request's HTTP `status` when it has one (0 when no response came,
 * 400 for a response its schema refused), the `code` of rtk-resources' own errors, and the
 * server's `response` while the live error is at hand (not for one read back from the state).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md
 */
export type ErrorTypes = Error & {
  readonly status?: number
  readonly code?: string
  readonly response?: Response
}
