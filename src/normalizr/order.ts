/**
 * The order of writes to one record. Requests are ordered by when they started (`fetchedAt`),
 * except between a read and a mutation: a mutation is known to be in effect once it is
 * confirmed (`confirmedAt`, when its answer arrived), so a read that started before that may
 * show the record from before the mutation and is older, while a read that started after it is
 * newer. Two reads, or two mutations, compare their starts.
 */
import type { EntityMeta } from './types'

/** When a write counts as made, compared with `other`. */
function orderOf(meta: EntityMeta, other: EntityMeta): number {
  return meta.confirmedAt !== undefined && other.confirmedAt === undefined
    ? meta.confirmedAt
    : meta.fetchedAt
}

/**
 * True when the write with meta `incoming` is at least as new as the stored one (`stored`), by
 * the order above; ties go to `incoming`. The default of `Entity.useIncoming`, and what decides
 * whether a tombstone holds.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/concepts/reliability.md#what-wins-on-conflict
 */
export function isNewerWrite(stored: EntityMeta, incoming: EntityMeta): boolean {
  return orderOf(stored, incoming) <= orderOf(incoming, stored)
}
