/**
 * `npm run bench`: our engine beside normalizr@3.6.2 (alone and behind reselect),
 * @data-client/normalizr (with its memo), RTK createEntityAdapter, a plain spread reducer and
 * `JSON.parse`, on generated data, in one run. Not part of `npm test`.
 * Env: BENCH_QUICK=1 shortens every measurement (a smoke run, numbers not meaningful);
 * BENCH_ONLY=graph,tables,select,first,big,heap,apps runs only those groups (heap: case 12 alone;
 * big includes it; apps: case 1m, which runs after the other groups asked for and changes what
 * any later case would measure). A full run also measures cases 2s and 12
 * again, each in a child process where nothing ran before (2s-own, 12-own), and case 1m in one
 * (BENCH_CHILD=1 marks such a child, which prints its results as one JSON line; ownProcess.ts).
 */
import './env'
import { runBigResponseCases, runHeapCase } from './cases/bigResponse'
import { runFirstReadCase } from './cases/firstRead'
import { runGraphCases } from './cases/graph'
import { runManyClassesCase } from './cases/manyClasses'
import type { GraphCases } from './cases/graph'
import { runSelectCase, runTwoStoresCase } from './cases/select'
import { runTableCases } from './cases/tables'
import { caseInOwnProcess, casesInChildProcess } from './ownProcess'
import { printResults, printTargets } from './report'
import { CHILD_RESULTS } from './results'
import type { CaseResult } from './results'
import { nextJob } from './timing'
import type { MeasureOptions } from './timing'

const quick = process.env.BENCH_QUICK === '1'
const only = process.env.BENCH_ONLY?.split(',')
const child = process.env.BENCH_CHILD === '1'
const options: MeasureOptions = quick
  ? { warmupMs: 20, budgetMs: 50, minSamples: 3 }
  : { warmupMs: 300, budgetMs: 2000, minSamples: 15 }

const ORDER = [
  '1',
  '1m',
  '2',
  '2s',
  '2s-own',
  '2g',
  '2s2',
  '3',
  '4',
  '4b',
  '5',
  '5b',
  '5r',
  '6',
  '6r',
  '7',
  '8',
  '8t',
]
const ORDER_BIG = ['9', '10', '10e', '11', '11s', '12', '12-own']

async function main() {
  const started = Date.now()
  if (!child)
    console.log(
      `rtk-resources bench: node ${process.version}, NODE_ENV=${process.env.NODE_ENV}` +
        (quick ? ' (BENCH_QUICK: smoke run)' : ''),
    )
  const runs = (group: string) => !only || only.includes(group)
  const graph: GraphCases | undefined = runs('graph') ? runGraphCases(options) : undefined
  const results: CaseResult[] = [...(graph?.results ?? [])]
  // Each group starts in a job of its own, as each interaction of an app does: V8 keeps the
  // targets of the WeakRefs a job made (any library's) until the job ends, and a group's would
  // otherwise weigh on every later group's heap.
  await nextJob()
  if (runs('first')) results.push(...runFirstReadCase(options))
  if (!only && !child) results.push(...caseInOwnProcess(__filename, 'first', '2s'))
  await nextJob()
  if (runs('tables')) results.push(...runTableCases(options))
  await nextJob()
  if (runs('select')) results.push(runSelectCase(options), runTwoStoresCase(options))
  await nextJob()
  if (runs('big')) results.push(...(await runBigResponseCases(options)))
  else if (runs('heap')) results.push(...runHeapCase())
  if (!only && !child) results.push(...caseInOwnProcess(__filename, 'heap', '12'))
  // Five more entity classes change what any later case measures: 1m runs last, and in a full
  // run in a child process of its own.
  if (only?.includes('apps')) results.push(...runManyClassesCase(options))
  if (!only && !child) results.push(...casesInChildProcess(__filename, 'apps'))
  if (child) {
    console.log(`${CHILD_RESULTS}${JSON.stringify(results)}`)
    return
  }
  const order = [...ORDER, ...ORDER_BIG]
  results.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  console.log('')
  printResults(results, graph)
  printTargets(results, graph)
  console.log(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

void main()
