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
import { sourceOf } from '../slice/entitySource'
import { normalizeToStore } from './storable'

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
  const schema = endpoint.schema
  // A delete reads as nothing anywhere, and so does no content: nothing to read.
  if (schema === undefined || schema === null || deletes(schema)) return undefined
  if (response === null || response === undefined) return undefined
  const empty = initialEntityCacheState()
  // The response alone: no page merge, and no `update` (it ran when the response was stored).
  const normalized = normalizeToStore(schema, response, args, sourceOf(empty), times)
  const slice = received(empty, { key, ...normalized, times })
  return readEndpoint(new MemoCache(), endpoint, args, getResult(slice, key), slice).data
}

/** True for a `schema.Delete` (of an Entity or a Union): what it stores is a tombstone. */
function deletes(schema: object): boolean {
  return (schema as { normalizesNoContent?: unknown }).normalizesNoContent === true
}
