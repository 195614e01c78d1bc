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
