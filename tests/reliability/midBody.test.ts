/**
 * A response that stops half way through its body, on the wire (a real node:http server sends
 * the headers and part of the body, then waits or cuts the connection). Aborting while the body
 * streams is the caller's abort: the AbortError, nothing recorded. A connection really cut
 * mid-body is a network failure, status 0, recorded like no response at all.
 */
import { Entity, GQLEndpoint, GQLEntity, NetworkError, RestEndpoint } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import type { Loopback } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

const PARTIAL = '{"id": 1, "title": "half a tit'

let server: Loopback
beforeAll(async () => {
  server = await startLoopback((request) => ({
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Content-Length': '500' },
    body: PARTIAL,
    cut: request.url.includes('destroy') ? 'destroy' : 'hang',
  }))
})
afterAll(() => server.close())

const getTodo = () =>
  new RestEndpoint({ urlPrefix: server.origin, path: '/:mode/todos/:id', schema: Todo })

test('aborting while the body streams rejects with the AbortError and records nothing', async () => {
  const { store, controller, recorded, check } = makeRestStore()
  const endpoint = getTodo()
  controller.setResponse(endpoint, { mode: 'hang', id: 1 }, { id: 1, title: 'kept' })
  const entities = store.getState().data.entities
  const abort = new AbortController()
  const pending = controller.fetchWithSignal(abort.signal, endpoint, { mode: 'hang', id: 1 })
  // Abort once the headers and the first part of the body are in.
  await waitFor(() => server.requests.length === 1)
  await new Promise((resolve) => setTimeout(resolve, 30))
  abort.abort()
  const error = await pending.catch((e: unknown) => e)

  expect((error as Error).name).toBe('AbortError')
  expect(error).not.toBeInstanceOf(NetworkError)
  // The caller stops waiting at once; the request, aborted with it, ends when its body read does.
  const key = endpoint.key({ mode: 'hang', id: 1 })
  await waitFor(() => store.getState().data.meta[key]?.pendingSince === undefined)
  const state = store.getState().data
  expect(state.meta[key]?.error).toBeUndefined()
  expect(recorded.map((a) => a.type)).toEqual(['data/received', 'data/requested', 'data/settled'])
  expect(state.entities).toBe(entities)
  expect(controller.getError(endpoint, { mode: 'hang', id: 1 }, store.getState())).toBeUndefined()
  check()
})

test('a connection cut mid-body is a network failure of status 0, recorded', async () => {
  const { store, cache, controller, check } = makeRestStore()
  const endpoint = getTodo()
  controller.setResponse(endpoint, { mode: 'destroy', id: 1 }, { id: 1, title: 'kept' })
  const entities = store.getState().data.entities
  const error = await controller.fetch(endpoint, { mode: 'destroy', id: 1 }).catch((e) => e)

  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(0)
  expect((error as NetworkError).message).toMatch(/connection was cut while the body/)
  // The thrown error keeps what arrived: the response (headers) and the cause.
  expect((error as NetworkError).response?.status).toBe(200)
  expect((error as NetworkError).cause).toBeDefined()

  const recorded = cache.selectCall(endpoint, { mode: 'destroy', id: 1 })(store.getState()).error
  expect(recorded).toBeInstanceOf(NetworkError)
  expect((recorded as NetworkError).status).toBe(0)
  // A soft error beside the data kept: getError, like useError, does not report it.
  expect(controller.getError(endpoint, { mode: 'destroy', id: 1 }, store.getState())).toBe(
    undefined,
  )
  // Nothing of the partial body was written.
  expect(store.getState().data.entities).toBe(entities)
  check()
})

test('GraphQL: a body cut mid-way is a NetworkError of status 0 too', async () => {
  class Item extends GQLEntity {
    name = ''
    static key = 'Item'
  }
  const gql = new GQLEndpoint(`${server.origin}/destroy/graphql`)
  const query = gql.query('query { item { id name } }', { item: Item })
  const { controller, store, check } = makeRestStore()
  const error = await controller.fetch(query, {}).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(0)
  expect(controller.getError(query, {}, store.getState())).toBeInstanceOf(NetworkError)
  check()
})

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  expect(condition()).toBe(true)
}
