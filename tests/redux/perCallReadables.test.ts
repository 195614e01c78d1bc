/**
 * An endpoint or a Query made per call (`extend()` in a render, an inline `new Query`) takes its
 * selectors with it when it goes (checked with --expose-gc in a child process, production mode).
 * Before, an index of every selector map kept each one, and the readable with it: 2.5 KB a call.
 */
import { join } from 'node:path'
import { runGcScript } from '../fixtures/gcScript'

interface Report {
  alive: Record<'extended' | 'queries' | 'responses', number>
  made: number
  growthKbPer1000: number
}

let report: Report
beforeAll(() => {
  report = runGcScript<Report>(join(__dirname, 'perCallReadables.script.ts'))
}, 150_000)

test('endpoints extended per call and inline Queries are collected once dropped', () => {
  expect(report.made).toBe(2000)
  expect(report.alive).toEqual({ extended: 0, queries: 0, responses: 0 })
})

test('1,000 more of them leave the heap about where it was (their selectors went with them)', () => {
  // Each one kept cost 7 KB (three readables with their selectors); 1,000 kept: about 7 MB.
  expect(report.growthKbPer1000).toBeLessThan(1024)
})
