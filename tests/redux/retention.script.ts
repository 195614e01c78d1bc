/**
 * Run by selectors.test.ts with --expose-gc: reads 100,000 distinct args through cache.select,
 * tracks the first results with WeakRefs, and reports how many were collected.
 */
import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, Entity, Query, createEntityCache, schema } from '../../src/index'

class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
}

const gc = (globalThis as { gc?: () => void }).gc as () => void
const cache = createEntityCache({ reducerPath: 'data' })
const store = configureStore({
  reducer: { data: cache.reducer },
  middleware: (gDM) =>
    gDM({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
})
const controller = cache.controller(store)
const getUser = new Endpoint(async (_args: { id: number }) => null, { schema: User, name: 'u' })
const byName = new Query(new schema.All(User), (users, { n }: { n: number }) =>
  users.filter((u) => u.id % 7 === n % 7),
)
for (let id = 0; id < 100; id++) controller.setResponse(getUser, { id }, { id, name: `u${id}` })

gc()
const before = process.memoryUsage().heapUsed
const refs: WeakRef<object>[] = []
const TRACKED = 1000
const LAST = 99_999
let lastSelector: unknown
for (let n = 0; n <= LAST; n++) {
  const selector = cache.select(byName, { n })
  if (n === LAST) lastSelector = selector
  const result = selector(store.getState())
  if (n < TRACKED && result) refs.push(new WeakRef(result))
}
// WeakRef targets stay alive until the current job ends: check from a later task.
setTimeout(() => {
  gc()
  gc()
  const after = process.memoryUsage().heapUsed
  const collected = refs.filter((ref) => ref.deref() === undefined).length
  const heapGrowthMb = (after - before) / 2 ** 20
  // Using the cache here keeps it (and its selector registry) alive through the collection.
  const cacheAlive = cache.select(byName, { n: LAST }) === lastSelector
  console.log(JSON.stringify({ tracked: refs.length, collected, heapGrowthMb, cacheAlive }))
}, 0)
