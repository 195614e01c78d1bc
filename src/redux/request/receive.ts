/**
 * From a response to the one `received` action that stores it: normalized against the
 * confirmed tables, merged into the stored result when the endpoint pages (`mergeResult`), and
 * with the other results it changes (`updateResults`: lists that grow). Used by fetches,
 * `setResponse` and fixtures alike, so all three store a response the same way.
 */
import { assertNotTooDeep } from '../../internal/depth'
import { toPlainData } from '../../internal/plainData'
import { normalize } from '../../normalizr/normalize'
import type { EndpointInterface } from '../endpointTypes'
import type { ReceivedPayload, ResponseTimes } from '../slice/actions'
import { sourceOf } from '../slice/entitySource'
import { allResults, getResult, hasResult } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'

/** The payload of the `received` action for `response` to `endpoint(...args)`. */
export function receivedPayload(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  key: string,
  response: unknown,
  slice: EntityCacheState,
  times: ResponseTimes,
): ReceivedPayload {
  const given = response === undefined ? null : response
  // Deep input never reaches the store (with a schema or without), nor anything but JSON data:
  // a Date in a member no schema converts is stored as its ISO string, an instance as an object.
  const value = assertNotTooDeep(given) ? given : toPlainData(given)
  const schema = endpoint.schema
  const normalized =
    schema === undefined || schema === null
      ? { result: value, entities: {}, entitiesMeta: {} }
      : normalize(schema, value, args, sourceOf(slice), times)
  let result = normalized.result
  if (endpoint.mergeResult && hasResult(slice, key)) {
    result = endpoint.mergeResult(getResult(slice, key), result)
  }
  const updates = endpoint.updateResults?.(result, allResults(slice), args as never, normalized)
  return {
    key,
    result,
    entities: normalized.entities,
    entitiesMeta: normalized.entitiesMeta,
    times,
    ...(updates && Object.keys(updates).length > 0 ? { updates } : {}),
  }
}
