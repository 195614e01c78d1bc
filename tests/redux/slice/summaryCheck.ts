import { entriesIn } from '../../../src/redux/slice/bucketEntries'
import { entriesOf, isOverfull } from '../../../src/redux/slice/splitMap'
import type { SplitMap } from '../../../src/redux/slice/storedMap'
import { forEachBucket } from '../../../src/redux/slice/storedMap'

/**
 * Checks a split map's summary against its buckets: `entries` is the number of entries they hold
 * (pairs and runs), written only when it differs from `size`, and the map is not past the sizes
 * that rebuild it.
 */
export function expectTrueSummary(map: SplitMap<unknown>): void {
  let entries = 0
  forEachBucket(map, (bucket) => {
    entries += entriesIn(bucket)
  })
  const summary = map[0]
  expect(entriesOf(summary)).toBe(entries)
  expect('entries' in summary).toBe(entries !== summary.size)
  expect(isOverfull(summary.size, entries, summary.buckets)).toBe(false)
}
