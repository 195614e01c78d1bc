/**
 * Run by perCallReadables.test.ts in a child process with --expose-gc (production mode):
 * endpoints and Queries made per call (`extend()` in a render, an inline `new Query`), read
 * through `cache.select` and `controller.getResponse`, then dropped. Prints one JSON line: how
 * many of each are still reachable after a full GC, and the heap growth per 1,000 of them.
 */
import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, Entity, Query, createEntityCache, schema } from '../../src/index'

class Item extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'PerCallItem'
}
const gc = (globalThis as { gc?: () => void }).gc as () => void
const cache = createEntityCache({ reducerPath: 'data' })
const store = configureStore({
  reducer: { data: cache.reducer },
  middleware: (gDM) => gDM().concat(cache.middleware),
})
const controller = cache.controller(store)
const base = new Endpoint(async ({ id }: { id: number }) => ({ id }), {
  schema: Item,
  name: 'getItem',
})
const all = new schema.All(Item)

const refs: Record<string, WeakRef<object>[]> = { extended: [], queries: [], responses: [] }
function round(count: number): void {
  for (let i = 0; i < count; i++) {
    const extended = base.extend({ dataExpiryLength: 5 })
    cache.select(extended, { id: 1 })(store.getState())
    refs.extended?.push(new WeakRef(extended))
    const query = new Query(all, (items) => items.length)
    cache.select(query)(store.getState())
    refs.queries?.push(new WeakRef(query))
    const another = base.extend({ dataExpiryLength: 6 })
    controller.getResponse(another, { id: 1 }, store.getState())
    refs.responses?.push(new WeakRef(another))
  }
}
/** The heap after a full GC, once the finalizers it queued have run, then a GC again. */
const heap = async () => {
  gc()
  await new Promise((resolve) => setTimeout(resolve, 10))
  gc()
  return process.memoryUsage().heapUsed
}

async function main() {
  await controller.fetch(base, { id: 1 })
  // A job of its own for each round: V8 keeps the targets of a job's WeakRefs until it ends.
  round(1000)
  await new Promise((resolve) => setTimeout(resolve, 0))
  const before = await heap()
  round(1000)
  await new Promise((resolve) => setTimeout(resolve, 0))
  const after = await heap()
  const alive = Object.fromEntries(
    Object.entries(refs).map(([name, list]) => [name, list.filter((ref) => ref.deref()).length]),
  )
  console.log(JSON.stringify({ alive, made: 2000, growthKbPer1000: (after - before) / 1024 }))
}
void main()
