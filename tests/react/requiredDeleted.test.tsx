/**
 * A required member (an entity member whose default is truthy) deleted after the call's request:
 * the reader asks the server once more, as data-client's readers fetch an invalid entity. When
 * the answer still leaves it unusable, the boundary says so, without asking again.
 */
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Endpoint, Entity, RestEndpoint, schema } from 'rtk-resources'
import { useSuspense } from 'rtk-resources/react'
import { makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'
import { renderWithCache } from './render'

class Author extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static key = 'RequiredDeletedAuthor'
}
class Book extends Entity {
  id = ''
  title = ''
  author = Author.fromJS()
  pk() {
    return this.id
  }
  static key = 'RequiredDeletedBook'
  static schema = { author: Author }
}

let served = 0
/** Whether the server sends the author whole (else by id only). */
let authorWhole = true
serveHandlers(
  http.get('http://required.test/books/:id', ({ params }) => {
    served += 1
    const author = authorWhole ? { id: 'a', name: 'Ann' } : 'a'
    return HttpResponse.json({ id: params.id, title: `answer ${served}`, author })
  }),
)
const getBook = new RestEndpoint({
  urlPrefix: 'http://required.test',
  path: '/books/:id',
  schema: Book,
})
const deleteAuthor = new Endpoint(async () => ({ id: 'a' }), {
  schema: new schema.Delete(Author),
  sideEffect: true,
  name: 'deleteRequiredAuthor',
})

function Title() {
  const book = useSuspense(getBook, { id: '1' })
  return <p>{book.title}</p>
}

async function bookWithDeletedAuthor() {
  authorWhole = true
  served = 0
  const harness = makeStore()
  await harness.controller.fetch(getBook, { id: '1' })
  await harness.controller.fetch(deleteAuthor)
  return harness
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

test('the reader asks once more; the answer brings the author back', async () => {
  const harness = await bookWithDeletedAuthor()
  renderWithCache(<Title />, { harness })
  expect(await screen.findByText('answer 2')).toBeTruthy()
  expect(served).toBe(2)
})

test('an answer that still names the deleted author: the boundary says so, no more requests', async () => {
  const harness = await bookWithDeletedAuthor()
  authorWhole = false
  renderWithCache(<Title />, { harness })
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('cannot be shown'))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(served).toBe(2)
})
