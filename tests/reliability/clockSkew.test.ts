/**
 * Stamps stay ordered across a hydrated state. A page is rendered on a server whose clock is
 * 60 s ahead; its state is sent as JSON and preloaded in the browser. What the browser does next
 * (a PATCH, a DELETE, a refetch after an invalidation, fetches after the server's reset) must
 * not lose to the server's stamps, which the browser's clock would put in the future. Requests
 * go to a real node:http server.
 */
import type { Middleware } from '@reduxjs/toolkit'
import { configureStore } from '@reduxjs/toolkit'
import { Entity, ExpiryStatus, createEntityCache, createResource } from 'rtk-resources'
import { complaints, expectPlain } from '../fixtures/store'
import type { Loopback, WireRequest } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'

class Todo extends Entity {
  id = 0
  title = ''
  completed = false
  pk() {
    return this.id
  }
  static key = 'Todo'
}

const SKEW = 60_000
let rows: Array<{ id: number; title: string; completed: boolean }> = []

function respond(request: WireRequest) {
  const json = (body: unknown) => ({
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const id = Number(/\/todos\/(\d+)/.exec(request.url)?.[1])
  if (request.method === 'GET') return json(Number.isNaN(id) ? rows : rows.find((r) => r.id === id))
  if (request.method === 'DELETE') {
    rows = rows.filter((row) => row.id !== id)
    return { status: 204 }
  }
  rows = rows.map((row) => (row.id === id ? { ...row, ...JSON.parse(request.body) } : row))
  return json(rows.find((row) => row.id === id))
}

let server: Loopback
beforeAll(async () => {
  server = await startLoopback(respond)
})
afterAll(() => server.close())
beforeEach(() => {
  rows = [
    { id: 1, title: 'one', completed: false },
    { id: 2, title: 'two', completed: false },
    { id: 3, title: 'three', completed: false },
  ]
})

const todos = () => createResource({ urlPrefix: server.origin, path: '/todos/:id', schema: Todo })

/** A store with the cache at `data`, dev checks on; `recorded` gets every action. */
function buildStore(preloaded?: unknown, recorded: unknown[] = []) {
  const cache = createEntityCache({ reducerPath: 'data' })
  const recorder: Middleware = () => (next) => (action) => {
    recorded.push(action)
    return next(action)
  }
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware, recorder),
    ...(preloaded ? { preloadedState: { data: preloaded as never } } : {}),
  })
  return { cache, store, controller: cache.controller(store) }
}

/** Runs `render` with a clock `SKEW` ms ahead (the server), returns its state as JSON. */
async function renderOnServer(
  render: (server: ReturnType<typeof buildStore>) => Promise<unknown> | void,
  recorded: unknown[] = [],
): Promise<unknown> {
  const realNow = Date.now.bind(Date)
  const ahead = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + SKEW)
  try {
    const made = buildStore(undefined, recorded)
    await render(made)
    return JSON.parse(JSON.stringify(made.store.getState().data))
  } finally {
    ahead.mockRestore()
  }
}

/** Every stamp in a JSON state that orders requests. */
function stampsOf(state: unknown): number[] {
  const found: number[] = []
  JSON.stringify(state, (key, value: unknown) => {
    if (['fetchedAt', 'confirmedAt', 'invalidatedAt', 'resetAt'].includes(key)) {
      if (typeof value === 'number' && value > 0) found.push(value)
    }
    return value
  })
  return found
}

test('a PATCH and a DELETE made after hydrating a state from a clock 60 s ahead are shown', async () => {
  const resource = todos()
  const hydrated = await renderOnServer(({ controller }) => controller.fetch(resource.getList))
  expect(Math.min(...stampsOf(hydrated))).toBeGreaterThan(Date.now() + SKEW / 2)
  const warn = jest.spyOn(console, 'warn')
  const { store, cache, controller } = buildStore(hydrated)

  await controller.fetch(resource.partialUpdate, { id: 1 }, { completed: true })
  await controller.fetch(resource.delete, { id: 2 })

  const state = store.getState()
  expect(cache.select(resource.get, { id: 1 })(state)?.completed).toBe(true)
  expect(cache.select(resource.get, { id: 2 })(state)).toBeUndefined()
  expect(
    cache
      .select(resource.getList)(state)
      ?.map((t) => [t.id, t.completed]),
  ).toEqual([
    [1, true],
    [3, false],
  ])
  // What the browser wrote is stamped after everything it was given.
  const newest = Math.max(...stampsOf(hydrated))
  const meta = state.data.entitiesMeta.Todo
  expect(meta?.['1']?.fetchedAt).toBeGreaterThan(newest)
  expect(meta?.['2']?.fetchedAt).toBeGreaterThan(newest)
  expectPlain(state)
  expect(complaints(warn)).toEqual([])
})

test("after the server's reset, the browser's responses are stored, not dropped", async () => {
  const resource = todos()
  const hydrated = await renderOnServer(async ({ controller }) => {
    await controller.fetch(resource.get, { id: 3 })
    controller.resetEntireStore()
  })
  expect((hydrated as { resetAt: number }).resetAt).toBeGreaterThan(Date.now() + SKEW / 2)
  const { store, cache, controller } = buildStore(hydrated)

  const list = await controller.fetch(resource.getList)
  expect(list.map((t) => t.id)).toEqual([1, 2, 3])
  expect(
    cache
      .select(resource.getList)(store.getState())
      ?.map((t) => t.id),
  ).toEqual([1, 2, 3])
  expect(cache.select(resource.get, { id: 1 })(store.getState())?.title).toBe('one')
})

test('a refetch after invalidating a hydrated list replaces it', async () => {
  const resource = todos()
  const hydrated = await renderOnServer(({ controller }) => controller.fetch(resource.getList))
  const { store, cache, controller } = buildStore(hydrated)
  rows = [...rows, { id: 4, title: 'four', completed: false }]

  controller.invalidate(resource.getList)
  expect(controller.getResponse(resource.getList, store.getState()).expiryStatus).toBe(
    ExpiryStatus.Invalid,
  )
  await controller.fetch(resource.getList)

  expect(
    cache
      .select(resource.getList)(store.getState())
      ?.map((t) => t.id),
  ).toEqual([1, 2, 3, 4])
  expect(controller.getResponse(resource.getList, store.getState()).expiryStatus).toBe(
    ExpiryStatus.Valid,
  )
})

test('a replayed action stamped 60 s ahead, into a table split in buckets, is ordered too', async () => {
  const resource = todos()
  rows = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, title: `t${i}`, completed: false }))
  const { store, cache, controller } = buildStore()
  await controller.fetch(resource.getList)
  expect(store.getState().data.layout.splitTables).toEqual(['Todo'])

  // An action recorded on the server (DevTools import, an SSR action log) lands in one bucket.
  const recorded: Array<{ type: string }> = []
  await renderOnServer(({ controller: serverController }) => {
    serverController.setResponse(resource.get, { id: 1500 }, { id: 1500, title: 'server' })
  }, recorded)
  expect(recorded.map((action) => action.type)).toEqual(['data/received'])
  store.dispatch(recorded[0] as never)
  expect(cache.select(resource.get, { id: 1500 })(store.getState())?.title).toBe('server')

  await controller.fetch(resource.partialUpdate, { id: 1500 }, { completed: true })
  expect(cache.select(resource.get, { id: 1500 })(store.getState())?.completed).toBe(true)
})
