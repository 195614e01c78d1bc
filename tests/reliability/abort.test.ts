import { delay, http, HttpResponse } from 'msw'
import { Entity, RestEndpoint } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

serveHandlers(
  http.get('http://abort.test/todos/:id', async ({ params }) => {
    await delay(200)
    return HttpResponse.json({ id: Number(params.id), title: 'late' })
  }),
)

const getTodo = new RestEndpoint({
  urlPrefix: 'http://abort.test',
  path: '/todos/:id',
  schema: Todo,
})

test('an aborted request rejects with the abort, writes nothing and records no error', async () => {
  const { store, controller, recorded } = makeStore()
  controller.setResponse(getTodo, { id: 1 }, { id: 1, title: 'kept' })
  const abort = new AbortController()
  const pending = controller.fetch(getTodo.extend({ requestInit: { signal: abort.signal } }), {
    id: 1,
  })
  setTimeout(() => abort.abort(), 20)
  const error = await pending.catch((e: unknown) => e)
  expect((error as Error).name).toBe('AbortError')
  const state = store.getState().data
  const meta = state.meta[getTodo.key({ id: 1 })]
  expect(meta?.error).toBeUndefined()
  expect(meta?.pendingSince).toBeUndefined()
  expect(recorded.map((a) => a.type)).toEqual(['data/received', 'data/requested', 'data/settled'])
  expect(JSON.stringify(state.entities)).toContain('kept')
  expectPlain(store.getState())
})

test('a reader whose signal stops the request rejects once the request is closed', async () => {
  // Before: fetchWithSignal rejected at once, while the state still showed the request in
  // flight (pendingSince) until the fetch itself ended.
  const { store, controller, recorded } = makeStore()
  const abort = new AbortController()
  const pending = controller.fetchWithSignal(abort.signal, getTodo, { id: 2 })
  setTimeout(() => abort.abort(), 20)
  const error = await pending.catch((e: unknown) => e)
  expect((error as Error).name).toBe('AbortError')
  expect(store.getState().data.meta[getTodo.key({ id: 2 })]?.pendingSince).toBeUndefined()
  expect(recorded.map((a) => a.type)).toEqual(['data/requested', 'data/settled'])
})

test('a reader whose signal aborts while another waits stops waiting at once', async () => {
  const { store, controller } = makeStore()
  const abort = new AbortController()
  const plain = controller.fetch(getTodo, { id: 3 })
  const reader = controller.fetchWithSignal(abort.signal, getTodo, { id: 3 })
  setTimeout(() => abort.abort(), 20)
  expect(((await reader.catch((e: unknown) => e)) as Error).name).toBe('AbortError')
  // The request runs on for the plain caller.
  expect(store.getState().data.meta[getTodo.key({ id: 3 })]?.pendingSince).toBeDefined()
  await expect(plain).resolves.toMatchObject({ title: 'late' })
})
