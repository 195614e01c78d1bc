/**
 * An endpoint or a Query made per call (`extend()` in a render, an inline `new Query`) takes its
 * selectors with it when it goes (checked with --expose-gc in a child process, production mode),
 * once the index of selector maps no longer lists it: a key lists the 64 most recent
 * (read/selectorHolders.ts). Before, the index kept every map, and the readable with it: 2.5 KB
 * a call, without bound.
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

test('endpoints extended per call and inline Queries are collected once dropped, but the 64 last per key', () => {
  expect(report.made).toBe(2000)
  // The extended endpoints of both kinds share one key; the Queries another.
  expect(report.alive.extended + report.alive.responses).toBeLessThanOrEqual(64)
  expect(report.alive.queries).toBeLessThanOrEqual(64)
})

test('1,000 more of them leave the heap about where it was (their selectors went with them)', () => {
  // Each one kept cost 7 KB (three readables with their selectors); 1,000 kept: about 7 MB.
  expect(report.growthKbPer1000).toBeLessThan(1024)
})
