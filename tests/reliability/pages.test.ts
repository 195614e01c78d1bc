import { delay, http, HttpResponse } from 'msw'
import { Entity, RestEndpoint } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

class Item extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'Item'
}

/** `/feed`: the list's own read (no cursor) answers after `listWait` ms with `top` first. */
const feed = { listWait: 0, top: [] as number[], listFails: false, slowPage: 0 }
const FEED = 'http://feed.test'
const BASE = 'http://pages.test'
/** Page n holds ids n*10+1..n*10+3; `wait` delays the answer (ms). */
serveHandlers(
  http.get(`${BASE}/items`, async ({ request }) => {
    const url = new URL(request.url)
    const page = Number(url.searchParams.get('cursor') ?? 0)
    await delay(Number(url.searchParams.get('wait') ?? 0))
    const results = [1, 2, 3].map((i) => ({ id: page * 10 + i }))
    return HttpResponse.json({ results, next: page + 1 })
  }),
  http.get(`${FEED}/feed`, async ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    if (cursor === null) {
      await delay(feed.listWait)
      if (feed.listFails) return HttpResponse.json({ message: 'down' }, { status: 500 })
      return HttpResponse.json({ results: [...feed.top, 1, 2, 3].map((id) => ({ id })), next: 1 })
    }
    const page = Number(cursor)
    if (page === feed.slowPage) await delay(150)
    return HttpResponse.json({
      results: [1, 2, 3].map((i) => ({ id: page * 10 + i })),
      next: page + 1,
    })
  }),
)

const list = new RestEndpoint({
  urlPrefix: BASE,
  path: '/items',
  schema: { results: [Item], next: 0 },
  searchParams: {} as { filter?: string; cursor?: number; wait?: number },
})
const more = list.paginated(
  ({ cursor: _c, wait: _w, ...rest }: { filter?: string; cursor?: number; wait?: number }) => [
    rest,
  ],
)

test('pages answered out of order stay in page order, without duplicates', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(list, { filter: 'a' })
  const slow = controller.fetch(more, { filter: 'a', cursor: 1, wait: 80 })
  const fast = controller.fetch(more, { filter: 'a', cursor: 2, wait: 0 })
  const again = controller.fetch(more, { filter: 'a', cursor: 2, wait: 5 })
  await Promise.all([slow, fast, again])
  const ids = cache
    .select(list, { filter: 'a' })(store.getState())
    ?.results.map((i) => i.id)
  expect(ids).toEqual([1, 2, 3, 11, 12, 13, 21, 22, 23])
  expect(cache.select(list, { filter: 'a' })(store.getState())?.next).toBe(3)
  expectPlain(store.getState())
})

test('a late page from an old filter does not touch the new list, nor a newer refetch', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(list, { filter: 'a' })
  await controller.fetch(list, { filter: 'b' })
  const late = controller.fetch(more, { filter: 'a', cursor: 1, wait: 60 })
  // Meanwhile list "a" is fetched afresh (started after the page): the late page loses.
  await controller.fetch(list, { filter: 'a' })
  const fresh = cache.select(list, { filter: 'a' })(store.getState())
  expect(fresh?.results.map((i) => i.id)).toEqual([1, 2, 3])
  await late
  expect(
    cache
      .select(list, { filter: 'b' })(store.getState())
      ?.results.map((i) => i.id),
  ).toEqual([1, 2, 3])
  expect(cache.select(list, { filter: 'a' })(store.getState())).toBe(fresh)
})

const feedList = new RestEndpoint({
  urlPrefix: FEED,
  path: '/feed',
  schema: { results: [Item], next: 0 },
  searchParams: {} as { cursor?: number },
})
const feedMore = feedList.paginated('cursor')

describe("a page started while the list's own read is in flight, answering first", () => {
  beforeEach(() => {
    feed.listWait = 60
    feed.top = []
    feed.listFails = false
    feed.slowPage = 0
  })

  test('the first read: the page is appended to what the read brought', async () => {
    const { store, cache, controller, replay } = makeStore()
    const first = controller.fetch(feedList)
    const page = controller.fetch(feedMore, { cursor: 1 })
    const [read, grown] = await Promise.all([first, page])
    const stored = cache.select(feedList)(store.getState())
    expect(stored?.results.map((i) => i.id)).toEqual([1, 2, 3, 11, 12, 13])
    expect(stored?.next).toBe(2)
    // Each call resolves to the list as its own write left it.
    expect(read.results.map((i) => i.id)).toEqual([1, 2, 3])
    expect(grown.results.map((i) => i.id)).toEqual([1, 2, 3, 11, 12, 13])
    expectPlain(store.getState())
    expect(replay().data).toEqual(store.getState().data)
  })

  test('a pull to refresh: what it brought is kept, the page appended', async () => {
    feed.listWait = 0
    const { store, cache, controller } = makeStore()
    await controller.fetch(feedList)
    feed.listWait = 60
    feed.top = [0]
    const refresh = controller.fetch(feedList)
    const page = controller.fetch(feedMore, { cursor: 2 })
    await Promise.all([refresh, page])
    const ids = cache
      .select(feedList)(store.getState())
      ?.results.map((i) => i.id)
    expect(ids).toEqual([0, 1, 2, 3, 21, 22, 23])
  })

  test('a read of the list that fails between two pages: both pages are kept, in order', async () => {
    feed.listWait = 0
    const { store, cache, controller } = makeStore()
    await controller.fetch(feedList)
    feed.slowPage = 1
    const first = controller.fetch(feedMore, { cursor: 1 })
    feed.listFails = true
    const failing = controller.fetch(feedList).catch((error: unknown) => error)
    // The read has failed before the second page starts; the first page is still in flight.
    await failing
    const second = controller.fetch(feedMore, { cursor: 2 })
    await Promise.all([first, failing, second])
    const ids = cache
      .select(feedList)(store.getState())
      ?.results.map((i) => i.id)
    expect(ids).toEqual([1, 2, 3, 11, 12, 13, 21, 22, 23])
  })

  test("while the list's error stands, fetchIfStale of a page does not join the list's own retry", async () => {
    feed.listWait = 0
    feed.listFails = true
    const { controller } = makeStore()
    await expect(controller.fetch(feedList)).rejects.toThrow()
    // Someone retries the list; the page is another request, which the error still holds back.
    feed.listWait = 60
    const retry = controller.fetch(feedList).catch((error: unknown) => error)
    await expect(controller.fetchIfStale(feedMore, { cursor: 2 })).rejects.toThrow(/down/)
    await retry
  })
})
