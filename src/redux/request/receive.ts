/**
 * From a response to the one `received` action that stores it: normalized against the
 * confirmed tables, merged into the stored result when the endpoint pages (`mergeResult`), and
 * with the other results it changes (`updateResults`: lists that grow; the endpoint's `update`
 * option, updates.ts). Used by fetches, `setResponse` and fixtures alike, so all three store a
 * response the same way.
 */
import { UnexpectedResponseError, isFetchResponse } from '../../internal/errors'
import type { EndpointInterface } from '../endpointTypes'
import type { ReceivedPayload, ResponseTimes } from '../slice/actions'
import { sourceOf } from '../slice/entitySource'
import { allResults, getResult, hasResult } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'
import { normalizeToStore, storableValue } from './storable'
import { runUpdate } from './updates'

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
  // A fetch function that returned the Response itself (no `.json()`): never stored as `{}`.
  if (isFetchResponse(given)) {
    throw new UnexpectedResponseError(`endpoint "${endpoint.name}"`, 'object', given)
  }
  // Deep data never reaches the store (with a schema or without), nor anything but JSON data.
  const normalized = normalizeToStore(endpoint.schema, given, args, sourceOf(slice), times)
  let result = normalized.result
  const merged = endpoint.mergeResult !== undefined && hasResult(slice, key)
  if (merged) {
    result = storableValue(endpoint.mergeResult?.(getResult(slice, key), result))
  }
  // The endpoint's `update` first, on the stored results; then a growing list's push adds the
  // created item to the matching lists as they now are, once: an updater that adds it itself
  // (`(ids) => [...ids, newId]`, written before `create` added to lists) does not add it twice.
  const updated = runUpdate(endpoint, args, slice, {
    key,
    normalizedResult: normalized.result,
    ownResult: result,
  })
  const grown =
    endpoint.updateResults === undefined
      ? undefined
      : endpoint.updateResults(
          result,
          updated ? { ...allResults(slice), ...updated } : allResults(slice),
          args as never,
          normalized,
        )
  const updates = grown && updated ? { ...updated, ...grown } : (grown ?? updated)
  return {
    key,
    result,
    entities: normalized.entities,
    entitiesMeta: normalized.entitiesMeta,
    times,
    ...(updates && Object.keys(updates).length > 0 ? { updates } : {}),
    ...(merged ? { merged: true as const } : {}),
  }
}
