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
