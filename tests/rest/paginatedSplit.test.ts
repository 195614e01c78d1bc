/**
 * getList.paginated across the split layout, with ids sent as numbers on one page and as strings
 * on the next (the same pk): appended, deduplicated by pk, order kept, newest data.
 */
import { http, HttpResponse } from 'msw'
import { createResource } from 'rtk-resources'
import { server } from '../mocks/server'
import { Story } from '../fixtures/resources'
import { makeStore } from '../fixtures/store'

const News = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/news/:id',
  schema: Story,
})
const getNews = News.getList.extend({
  searchParams: {} as { cursor?: string },
  schema: { results: [Story], nextPage: '' as string | null },
})
const getNextPage = getNews.paginated('cursor')

test('pages of 700 with overlapping ids in both forms cross into the split layout', async () => {
  const page = (cursor: string | null) => {
    const n = Number(cursor ?? 0)
    // page n: ids 500n .. 500n+699; even pages send numbers, odd pages strings.
    return Array.from({ length: 700 }, (_, i) => {
      const id = 500 * n + i
      return { id: n % 2 ? String(id) : id, title: `p${n}` }
    })
  }
  server.use(
    http.get('https://api.example.com/news', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor')
      const n = Number(cursor ?? 0)
      return HttpResponse.json({ results: page(cursor), nextPage: n < 4 ? String(n + 1) : null })
    }),
  )
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  let feed = await controller.fetch(getNews)
  for (let n = 1; n <= 4; n++) {
    feed = await controller.fetch(getNextPage, { cursor: String(n) })
    const ids = feed.results.map((s) => String(s.id))
    const want = Array.from({ length: 500 * n + 700 }, (_, i) => String(i))
    expect(ids).toEqual(want)
    // newest data: the overlap (ids of page n that page n-1 also had) reads as page n.
    expect(feed.results[500 * n]!.title).toBe(`p${n}`)
    expect(feed.results[500 * n - 1]!.title).toBe(`p${n - 1}`)
    expect(feed.nextPage).toBe(n < 4 ? String(n + 1) : null)
  }
  expect(cache.select(getNews)(store.getState())).toBe(feed)
  expect(Object.keys(cache.selectTable('Story')(store.getState()))).toHaveLength(2700)
  expect(
    (store.getState().data.layout as unknown as { splitTables: string[] }).splitTables,
  ).toContain('Story')
  expect(replay().data).toEqual(store.getState().data)
  expectSilentChecks()
})
