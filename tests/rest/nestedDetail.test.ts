/** Recipe: detail data in a nested `meta` entity (docs/guides/nested-detail.md). */
import { createResource, Entity, ExpiryStatus, RestEndpoint } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API } from '../fixtures/resources'
import { db } from '../mocks/db'
import { useMockApi } from '../mocks/server'

useMockApi()

class BookMeta extends Entity {
  id = ''
  rating = 0
  reviews = 0
  pk() {
    return this.id
  }
  static key = 'BookMeta'
}
class BookSummary extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static key = 'Book'
}
class Book extends BookSummary {
  meta = BookMeta.fromJS()
  static schema = { meta: BookMeta }
  static validate(processed: Record<string, unknown>) {
    return Object.prototype.hasOwnProperty.call(processed, 'meta') ? undefined : 'missing meta'
  }
}
const base = createResource({ urlPrefix: API, path: '/books/:id', schema: Book })
const BookResource = {
  ...base,
  getList: base.getList.extend({ schema: [BookSummary] }),
  getMeta: new RestEndpoint({ urlPrefix: API, path: '/books/:id/meta', schema: BookMeta }),
}

test('the detail lives in its own entity: list, detail and meta read and refresh apart', async () => {
  const { store, cache, controller, check } = makeRestStore()
  const list = await controller.fetch(BookResource.getList)
  expect(list.map((b) => b.title)).toEqual(['Dune', 'Emma'])
  expect(
    controller.getResponse(BookResource.get, { id: 'b1' }, store.getState()).expiryStatus,
  ).toBe(ExpiryStatus.Invalid)

  const book = await controller.fetchIfStale(BookResource.get, { id: 'b1' })
  expect(book).toBeInstanceOf(Book)
  expect(book.meta).toBeInstanceOf(BookMeta)
  expect(book.meta.rating).toBe(4.5)
  // The book's record holds only a reference to its meta.
  const tables = JSON.stringify(store.getState().data.entities.Book)
  expect(tables).toContain('"meta":"b1"')

  // Refreshing the meta alone updates the detail, and the list keeps its reference.
  const selectList = cache.select(BookResource.getList)
  const selectBook = cache.select(BookResource.get, { id: 'b1' })
  const listBefore = selectList(store.getState())
  db.books[0]!.meta.rating = 4.9
  await controller.fetch(BookResource.getMeta, { id: 'b1' })
  expect(selectBook(store.getState())?.meta.rating).toBe(4.9)
  expect(selectBook(store.getState())?.title).toBe('Dune')
  expect(selectList(store.getState())).toBe(listBefore)
  check()
})
