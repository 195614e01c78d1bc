/** What each case records, for the table and the targets. */
import type { Timing } from './timing'

export interface Measurement {
  /** A time (ms per call) or a size in bytes. */
  timing?: Timing
  bytes?: number
  /** Why there is no number (e.g. the library has no such feature yet). */
  missing?: string
}

export interface CaseResult {
  id: string
  title: string
  ours: Measurement
  peers: Array<{ name: string; value: Measurement }>
  /** Lines printed under the table (reference counts, sizes...). */
  notes?: string[]
  /** For cases that check references too: whether every guarantee held. */
  refsKept?: boolean
}

/** How many times cheaper ours is than the peer (peer ÷ ours); undefined when either is missing. */
export function ratio(ours: Measurement, peer: Measurement): number | undefined {
  if (ours.timing && peer.timing) return peer.timing.median / ours.timing.median
  if (ours.bytes !== undefined && peer.bytes !== undefined) return peer.bytes / ours.bytes
  return undefined
}

/** How a bench child process (BENCH_CHILD=1) prefixes the one line that holds its results. */
export const CHILD_RESULTS = 'BENCH_CHILD_RESULTS '
