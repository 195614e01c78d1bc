/**
 * Failed and empty responses through the store: each rejects (or resolves to null) without
 * touching the data already stored, and the state stays plain.
 */
import { http, HttpResponse } from 'msw'
import { NetworkError } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo, TodoResource } from '../fixtures/resources'
import { useMockApi } from '../mocks/server'

const server = useMockApi()
const answer = (resolver: () => Response) => server.use(http.get(`${API}/todos/:id`, resolver))

/** A store holding todo 1, and what to check after the failing fetch. */
async function withTodo() {
  const made = makeRestStore()
  await made.controller.fetch(TodoResource.getList)
  await made.controller.fetch(TodoResource.get, { id: 1 })
  const entitiesBefore = made.store.getState().data.entities
  const select = made.cache.select(TodoResource.get, { id: 1 })
  const before = select(made.store.getState())
  const expectIntact = () => {
    const state = made.store.getState()
    expect(state.data.entities).toBe(entitiesBefore)
    expect(select(state)).toBe(before)
    expect(made.cache.select(TodoResource.getList)(state)).toHaveLength(3)
    made.check()
  }
  return { ...made, expectIntact }
}

async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(NetworkError)
  return error as NetworkError
}

test('a JSON error body: NetworkError with status, response and the server message', async () => {
  const { store, controller, recorded, expectIntact } = await withTodo()
  answer(() => HttpResponse.json({ message: 'Title is required', field: 'title' }, { status: 422 }))
  const error = await failure(controller.fetch(TodoResource.get, { id: 1 }))
  expect(error.status).toBe(422)
  expect(error.response).toBeInstanceOf(Response)
  expect(error.message).toContain('Title is required')
  // Unread, as in data-client: a form reads the validation errors from it.
  expect(error.response?.bodyUsed).toBe(false)
  expect(await error.response?.json()).toEqual({ message: 'Title is required', field: 'title' })

  // The slice keeps the plain members; the Response stays out of it.
  const failed = recorded[recorded.length - 1]
  expect(failed?.type).toBe('data/failed')
  const stored = (failed?.payload as { error: Record<string, unknown> }).error
  expect(stored).toMatchObject({ name: 'NetworkError', status: 422, code: 'network' })
  expect(stored.body).toEqual({ message: 'Title is required', field: 'title' })
  expect(stored).not.toHaveProperty('response')
  const read = controller.getError(TodoResource.get, { id: 1 }, store.getState())
  expect(read).toBeInstanceOf(NetworkError)
  expect((read as NetworkError).status).toBe(422)
  expectIntact()
})

test('an HTML 502 page: the message says so, with its first 300 characters', async () => {
  const { controller, expectIntact } = await withTodo()
  const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>${'.'.repeat(400)}</body></html>`
  answer(
    () =>
      new HttpResponse(page, {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      }),
  )
  const error = await failure(controller.fetch(TodoResource.get, { id: 1 }))
  expect(error.status).toBe(502)
  expect(error.message).toContain('HTML page')
  expect(error.message).toContain(page.slice(0, 300))
  expect(error.message).not.toContain(page.slice(0, 301))
  expectIntact()
})

test('JSON that does not parse: status 400', async () => {
  const { controller, expectIntact } = await withTodo()
  answer(
    () =>
      new HttpResponse('{"id": 1, "title": ', { headers: { 'Content-Type': 'application/json' } }),
  )
  const error = await failure(controller.fetch(TodoResource.get, { id: 1 }))
  expect(error.status).toBe(400)
  expect(error.message).toContain('not valid JSON')
  // Its response is an unread copy of what arrived (status 200, the text as it was).
  expect(error.response?.status).toBe(200)
  expect(error.response?.url).toBe(`${API}/todos/1`)
  expect(await error.response?.text()).toBe('{"id": 1, "title": ')
  expectIntact()
})

test('a network failure: status 0 with the cause', async () => {
  const { controller, expectIntact } = await withTodo()
  answer(() => HttpResponse.error())
  const error = await failure(controller.fetch(TodoResource.get, { id: 1 }))
  expect(error.status).toBe(0)
  expect(error.cause).toBeInstanceOf(Error)
  expectIntact()
})

test('204 and an empty body resolve to null and write no entity', async () => {
  for (const empty of [
    () => new HttpResponse(null, { status: 204 }),
    () => new HttpResponse('', { status: 200 }),
  ]) {
    server.resetHandlers()
    const { store, controller, check } = await withTodo()
    answer(empty)
    expect(await TodoResource.get({ id: 1 })).toBeNull()
    expect(await controller.fetch(TodoResource.get, { id: 2 })).toBeNull()
    expect(store.getState().data.results[`GET ${API}/todos/2`]).toBeNull()
    // Todo 1 is still there, read through its own key.
    expect(
      controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data,
    ).toBeInstanceOf(Todo)
    check()
  }
})

test('a mutation that fails changes nothing', async () => {
  const { controller, expectIntact } = await withTodo()
  server.use(
    http.patch(`${API}/todos/:id`, () =>
      HttpResponse.json({ error: 'Todo is locked' }, { status: 409 }),
    ),
  )
  const error = await failure(
    controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'x' }),
  )
  expect(error.status).toBe(409)
  expect(error.message).toContain('Todo is locked')
  expectIntact()
})
