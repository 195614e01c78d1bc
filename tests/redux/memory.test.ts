/**
 * Memory follows what the store holds (checked with --expose-gc in a child process, in
 * production mode, as an app ships): reads do not pin old states or tables, and a reset or a
 * sweep gives the memory back, with no instance of the forgotten records still reachable.
 */
import { join } from 'node:path'
import { runGcScript } from '../fixtures/gcScript'

interface Report {
  gets: {
    sliceJsonMb: number
    growthMb: number
    readsMb: number
    afterResetMb: number
    instancesAliveAfterReset: number
    tracked: number
  }
  lists: {
    sliceJsonMb: number
    growthMb: number
    keysSwept: number
    afterSweepMb: number
    instancesAliveAfterSweep: number
    tracked: number
  }
  dropped: { tracked: number; instancesAlive: number; heapMb: number }
  storesAlive: number
}

let report: Report
beforeAll(() => {
  report = runGcScript<Report>(join(__dirname, 'memory.script.ts'))
}, 150_000)

test('1,000 distinct GETs: the heap grows by at most 4× the slice JSON; reads add O(1) each', () => {
  expect(report.storesAlive).toBe(2)
  // It holds the data (a measurement that saw nothing would be meaningless)...
  expect(report.gets.growthMb).toBeGreaterThan(report.gets.sliceJsonMb)
  // ...and not much more than the data.
  expect(report.gets.growthMb).toBeLessThanOrEqual(4 * report.gets.sliceJsonMb)
  // One selector and one instance per call read: about 1 KB each, not a copy of the tables.
  expect(report.gets.readsMb).toBeLessThan(2)
})

test('after resetEntireStore the heap is back within a few MB, no instance reachable', () => {
  expect(report.gets.tracked).toBe(1000)
  expect(report.gets.afterResetMb).toBeLessThan(3)
  expect(report.gets.instancesAliveAfterReset).toBe(0)
})

test('1,000 lists swept away: the heap is back within a few MB, no instance reachable', () => {
  expect(report.lists.keysSwept).toBe(1000)
  expect(report.lists.growthMb).toBeGreaterThan(report.lists.sliceJsonMb)
  expect(report.lists.growthMb).toBeLessThanOrEqual(4 * report.lists.sliceJsonMb)
  expect(report.lists.afterSweepMb).toBeLessThan(3)
  expect(report.lists.instancesAliveAfterSweep).toBe(0)
})

test('stores made in turn from one cache and dropped take their memo with them', () => {
  expect(report.dropped.tracked).toBe(20)
  // The selector they shared keeps the last store's read (what it returned last), nothing else.
  expect(report.dropped.instancesAlive).toBeLessThanOrEqual(1)
  expect(report.dropped.heapMb).toBeLessThan(3)
})
