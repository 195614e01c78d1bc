/** Whether a call's own record, or a required member of it, was deleted after its request. */
import { isEntitySchema } from '../../normalizr/isEntity'
import type { EntitySchemaContract } from '../../normalizr/types'
import type { EndpointInterface } from '../endpointTypes'
import { sourceOf } from '../slice/entitySource'
import { getResult } from '../slice/requests'
import type { EntityCacheState, RequestMeta } from '../slice/state'

/**
 * When the record a call's result names, or one its required members name (an entity member
 * whose default is truthy: see `RequiredMember`), was deleted after the call's request (a delete
 * sent from this page or another): the delete's time, so that a reader asks again once, as
 * data-client's readers fetch a deleted entity (the server may answer 404, or the record again);
 * else `-1`. A record deleted by the call's own request (its `process` dropped it) is as old as
 * that request, so it is not asked for again; nor is anything after the reader has asked.
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
  const source = sourceOf(slice)
  const deletedAt = (entity: EntitySchemaContract, pk: string): number => {
    const tombstone = source.getMeta(entity.key, pk)
    return tombstone?.deleted === true && tombstone.fetchedAt > meta.fetchedAt
      ? tombstone.fetchedAt
      : -1
  }
  const own = deletedAt(schema, String(result))
  if (own >= 0) return own
  // One level of required members: the common case (a book whose author was deleted).
  const record = source.getEntity(schema.key, String(result))
  const required = record === undefined ? undefined : schema.readPlan?.().required
  if (record === undefined || required === undefined) return -1
  for (const { member, entity } of required) {
    const id = record[member]
    if (typeof id !== 'string' && typeof id !== 'number') continue
    const at = deletedAt(entity, String(id))
    if (at >= 0) return at
  }
  return -1
}
