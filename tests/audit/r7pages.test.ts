import { delay, http, HttpResponse } from 'msw'
import { Entity, RestEndpoint } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

class Item extends Entity {
  id = 0
  pk() { return this.id }
  static key = 'Item'
}
const S = { listWait: 0, listStatus: 200, hang: false, pageHits: 0, listHits: 0, pageWait: 0 }
const BASE = 'http://probe40pages.test'
serveHandlers(
  http.get(`${BASE}/feed`, async ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    if (cursor === null) {
      S.listHits++
      if (S.hang) await delay('infinite')
      await delay(S.listWait)
      if (S.listStatus !== 200) return HttpResponse.json({ message: 'boom' }, { status: S.listStatus })
      return HttpResponse.json({ results: [1, 2, 3].map((id) => ({ id })), next: 1 })
    }
    S.pageHits++
    await delay(S.pageWait)
    const page = Number(cursor)
    return HttpResponse.json({ results: [1, 2, 3].map((i) => ({ id: page * 10 + i })), next: page + 1 })
  }),
)
const feed = new RestEndpoint({
  urlPrefix: BASE, path: '/feed', schema: { results: [Item], next: 0 },
  searchParams: {} as { cursor?: number }, errorExpiryLength: 60_000,
})
const more = feed.paginated('cursor')
beforeEach(() => Object.assign(S, { listWait: 0, listStatus: 200, hang: false, pageHits: 0, listHits: 0, pageWait: 0 }))
const ids = (v: any) => v?.results.map((i: Item) => i.id)

test('A: a slow background refresh delays "load more" by its whole latency', async () => {
  const { controller } = makeStore()
  await controller.fetch(feed)
  S.listWait = 400
  void controller.fetch(feed) // background revalidation
  const t0 = Date.now()
  await controller.fetch(more, { cursor: 1 })
  console.log('A: page took', Date.now() - t0, 'ms (page handler: 0 ms)')
})

test('A2: a hanging plain read hangs the page (no signal)', async () => {
  const { controller } = makeStore()
  await controller.fetch(feed)
  S.hang = true
  const ac = new AbortController()
  void controller.fetchWithSignal(ac.signal, feed).catch(() => {})
  const page = controller.fetch(more, { cursor: 1 }).then((v) => ids(v))
  const r = await Promise.race([page, delay(500).then(() => 'still waiting after 500ms')])
  console.log('A2:', r, 'pageHits', S.pageHits)
  ac.abort()
  console.log('A2 after abort:', await Promise.race([page, delay(200).then(() => 'still waiting')]))
})

test('B: a failing first read: the page becomes the list', async () => {
  const { controller, cache, store } = makeStore()
  S.listWait = 50; S.listStatus = 500
  const r = controller.fetch(feed).catch((e) => e)
  const p = controller.fetch(more, { cursor: 2 })
  await Promise.all([r, p])
  console.log('B: stored', ids(cache.select(feed)(store.getState())), 'error', controller.getError(feed, store.getState())?.message?.slice(0, 40))
})

test('C: fetchIfStale of a page while the list error stands and a list read is pending', async () => {
  const { controller, store } = makeStore()
  S.listStatus = 500
  await controller.fetch(feed).catch(() => {})
  S.listStatus = 200; S.listWait = 100
  const retry = controller.fetch(feed) // someone retries
  S.pageHits = 0
  const out = await controller.fetchIfStale(more, { cursor: 2 }).then((v) => ids(v), (e) => 'rejected: ' + e.message.slice(0, 30))
  await retry
  console.log('C: fetchIfStale(page) ->', out, 'pageHits', S.pageHits, 'pending?', controller.getResponse(feed, store.getState()).expiryStatus)
})

test('C2: same, without a list read pending: rejects', async () => {
  const { controller } = makeStore()
  S.listStatus = 500
  await controller.fetch(feed).catch(() => {})
  S.pageHits = 0
  const out = await controller.fetchIfStale(more, { cursor: 2 }).then((v) => ids(v), (e) => 'rejected: ' + e.message.slice(0, 30))
  console.log('C2: fetchIfStale(page) ->', out, 'pageHits', S.pageHits)
})

test('D: fetchIfStale(list) while the error stands and a page of it is in flight', async () => {
  const { controller } = makeStore()
  S.listStatus = 500
  await controller.fetch(feed).catch(() => {})
  S.pageWait = 100
  const page = controller.fetch(more, { cursor: 1 })
  S.listHits = 0
  const out = await controller.fetchIfStale(feed).then((v) => ids(v), (e) => 'rejected: ' + e.message.slice(0, 30))
  await page
  console.log('D: fetchIfStale(list) ->', out, 'listHits', S.listHits)
})

test('E: page1 slow, refresh, page2', async () => {
  const { controller, cache, store } = makeStore()
  await controller.fetch(feed)
  S.pageWait = 200
  const p1 = controller.fetch(more, { cursor: 1 })
  S.listWait = 20
  const r = controller.fetch(feed)
  S.pageWait = 0
  const p2 = controller.fetch(more, { cursor: 2 })
  await Promise.all([p1, r, p2])
  console.log('E: stored', ids(cache.select(feed)(store.getState())))
})

import { internalsOf } from '../../src/redux/createEntityCache'
test('F: reset between a list read and a page; pageTails emptied; failures and aborts', async () => {
  const { controller, cache, store } = makeStore()
  const tails = internalsOf(cache as any).runtimeOf(store).pageTails
  S.listWait = 80
  const r = controller.fetch(feed).then(ids, (e) => 'rej ' + e.name)
  const p = controller.fetch(more, { cursor: 1 }).then(ids, (e) => 'rej ' + e.name)
  controller.resetEntireStore()
  S.listWait = 0
  const r2 = controller.fetch(feed).then(ids)
  const t0 = Date.now()
  const p2 = controller.fetch(more, { cursor: 2 }).then(ids)
  const p2v = await p2
  console.log('F: p2', p2v, 'after', Date.now() - t0, 'ms; r2', await r2)
  console.log('F: old r', await r, 'old p', await p, 'stored', ids(cache.select(feed)(store.getState())))
  // failing, aborted
  S.listStatus = 500
  await controller.fetch(feed).catch(() => {})
  const ac = new AbortController()
  S.listStatus = 200; S.listWait = 50
  const ab = controller.fetchWithSignal(ac.signal, feed).catch(() => {})
  ac.abort()
  await ab
  for (let i = 0; i < 20; i++) await controller.fetch(feed)
  await delay(100)
  console.log('F: pageTails size', tails.size)
})

describe('G: page1 in flight, a list read that fails or is aborted, page2', () => {
  for (const how of ['fails', 'aborted', 'none'] as const) {
    test(how, async () => {
      const { controller, cache, store } = makeStore()
      await controller.fetch(feed)
      S.pageWait = 150
      const p1 = controller.fetch(more, { cursor: 1 })
      await delay(5)
      let r: Promise<unknown> = Promise.resolve()
      if (how === 'fails') { S.listStatus = 500; r = controller.fetch(feed).catch(() => {}) }
      if (how === 'aborted') {
        S.listWait = 50
        const ac = new AbortController()
        r = controller.fetchWithSignal(ac.signal, feed).catch(() => {})
        setTimeout(() => ac.abort(), 10)
      }
      await delay(5)
      S.pageWait = 0
      const p2 = controller.fetch(more, { cursor: 2 })
      await Promise.all([p1, r, p2])
      console.log('G', how, ids(cache.select(feed)(store.getState())))
    })
  }
})
