import { NetworkError } from '../../internal/errors'
import { isPlainObject } from '../../internal/ownKeys'
import type { SerializedError } from './state'

const SKIPPED = new Set(['name', 'message', 'stack', 'cause', 'response'])

/** A JSON-safe copy of a value, or `undefined` when it cannot be made one. */
function toPlain(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (Array.isArray(value) || isPlainObject(value)) {
    try {
      return JSON.parse(JSON.stringify(value)) as unknown
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * Turns anything thrown into plain data for the slice: name, message, and every plain member
 * (status, code, GraphQL `errors`, a JSON error body...). Responses, causes and stacks are left out.
 */
export function serializeError(error: unknown): SerializedError {
  // Duck-typed: errors from another realm (iframes, workers, Node's fetch under a test runner)
  // are not `instanceof Error` here.
  const errorLike =
    error instanceof Error ||
    isPlainObject(error) ||
    (typeof error === 'object' &&
      error !== null &&
      typeof (error as { message?: unknown }).message === 'string')
  if (errorLike) {
    const source = error as Record<string, unknown>
    const out: Record<string, unknown> = {
      name: typeof source.name === 'string' ? source.name : 'Error',
      message: typeof source.message === 'string' ? source.message : String(error),
    }
    for (const member of Object.keys(source)) {
      if (SKIPPED.has(member)) continue
      const value = toPlain(source[member])
      if (value !== undefined)
        Object.defineProperty(out, member, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        })
    }
    return out as unknown as SerializedError
  }
  return { name: 'Error', message: String(error) }
}

const rebuilt = new WeakMap<SerializedError, Error>()

/**
 * Makes an `Error` again from its serialized form (a `NetworkError` when it has a status), once
 * per stored object so readers get a stable reference.
 */
export function deserializeError(serialized: SerializedError): Error {
  let error = rebuilt.get(serialized)
  if (error) return error
  const { name, message, status, ...rest } = serialized
  error =
    typeof status === 'number'
      ? new NetworkError(status, message, { body: rest.body })
      : Object.assign(new Error(message), { name })
  for (const member of Object.keys(rest)) {
    // A NetworkError has its own `body` and `code`; other errors keep theirs as data.
    if (error instanceof NetworkError && (member === 'body' || member === 'code')) continue
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
