/**
 * Request settings as `getRequestInit` builds them (REST and GraphQL endpoints): returned as they
 * are when nothing in them is asynchronous, and checked before they are sent.
 */
import { SchemaDefinitionError } from '../internal/errors'
import type { HeadersInput } from './headers'

/**
 * `init` with `headers` (what `getHeaders` returned) as its headers: as it is when they are given
 * as they are, else as a promise of it. So an override may spread `super.getRequestInit(body)`
 * without `await` (rest-hooks 7's recipe) as long as `getHeaders` is synchronous.
 */
export function withHeaders(
  init: RequestInit,
  headers: HeadersInput | Promise<HeadersInput>,
): RequestInit | Promise<RequestInit> {
  if (!isThenable(headers)) {
    init.headers = headers
    return init
  }
  return Promise.resolve(headers).then((resolved) => {
    init.headers = resolved
    return init
  })
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}

/**
 * `init`, refused with {@link SchemaDefinitionError} when it has no `method` while the endpoint's
 * is not GET or HEAD: fetch would send a GET without the body. It happens when an override
 * spreads a promise (`{ ...super.getRequestInit(body) }` while `getHeaders` is async), which
 * copies nothing.
 */
export function checkedInit(endpoint: { name: string; method?: string }, init: RequestInit) {
  const method = String(endpoint.method ?? 'GET').toUpperCase()
  if (init.method !== undefined || method === 'GET' || method === 'HEAD') return init
  throw new SchemaDefinitionError(
    `Endpoint "${endpoint.name}": getRequestInit returned settings without a method, so fetch ` +
      `would send a GET (and no body) instead of a ${method}. An override that spreads ` +
      `super.getRequestInit(body) must await it when getHeaders is async: ` +
      `return { ...(await super.getRequestInit(body)), credentials: 'same-origin' }.`,
  )
}
