/** Whether a call's own record was deleted after its request (see {@link deletedSince}). */
import { isEntitySchema } from '../../normalizr/isEntity'
import type { EndpointInterface } from '../endpointTypes'
import { sourceOf } from '../slice/entitySource'
import { getResult } from '../slice/requests'
import type { EntityCacheState, RequestMeta } from '../slice/state'

/**
 * When the record a call's result names was deleted after the call's request (a delete sent
 * from this page or another): the delete's time, so that a reader asks again once, as
 * data-client's readers fetch a deleted entity (the server may answer 404, or the record again);
 * else `-1`. A deleted record the call's own request brought (its `process` dropped it) is as
 * old as that request, so it is not asked for again.
 */
export function deletedSince(
  endpoint: EndpointInterface,
  slice: EntityCacheState,
  key: string,
  meta: RequestMeta | undefined,
): number {
  const schema = endpoint.schema
  if (meta === undefined || meta.error !== undefined || !isEntitySchema(schema)) return -1
  const result = getResult(slice, key)
  if (typeof result !== 'string' && typeof result !== 'number') return -1
  const tombstone = sourceOf(slice).getMeta(schema.key, String(result))
  return tombstone?.deleted === true && tombstone.fetchedAt > meta.fetchedAt
    ? tombstone.fetchedAt
    : -1
}
