/**
 * `new NetworkError(response)`, as data-client's `fetchResponse` throws it (and code ported from
 * it does): the status, the message and the response come from the fetch Response.
 */
import { http, HttpResponse } from 'msw'
import { Entity, NetworkError, RestEndpoint } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { useMockApi } from '../mocks/server'

const server = useMockApi()

class Thing extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'ErrorFromResponseThing'
}

/** A fetchResponse written the data-client way: any non-2xx throws NetworkError(response). */
class PortedEndpoint extends RestEndpoint {
  async fetchResponse(input: string, init: RequestInit): Promise<Response> {
    const response = await fetch(input, init)
    if (!response.ok) throw new NetworkError(response)
    return response
  }
}

const getThing = new PortedEndpoint({
  urlPrefix: 'http://ported.test',
  path: '/things/:id',
  schema: Thing,
})

test('status, message and response come from the Response', async () => {
  server.use(
    http.get('http://ported.test/things/:id', () =>
      HttpResponse.json({ reason: 'gone' }, { status: 410, statusText: 'Gone' }),
    ),
  )
  const { store, cache, controller } = makeStore()
  const rejected = await controller.fetch(getThing, { id: 1 }).catch((error: unknown) => error)
  expect(rejected).toBeInstanceOf(NetworkError)
  const error = rejected as NetworkError
  expect(error.status).toBe(410)
  expect(error.message).toMatch(/^Gone\n/)
  expect(await error.response?.json()).toEqual({ reason: 'gone' })
  expectPlain(store.getState().data)
  const recorded = cache.selectCall(getThing, { id: 1 })(store.getState()).error as NetworkError
  expect(recorded.status).toBe(410)
})

test('the three-argument form is unchanged', () => {
  const error = new NetworkError(503, 'Unavailable', { body: { retry: true } })
  expect([error.status, error.body, error.response]).toEqual([503, { retry: true }, undefined])
  expect(error.message).toMatch(/^Unavailable\n/)
})
