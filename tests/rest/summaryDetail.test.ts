/** Recipe: a summary list and a detail view of one table (docs/guides/summary-detail.md). */
import { createResource, Entity, ExpiryStatus } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API } from '../fixtures/resources'
import { recordRequests } from '../mocks/requests'
import { useMockApi } from '../mocks/server'

const seen = recordRequests(useMockApi())
beforeEach(() => {
  seen.length = 0
})

class ArticleSummary extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static key = 'Article'
}
class Article extends ArticleSummary {
  body = ''
  static validate(processed: Record<string, unknown>) {
    return Object.prototype.hasOwnProperty.call(processed, 'body') ? undefined : 'missing body'
  }
}
const base = createResource({ urlPrefix: API, path: '/articles/:id', schema: Article })
const ArticleResource = { ...base, getList: base.getList.extend({ schema: [ArticleSummary] }) }

test('a summary in the table is incomplete for the detail: getResponse says Invalid, fetchIfStale fetches', async () => {
  const { store, cache, controller, check } = makeRestStore()
  const list = await controller.fetch(ArticleResource.getList)
  expect(list.map((a) => a.title)).toEqual(['Normalize everything', 'Selectors'])
  expect(list[0]).toBeInstanceOf(ArticleSummary)

  // One table for both classes.
  expect(Object.keys(store.getState().data.entities)).toEqual(['Article'])
  const before = controller.getResponse(ArticleResource.get, { id: 'a1' }, store.getState())
  expect(before.expiryStatus).toBe(ExpiryStatus.Invalid)

  seen.length = 0
  const article = await controller.fetchIfStale(ArticleResource.get, { id: 'a1' })
  expect(seen.map((r) => r.url)).toEqual([`${API}/articles/a1`])
  expect(article).toBeInstanceOf(Article)
  expect(article.body).toBe('Long text about tables.')

  const after = controller.getResponse(ArticleResource.get, { id: 'a1' }, store.getState())
  expect(after.expiryStatus).toBe(ExpiryStatus.Valid)
  expect(await controller.fetchIfStale(ArticleResource.get, { id: 'a1' })).toBe(article)
  expect(seen).toHaveLength(1)

  // The list still reads summaries; the other article is still only a summary.
  expect(cache.select(ArticleResource.getList)(store.getState())?.[0]?.title).toBe(
    'Normalize everything',
  )
  const other = controller.getResponse(ArticleResource.get, { id: 'a2' }, store.getState())
  expect(other.expiryStatus).toBe(ExpiryStatus.Invalid)
  check()
})

test('a detail fetched first serves the list members without changing them', async () => {
  const { store, cache, controller, check } = makeRestStore()
  await controller.fetch(ArticleResource.get, { id: 'a2' })
  const list = await controller.fetch(ArticleResource.getList)
  expect(list.map((a) => a.id)).toEqual(['a1', 'a2'])
  // The summary response merged into the record: the detail is still complete.
  const detail = cache.select(ArticleResource.get, { id: 'a2' })(store.getState())
  expect(detail?.body).toBe('Long text about memoization.')
  check()
})
