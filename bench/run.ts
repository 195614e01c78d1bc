/**
 * `npm run bench`: our engine beside normalizr@3.6.2, @data-client/normalizr (with its memo) and
 * RTK createEntityAdapter, on generated data, in one run. Not part of `npm test`.
 * Env: BENCH_QUICK=1 shortens every measurement (a smoke run, numbers not meaningful).
 */
import './env'
import { runGraphCases } from './cases/graph'
import { runSelectCase } from './cases/select'
import { runTableCases } from './cases/tables'
import { printResults, printTargets } from './report'
import type { MeasureOptions } from './timing'

const quick = process.env.BENCH_QUICK === '1'
const options: MeasureOptions = quick
  ? { warmupMs: 20, budgetMs: 50, minSamples: 3 }
  : { warmupMs: 300, budgetMs: 2000, minSamples: 15 }

function main() {
  const started = Date.now()
  console.log(
    `rtk-resources bench: node ${process.version}, NODE_ENV=${process.env.NODE_ENV}` +
      (quick ? ' (BENCH_QUICK: smoke run)' : ''),
  )
  const graph = runGraphCases(options)
  const tables = runTableCases(options)
  const select = runSelectCase(options)
  const order = ['1', '2', '3', '4', '4b', '5', '5b', '5r', '6', '6r', '7', '8']
  const results = [...graph.results, ...tables, select].sort(
    (a, b) => order.indexOf(a.id) - order.indexOf(b.id),
  )
  console.log('')
  printResults(results, graph)
  printTargets(results, graph)
  console.log(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

main()
