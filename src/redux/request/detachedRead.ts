/**
 * A response read on its own, as if it were the only thing stored: what a fetch resolves to when
 * the store keeps nothing of it (it was answered after `resetEntireStore`, or a confirmed delete
 * made its record go). Entities still come back as instances of their classes, never as the
 * wire's plain objects, as in data-client, whose `fetch` denormalizes every response it returns.
 */
import { MemoCache } from '../../normalizr/MemoCache'
import type { EndpointInterface } from '../endpointTypes'
import { readEndpoint } from '../read/readCall'
import type { ResponseTimes } from '../slice/actions'
import { received } from '../slice/requestCases'
import { getResult } from '../slice/requests'
import { initialEntityCacheState } from '../slice/state'
import { receivedPayload } from './receive'

/**
 * `response` to `endpoint(...args)` normalized into an empty slice and read back; `undefined`
 * when it reads as nothing there either (a delete's tombstone, a `null`).
 */
export function readDetached(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  key: string,
  response: unknown,
  times: ResponseTimes,
): unknown {
  if (endpoint.schema === undefined || endpoint.schema === null) return undefined
  const empty = initialEntityCacheState()
  const slice = received(empty, receivedPayload(endpoint, args, key, response, empty, times))
  return readEndpoint(new MemoCache(), endpoint, args, getResult(slice, key), slice).data
}
