import type { GraphQLErrorEntry } from '../../internal/errors'
import { BAD_RESPONSE_CODES, GraphQLError, NetworkError } from '../../internal/errors'
import { isPlainObject } from '../../internal/ownKeys'
import { fitJson } from './fitJson'
import type { SerializedError } from './state'

/**
 * How much of an error the slice keeps, in characters of JSON: each member (`message`, `body`,
 * GraphQL `errors`, any other) at most {@link ERROR_MEMBER_LIMIT}, the whole error at most
 * {@link ERROR_SIZE_LIMIT}. Larger members keep their start and say how much was cut; the error
 * thrown to the caller keeps everything.
 */
export const ERROR_MEMBER_LIMIT = 4096
/** See {@link ERROR_MEMBER_LIMIT}. */
export const ERROR_SIZE_LIMIT = 16384

const SKIPPED = new Set(['name', 'message', 'stack', 'cause', 'response'])

/** A JSON-safe copy of a value, or `undefined` when it cannot be made one. */
function toPlain(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : undefined
  if (Array.isArray(value) || isPlainObject(value)) {
    try {
      return JSON.parse(JSON.stringify(value)) as unknown
    } catch {
      return undefined
    }
  }
  return undefined
}

/** How much of the error's budget is used, and whether anything was cut or left out. */
interface Budget {
  size: number
  cut: boolean
}

