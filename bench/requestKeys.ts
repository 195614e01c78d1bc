/**
 * Part of `npm run bench`, in its own process (production mode): the cost of one response written
 * through the cache's reducer when the slice already holds 300 request keys, and when it holds
 * 10,000. Target (issue 14): at most 2× (a write must not copy every key: past 1,024 keys,
 * `results` and `meta` are split in buckets).
 * Env: BENCH_QUICK=1 for a smoke run.
 */
process.env.NODE_ENV = 'production'

import { performance } from 'node:perf_hooks'
import { Endpoint, Entity, createEntityCache, fixtureState } from '../src/index'
import type { EntityCacheState } from '../src/index'

const quick = process.env.BENCH_QUICK === '1'
const SAMPLES = quick ? 200 : 3000

class Item extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'Item'
}
const getItem = new Endpoint(async (_args: { id: number }) => null, { schema: Item, name: 'item' })
const cache = createEntityCache({ reducerPath: 'cache' })

/** A slice holding `keys` request keys (one item each), built by the cache's reducer. */
function sliceWith(keys: number): EntityCacheState {
  const fixtures = Array.from({ length: keys }, (_, i) => ({
    endpoint: getItem,
    args: [{ id: i }] as [{ id: number }],
    response: { id: i, name: `item ${i}` },
  }))
  return fixtureState(cache, fixtures)
}

/** Median ms of writing one new key's response into `slice` (each sample from the same slice). */
function timeWrite(slice: EntityCacheState): number {
  const times: number[] = []
  const now = Date.now()
  for (let i = 0; i < SAMPLES; i++) {
    const id = 1_000_000 + i
    const action = cache.actions.received({
      key: getItem.key({ id }),
      result: String(id),
      entities: { Item: { [id]: { id, name: 'new' } } },
      entitiesMeta: { Item: { [id]: { fetchedAt: now + i, date: now + i, expiresAt: now + i } } },
      times: { fetchedAt: now + i, date: now + i, expiresAt: now + i },
    })
    const start = performance.now()
    cache.reducer(slice, action)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] as number
}

function main() {
  const few = sliceWith(300)
  const many = sliceWith(10_000)
  // Interleaved rounds, so a burst of load elsewhere hits both alike.
  const fewTimes: number[] = []
  const manyTimes: number[] = []
  for (let round = 0; round < 5; round++) {
    fewTimes.push(timeWrite(few))
    manyTimes.push(timeWrite(many))
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] as number
  const ratio = median(manyTimes) / median(fewTimes)
  console.log(
    `\n14. one response into a slice with 10,000 request keys: ${median(manyTimes).toFixed(4)} ms; ` +
      `with 300: ${median(fewTimes).toFixed(4)} ms (split: ${many.layout.splitRequests})`,
  )
  console.log(
    `\ntarget (issue 14):\n  ${ratio <= 2 ? 'PASS' : 'FAIL'}  a write with 10k request keys ≤ 2× one with 300: ${ratio.toFixed(2)}×`,
  )
}

main()
