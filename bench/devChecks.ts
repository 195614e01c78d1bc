/**
 * Part of `npm run bench`, in its own process: development mode (NODE_ENV=development), where
 * `configureStore`'s default checks (serializable, immutable) run on every dispatch. Writing one
 * record into a store that holds 100,000: ours (`controller.setResponse`, normalize included) vs
 * `createEntityAdapter.upsertOne` on the same records, in the same run. Target (issue 14): ours
 * costs at most 1/20 of the adapter's, and prints no warning (not even RTK's "took Xms").
 * Also 13h: the heap a 100k-record store keeps in development, beside the adapter's (no target;
 * it shows what the development freeze costs, see docs/architecture.md).
 * Env: BENCH_QUICK=1 for a smoke run.
 */
process.env.NODE_ENV = 'development'

import { configureStore, createEntityAdapter, createSlice } from '@reduxjs/toolkit'
import { performance } from 'node:perf_hooks'
import { Endpoint, Entity, createEntityCache } from '../src/index'
import type { RawItem } from './data'
import { generateItems } from './data'
import { retainedHeap } from './timing'

const SIZE = 100_000
const quick = process.env.BENCH_QUICK === '1'
const SAMPLES = quick ? 5 : 40

class Item extends Entity {
  id = 0
  name = ''
  value = 0
  pk() {
    return this.id
  }
  static key = 'Item'
}
const getItems = new Endpoint(async () => [] as RawItem[], { schema: [Item], name: 'getItems' })
const getItem = new Endpoint(async (_args: { id: number }) => null as RawItem | null, {
  schema: Item,
  name: 'getItem',
})

/** Console warnings and errors while `fn` runs (RTK's timing notes included). */
function captureConsole<T>(fn: () => T): { value: T; said: string[] } {
  const said: string[] = []
  const { warn, error } = console
  console.warn = (...args: unknown[]) => void said.push(String(args[0]))
  console.error = (...args: unknown[]) => void said.push(String(args[0]))
  try {
    return { value: fn(), said }
  } finally {
    console.warn = warn
    console.error = error
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

function oursStore(items: RawItem[]) {
  const cache = createEntityCache({ reducerPath: 'cache' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware),
  })
  const controller = cache.controller(store)
  controller.setResponse(getItems, items)
  return (item: RawItem) => controller.setResponse(getItem, { id: item.id }, item)
}

function adapterStore(items: RawItem[]) {
  const adapter = createEntityAdapter<RawItem>()
  const slice = createSlice({
    name: 'items',
    initialState: adapter.getInitialState(),
    reducers: { setAll: adapter.setAll, upsertOne: adapter.upsertOne },
  })
  const store = configureStore({ reducer: { items: slice.reducer } })
  store.dispatch(slice.actions.setAll(items))
  return (item: RawItem) => store.dispatch(slice.actions.upsertOne(item))
}

/**
 * Heap kept by what `build` returns, in MB: the median of 3 builds after 3 left out (case 12's
 * measure: a process's first builds vary by up to a megabyte either way).
 */
function heapKeptBy(build: () => unknown): number {
  return retainedHeap(() => captureConsole(build).value, 3, 3) / 1048576
}

function main() {
  console.log(`\ndevelopment mode (configureStore's default checks on), node ${process.version}`)
  // 13h first, in a process where nothing ran before: the records come from generateItems, as in
  // case 12, and are frozen by each store (ours: freezeWritten.ts; the adapter: Immer).
  const heapOurs = heapKeptBy(() => oursStore(generateItems(SIZE, 1)))
  const heapAdapter = heapKeptBy(() => adapterStore(generateItems(SIZE, 1)))
  const items = generateItems(SIZE)
  // Building the stores is setup: the checks' first walk of 100k records is not timed.
  const writers = captureConsole(() => ({ ours: oursStore(items), adapter: adapterStore(items) }))
  const times = { ours: [] as number[], adapter: [] as number[] }
  const warnings = { ours: [] as string[], adapter: [] as string[] }
  for (let i = 0; i < SAMPLES; i++) {
    const item = { id: 1 + ((i * 7919) % SIZE), name: `item v${i}`, value: i }
    for (const name of ['ours', 'adapter'] as const) {
      const { value: ms, said } = captureConsole(() => {
        const start = performance.now()
        writers.value[name](item)
        return performance.now() - start
      })
      times[name].push(ms)
      warnings[name].push(...said)
    }
  }
  const ours = median(times.ours)
  const adapter = median(times.adapter)
  const ratio = adapter / ours
  const pad = (text: string, width: number) => text.padEnd(width)
  console.log(
    `${pad('case', 44)}| ${pad('ours (median)', 14)}| ${pad('peer', 34)}| ${pad('peer (median)', 14)}| peer ÷ ours`,
  )
  console.log(
    `${pad('13. dev: write 1 record into a 100k store', 44)}| ${pad(`${ours.toFixed(3)} ms`, 14)}| ${pad('RTK createEntityAdapter.upsertOne', 34)}| ${pad(`${adapter.toFixed(1)} ms`, 14)}| ${ratio.toFixed(0)}×`,
  )
  console.log(
    `${pad('13h. dev: heap of a 100k-record store', 44)}| ${pad(`${heapOurs.toFixed(2)} MB`, 14)}| ${pad('RTK createEntityAdapter', 34)}| ${pad(`${heapAdapter.toFixed(2)} MB`, 14)}| ${(heapAdapter / heapOurs).toFixed(2)}×`,
  )
  console.log(
    `    warnings printed during the writes: ours ${warnings.ours.length}, adapter ${warnings.adapter.length}` +
      (warnings.adapter[0] ? ` (adapter: "${warnings.adapter[0].split('\n')[0]}")` : ''),
  )
  const pass = ratio >= 20 && warnings.ours.length === 0
  console.log(
    `\ntarget (issue 14):\n  ${pass ? 'PASS' : 'FAIL'}  dev mode: 1-record write into 100k ≤ 1/20 of adapter upsertOne, no warning: ${ratio.toFixed(0)}×, ${warnings.ours.length} warning(s)`,
  )
}

main()
