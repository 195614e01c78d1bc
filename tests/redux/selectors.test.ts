import { configureStore } from '@reduxjs/toolkit'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { Endpoint, Query, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { makeStore } from '../fixtures/store'

const getUser = new Endpoint(
  async ({ id }: { id: number }) => ({ id, name: `u${id}`, posts: [] }),
  {
    schema: User,
    name: 'user',
  },
)

test('select keeps a bounded number of selectors per endpoint (LRU)', () => {
  const { cache } = makeStore()
  const first = cache.select(getUser, { id: 0 })
  expect(cache.select(getUser, { id: 0 })).toBe(first)
  for (let id = 1; id <= 2_000; id++) cache.select(getUser, { id })
  // Evicted: asking again builds a new selector (the old one is no longer held).
  expect(cache.select(getUser, { id: 0 })).not.toBe(first)
  // Recently used ones are still there.
  expect(cache.select(getUser, { id: 2_000 })).toBe(cache.select(getUser, { id: 2_000 }))
})

test('select args are keyed by value: equal args in another order give the same selector', () => {
  const { cache } = makeStore()
  const query = new Query(new schema.All(User), (users, _args: { a: number; b: number }) => users)
  expect(cache.select(query, { a: 1, b: 2 })).toBe(cache.select(query, { b: 2, a: 1 }))
})

test('100k distinct args do not keep 100k results alive (checked with --expose-gc)', () => {
  const script = join(__dirname, 'retention.script.ts')
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '-r', 'ts-node/register/transpile-only', script],
    { cwd: join(__dirname, '..', '..'), encoding: 'utf8', timeout: 120_000 },
  )
  const report = JSON.parse(output.trim().split('\n').pop() as string) as {
    collected: number
    tracked: number
    heapGrowthMb: number
    cacheAlive: boolean
  }
  expect(report.cacheAlive).toBe(true)
  // Nearly every early result was collected, and the heap did not grow with the args count.
  expect(report.collected).toBeGreaterThan(report.tracked * 0.9)
  expect(report.heapGrowthMb).toBeLessThan(40)
}, 150_000)

test('a reset keeps every selector: equal args give the same one, and other stores keep their results', async () => {
  const { cache, store: a, controller } = makeStore()
  const b = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  await controller.fetch(getUser, { id: 1 })
  await cache.controller(b).fetch(getUser, { id: 1 })
  const select = cache.select(getUser, { id: 1 })
  const selectCall = cache.selectCall(getUser, { id: 1 })
  const aUser = select(a.getState())
  const aCall = selectCall(a.getState())
  const bUser = select(b.getState())
  // Store B's reset: store A's reads keep their selectors and their results.
  cache.controller(b).resetEntireStore()
  expect(cache.select(getUser, { id: 1 })).toBe(select)
  expect(cache.selectCall(getUser, { id: 1 })).toBe(selectCall)
  expect(select(a.getState())).toBe(aUser)
  expect(selectCall(a.getState())).toBe(aCall)
  expect(select(b.getState())).toBeUndefined()
  // Store A's own reset: the same selector reads nothing, then the new data, as new objects.
  controller.resetEntireStore()
  expect(cache.select(getUser, { id: 1 })).toBe(select)
  expect(select(a.getState())).toBeUndefined()
  const again = await controller.fetch(getUser, { id: 1 })
  expect(select(a.getState())).toBe(again)
  expect(again).not.toBe(aUser)
  expect(again).not.toBe(bUser)
})

test('a key lists the selectors of its 64 latest readers; an older one makes a new selector', () => {
  const { cache } = makeStore()
  const readers = Array.from({ length: 65 }, () => getUser.extend({ dataExpiryLength: 5 }))
  const first = readers.map((reader) => cache.select(reader, { id: 1 }))
  // The 64 latest keep theirs; the one that read the key first made way (a new selector, the
  // same reads: it works as before, with a memo of its own made again).
  expect(
    readers.slice(1).every((reader, i) => cache.select(reader, { id: 1 }) === first[i + 1]),
  ).toBe(true)
  expect(cache.select(readers[0] as typeof getUser, { id: 1 })).not.toBe(first[0])
})
