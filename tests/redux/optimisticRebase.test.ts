/**
 * Optimistic writes computed from what is shown (the guide's `current.count + 1`): when an
 * earlier write settles, refused or confirmed, the layers of the writes that started after it
 * are computed again over the state without it, as data-client re-runs `getOptimisticResponse`.
 * Before, the second increment's layer kept the refused first one on screen until it settled.
 */
import { http, HttpResponse } from 'msw'
import { Entity, RestEndpoint } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

class Counter extends Entity {
  id = ''
  count = 0
  pk() {
    return this.id
  }
  static key = 'Counter'
}

let serverCount = 0
let refuseNext = false
const releases: (() => void)[] = []
serveHandlers(
  http.get('http://api.test/counters/:id', ({ params }) =>
    HttpResponse.json({ id: params.id, count: serverCount }),
  ),
  http.post('http://api.test/counters/:id/increment', async ({ params }) => {
    const refuse = refuseNext
    refuseNext = false
    await new Promise<void>((resolve) => releases.push(resolve))
    if (refuse) return HttpResponse.json({ message: 'try again later' }, { status: 503 })
    serverCount += 1
    return HttpResponse.json({ id: params.id, count: serverCount })
  }),
)

const getCounter = new RestEndpoint({
  urlPrefix: 'http://api.test',
  path: '/counters/:id',
  schema: Counter,
})
// The guide's recipe, on a RestEndpoint.
const increment = new RestEndpoint({
  urlPrefix: 'http://api.test',
  path: '/counters/:id/increment',
  method: 'POST',
  schema: Counter,
  body: undefined,
  getOptimisticResponse(snapshot, params) {
    const current = snapshot.get(getCounter, params)
    if (!current) throw new Error('nothing to update yet')
    return { id: String(params.id), count: current.count + 1 }
  },
})

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
}

test('two increments in flight, the first refused: the page shows one increment, not two', async () => {
  serverCount = 3
  const { cache, controller, store, replay } = makeStore()
  await controller.fetch(getCounter, { id: 'likes' })
  const shown = () => cache.select(getCounter, { id: 'likes' })(store.getState())?.count

  refuseNext = true
  const first = controller.fetch(increment, { id: 'likes' })
  const second = controller.fetch(increment, { id: 'likes' })
  expect(shown()).toBe(5) // both shown at once, as the guide says
  await until(() => releases.length === 2)

  releases.shift()?.() // the server refuses the first
  await expect(first).rejects.toMatchObject({ status: 503 })
  // Only the second increment is pending now: confirmed 3 + 1.
  expect(shown()).toBe(4)

  releases.shift()?.()
  await second
  expect(shown()).toBe(4)
  expect(store.getState().data.optimistic).toEqual([])
  expect(replay()).toEqual(store.getState())
})

test('two increments in flight, the first confirmed with a higher count: the second counts from it', async () => {
  serverCount = 10
  const { cache, controller, store, replay } = makeStore()
  await controller.fetch(getCounter, { id: 'likes' })
  const shown = () => cache.select(getCounter, { id: 'likes' })(store.getState())?.count
  const first = controller.fetch(increment, { id: 'likes' })
  const second = controller.fetch(increment, { id: 'likes' })
  expect(shown()).toBe(12)
  await until(() => releases.length === 2)
  serverCount = 20 // others clicked meanwhile: the server answers 21
  releases.shift()?.()
  await first
  // The pending second increment is computed again over the confirmed 21.
  expect(shown()).toBe(22)
  releases.shift()?.()
  await second
  expect(shown()).toBe(22)
  expect(replay()).toEqual(store.getState())
})
