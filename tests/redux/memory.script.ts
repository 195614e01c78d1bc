/**
 * Run by memory.test.ts with --expose-gc (NODE_ENV=production, what an app ships): fills a real
 * store through fetches, then reads (as mounted components would), and measures what the heap
 * holds, after resetEntireStore and after a sweep that forgets every key. Prints one JSON line.
 */
import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, Entity, createEntityCache } from '../../src/index'

class User extends Entity {
  id = 0
  name = ''
  email = ''
  bio = ''
  tags: string[] = []
  address = { city: '', zip: '' }
  pk() {
    return this.id
  }
  static key = 'User'
}

const gc = (globalThis as { gc?: () => void }).gc as () => void
const MB = 2 ** 20
const user = (id: number) => ({
  id,
  name: `User number ${id}`,
  email: `user${id}@example.com`,
  bio: `Writes about caches, selectors and the occasional race condition; user ${id} since 2019.`,
  tags: ['redux', 'cache'],
  address: { city: 'Lyon', zip: `690${id % 10}0` },
})
const getUser = new Endpoint(async ({ id }: { id: number }) => user(id), {
  schema: User,
  name: 'getUser',
})
const getTeam = new Endpoint(
  async ({ team }: { team: number }) => [1, 2, 3, 4, 5].map((n) => user(team * 10 + n)),
  { schema: [User], name: 'getTeam' },
)

/** Heap in use once everything collectable is collected (from a later task: WeakRefs clear). */
async function settledHeap(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0))
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

async function scenario(fill: (store: ReturnType<typeof makeStore>) => Promise<void>) {
  const store = makeStore()
  const empty = await settledHeap()
  await fill(store)
  const full = await settledHeap()
  const sliceJson = JSON.stringify(store.getState().data).length
  return { store, empty, full, sliceJson }
}

const cache = createEntityCache({ reducerPath: 'data' })
function makeStore() {
  return configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
}

/*
 * Reads happen in plain functions: a suspended async function keeps its dead temporaries alive,
 * which would keep the last value read reachable and spoil the count.
 */

/** Reads each user the way a mounted component does (one selector per call). */
function readEach(store: ReturnType<typeof makeStore>): WeakRef<object>[] {
  const refs: WeakRef<object>[] = []
  for (let id = 1; id <= 1000; id++) {
    const user = cache.selectCall(getUser, { id })(store.getState()).data
    if (user) refs.push(new WeakRef(user))
  }
  return refs
}

/** Reads a team's list and tracks its first member. */
function firstMember(store: ReturnType<typeof makeStore>, team: number): WeakRef<object> {
  const members = cache.select(getTeam, { team })(store.getState())
  return new WeakRef(members?.[0] ?? {})
}

/** Makes `count` stores in turn, each reading its own team 1; returns its first members. */
async function storesInTurn(count: number): Promise<WeakRef<object>[]> {
  const refs: WeakRef<object>[] = []
  for (let k = 0; k < count; k++) {
    const store = makeStore()
    const members = [1, 2, 3, 4, 5].map((n) => user(100_000 + k * 10 + n))
    cache.controller(store).setResponse(getTeam, { team: 1 }, members)
    refs.push(firstMember(store, 1))
  }
  return refs
}

async function main() {
  // Warm up (code compiled, caches of the runtime filled) so the measurements see the data only.
  const warm = makeStore()
  for (let id = 1; id <= 200; id++) await cache.controller(warm).fetch(getUser, { id })
  readEach(warm)
  cache.controller(warm).resetEntireStore()

  // 1,000 GETs of distinct ids.
  const gets = await scenario(async (store) => {
    const controller = cache.controller(store)
    for (let id = 1; id <= 1000; id++) await controller.fetch(getUser, { id })
  })
  const instances = readEach(gets.store)
  const read = await settledHeap()
  cache.controller(gets.store).resetEntireStore()
  const afterReset = await settledHeap()

  // 1,000 stored lists, read, then swept away by garbage collection.
  const listInstances: WeakRef<object>[] = []
  const lists = await scenario(async (store) => {
    const controller = cache.controller(store)
    for (let team = 1; team <= 1000; team++) {
      await controller.fetch(getTeam, { team })
      listInstances.push(firstMember(store, team))
    }
  })
  const swept = cache.controller(lists.store).collectGarbage({ now: Date.now() + 3_600_000 })
  const afterSweep = await settledHeap()

  // 20 stores in turn, one cache (a store per test or per server request), each given its own
  // team 1 and read through the same selector, then dropped: their reads must go with them.
  const droppedInstances = await storesInTurn(20)
  const afterDrop = await settledHeap()

  const alive = (refs: WeakRef<object>[]) => refs.filter((ref) => ref.deref() !== undefined).length
  console.log(
    JSON.stringify({
      gets: {
        sliceJsonMb: gets.sliceJson / MB,
        growthMb: (gets.full - gets.empty) / MB,
        readsMb: (read - gets.full) / MB,
        afterResetMb: (afterReset - gets.empty) / MB,
        instancesAliveAfterReset: alive(instances),
        tracked: instances.length,
      },
      lists: {
        sliceJsonMb: lists.sliceJson / MB,
        growthMb: (lists.full - lists.empty) / MB,
        keysSwept: swept.keys.length,
        afterSweepMb: (afterSweep - lists.empty) / MB,
        instancesAliveAfterSweep: alive(listInstances),
        tracked: listInstances.length,
      },
      dropped: {
        tracked: droppedInstances.length,
        instancesAlive: alive(droppedInstances),
        heapMb: (afterDrop - afterSweep) / MB,
      },
      // Using both stores here keeps them (and the cache) alive through the measurements.
      storesAlive:
        Number(gets.store.getState().data.layout.version > 0) +
        Number(lists.store.getState().data.layout.version > 0),
    }),
  )
}

void main()
