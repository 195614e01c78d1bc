import type { EntityCacheState } from '../slice/state'
import { newestStamp } from '../slice/newestStamp'
import type { StampMemo } from '../slice/newestStamp'

/**
 * The request clock of a cache: `clock(slice, after)` stamps request starts, confirmations,
 * invalidations and resets for the slice it writes to; `after` is a stamp held outside the
 * slice that the new one must follow (the start of an RTK Query request in flight, which a
 * bridge stamped from the same slice).
 */
export type Clock = (slice: EntityCacheState, after?: number) => number

/**
 * Builds a cache's clock: epoch milliseconds that never repeat or go back
 * (`max(Date.now(), last + 1)`), and never older than the newest stamp already in the slice (a
 * state hydrated from a server whose clock is ahead) or than `after`, so "started before" never
 * ties and keeps its order across machines.
 */
export function buildClock(): Clock {
  let last = 0
  const memo: StampMemo = new Map()
  return (slice, after = 0) => {
    last = Math.max(Date.now(), last + 1, newestStamp(slice, memo) + 1, after + 1)
    return last
  }
}
