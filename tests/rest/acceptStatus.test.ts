/**
 * The recipe of docs/api/RestEndpoint.md#fetchresponseinput-init: an endpoint that reads a 404 as
 * "none yet" lets it through in `fetchResponse` and reads it in `parseResponse`; every other
 * status outside 200–299 still rejects with its NetworkError.
 */
import { http, HttpResponse } from 'msw'
import { Entity, NetworkError, RestEndpoint } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

class Draft extends Entity {
  id = 0
  text = ''
  pk() {
    return this.id
  }
  static key = 'Draft'
}

serveHandlers(
  http.get('http://drafts.test/drafts/:id', ({ params }) => {
    if (params.id === '1') return HttpResponse.json({ id: 1, text: 'hello' })
    if (params.id === '2') return HttpResponse.json({ message: 'no draft' }, { status: 404 })
    return HttpResponse.json({ message: 'down' }, { status: 503 })
  }),
)

const getDraft = new RestEndpoint({
  urlPrefix: 'http://drafts.test',
  path: '/drafts/:id',
  schema: Draft,
  async fetchResponse(input, init) {
    try {
      return await RestEndpoint.prototype.fetchResponse.call(this, input, init)
    } catch (error) {
      if (error instanceof NetworkError && error.status === 404 && error.response) {
        return error.response
      }
      throw error
    }
  },
  parseResponse(response) {
    if (response.status === 404) return Promise.resolve(null)
    return RestEndpoint.prototype.parseResponse.call(this, response)
  },
})

test('a status let through by fetchResponse and read by parseResponse is an answer', async () => {
  expect(await getDraft({ id: 2 })).toBeNull()
  const { store, controller, cache } = makeStore()
  expect(await controller.fetch(getDraft, { id: 2 })).toBeNull()
  expect(controller.getError(getDraft, { id: 2 }, store.getState())).toBeUndefined()
  await controller.fetch(getDraft, { id: 1 })
  expect(cache.select(getDraft, { id: 1 })(store.getState())).toMatchObject({ text: 'hello' })
})

test('other error statuses still reject with their NetworkError', async () => {
  await expect(getDraft({ id: 3 })).rejects.toMatchObject({ name: 'NetworkError', status: 503 })
})

test('without the parseResponse override, a 404 let through still rejects (the default reads 2xx only)', async () => {
  const lenientFetchOnly = getDraft.extend({
    parseResponse: RestEndpoint.prototype.parseResponse,
  })
  await expect(lenientFetchOnly({ id: 2 })).rejects.toMatchObject({ status: 404 })
})