/** Adds `value` as member `name`, shrunk to what is left of the error's budget. */
function keep(out: Record<string, unknown>, name: string, value: unknown, used: Budget) {
  const budget = Math.min(ERROR_MEMBER_LIMIT, ERROR_SIZE_LIMIT - used.size)
  if ((JSON.stringify(value) ?? '').length > budget) used.cut = true
  const fitted = fitJson(value, budget)
  // Past the whole error's budget, a member is left out (small ones come first: status, code).
  if (fitted === undefined || JSON.stringify(fitted).length > budget) return
  used.size += JSON.stringify(fitted).length + name.length + 4
  Object.defineProperty(out, name, {
    value: fitted,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** `String(value)`, or a stand-in when that throws (a null-prototype object, a hostile `toString`). */
function describe(value: unknown): string {
  try {
    return String(value)
  } catch {
    try {
      return Object.prototype.toString.call(value)
    } catch {
      return '[a value that cannot be printed]'
    }
  }
}

/** `source[member]`, or `undefined` when reading it throws (a getter, a revoked Proxy). */
function read(source: Record<string, unknown>, member: string): unknown {
  try {
    return source[member]
  } catch {
    return undefined
  }
}

/**
 * The error each stored serialized error reads as: the error it was made from, while the state
 * holds the object `serializeError` returned; else one rebuilt from it, once.
 */
const rebuilt = new WeakMap<SerializedError, Error>()

/**
 * Turns anything thrown into plain data for the slice: name, message, and every plain member
 * (status, code, GraphQL `errors`, a JSON error body...), each cut to {@link ERROR_MEMBER_LIMIT}
 * characters of JSON and the whole to {@link ERROR_SIZE_LIMIT}. Responses, causes and stacks are
 * left out. It never throws: whatever was thrown (a null-prototype object, getters that throw,
 * a revoked Proxy) is recorded as far as it can be read, so the request always settles.
 */
export function serializeError(error: unknown): SerializedError {
  const used: Budget = { size: 2, cut: false }
  let serialized: SerializedError
  try {
    serialized = serializeReadable(error, used)
  } catch {
    serialized = { name: 'Error', message: describe(error) }
    used.cut = true
  }
  // Read back as the error itself while the state holds this object (its `response`, `cause`
  // and class kept, as data-client's readers get them); rebuilt from the data after a replay.
  // Not when it was cut: memory keeps what the slice keeps, a few KB per error.
  if (!used.cut && isError(error)) rebuilt.set(serialized, error)
  return serialized
}

/** `instanceof Error`, false for what cannot be asked (a revoked Proxy). */
function isError(value: unknown): value is Error {
  try {
    return value instanceof Error
  } catch {
    return false
  }
}

function serializeReadable(error: unknown, used: Budget): SerializedError {
  const out: Record<string, unknown> = {}
  // Duck-typed: errors from another realm (iframes, workers, Node's fetch under a test runner)
  // are not `instanceof Error` here.
  const errorLike =
    error instanceof Error ||
    isPlainObject(error) ||
    (typeof error === 'object' &&
      error !== null &&
      typeof read(error as Record<string, unknown>, 'message') === 'string')
  if (!errorLike) {
    keep(out, 'name', 'Error', used)
    keep(out, 'message', describe(error), used)
    return out as unknown as SerializedError
  }
  const source = error as Record<string, unknown>
  const name = read(source, 'name')
  const message = read(source, 'message')
  keep(out, 'name', typeof name === 'string' ? name : 'Error', used)
  keep(out, 'message', typeof message === 'string' ? message : describe(error), used)
  // Small members first, so the budget never leaves them out.
  const small = (member: string) => member === 'status' || member === 'code'
  const members = Object.keys(source)
  for (const member of [...members.filter(small), ...members.filter((m) => !small(m))]) {
    if (SKIPPED.has(member)) continue
    const value = toPlain(read(source, member))
    if (value !== undefined) keep(out, member, value, used)
  }
  return out as unknown as SerializedError
}

/** The stored `errors` of a GraphQL error, as entries (a cut list keeps what it holds). */
function graphQLErrorsOf(stored: unknown): GraphQLErrorEntry[] {
  if (!Array.isArray(stored)) return []
  return stored.map((entry: unknown) =>
    isPlainObject(entry) && typeof entry.message === 'string'
      ? (entry as unknown as GraphQLErrorEntry)
      : { message: String(entry) },
  )
}

/**
 * True when a serialized error with a status was a request's failure: a `NetworkError` (ours,
 * or one made by a version that did not record its code), not an app's own error that carries a
 * status (a `ValidationError` with `status: 422`), which is rebuilt as it was named.
 */
function isNetworkError(name: string, code: unknown): boolean {
  return code === 'network' || (code === undefined && name === 'NetworkError')
}

/**
 * The error a stored serialized error stands for: the one it was made from, when this process
 * made it (see {@link serializeError}); else made again from its serialized form (a
 * `NetworkError` when it was one, a `GraphQLError` likewise; any other error an `Error` with its
 * name, `status` and other plain members as data), once per stored object so readers get a
 * stable reference.
 */
export function deserializeError(serialized: SerializedError): Error {
  let error = rebuilt.get(serialized)
  if (error) return error
  const { name, message, status, ...rest } = serialized
  const badResponse = typeof rest.code === 'string' && BAD_RESPONSE_CODES.has(rest.code)
  error =
    rest.code === 'graphql' && typeof status === 'number'
      ? new GraphQLError(status, graphQLErrorsOf(rest.errors), message)
      : typeof status === 'number' && !badResponse && isNetworkError(name, rest.code)
        ? new NetworkError(status, message, { body: rest.body })
        : Object.assign(new Error(message), { name }, status === undefined ? {} : { status })
  for (const member of Object.keys(rest)) {
    // A NetworkError has its own `body` and `code`, a GraphQLError its own `errors` and `code`;
    // other errors keep theirs as data.
    if (error instanceof NetworkError && (member === 'body' || member === 'code')) continue
    if (error instanceof GraphQLError && (member === 'errors' || member === 'code')) continue
    Object.defineProperty(error, member, {
      value: rest[member],
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  // Keep the message as it was (the catalogue's constructor appends a docs link).
  Object.defineProperty(error, 'message', { value: message, writable: true, configurable: true })
  error.name = name
  rebuilt.set(serialized, error)
  return error
}
