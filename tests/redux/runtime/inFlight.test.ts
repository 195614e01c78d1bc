/**
 * Requests in flight: a request whose last waiting caller aborted it is no longer joinable. A
 * caller that asks for the same thing afterwards (a plain fetch, or a retry with a fresh signal)
 * starts a new request instead of rejecting with an abort it never asked for
 * (docs/concepts/reliability.md, "Who may abort a shared request"). A plain function's request
 * cannot be aborted: it runs on, and a caller that asks meanwhile joins it.
 */
import { delay, http, HttpResponse } from 'msw'
import { Endpoint, Entity, RestEndpoint } from 'rtk-resources'
import { makeStore } from '../../fixtures/store'
import { serveHandlers } from '../../mocks/server'

class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
}

let sent = 0
serveHandlers(
  http.get('http://inflight.test/users/:id', async ({ params }) => {
    sent += 1
    await delay(100)
    return HttpResponse.json({ id: Number(params.id), name: `Ann ${sent}` })
  }),
)
beforeEach(() => {
  sent = 0
})

const getUser = new RestEndpoint({
  urlPrefix: 'http://inflight.test',
  path: '/users/:id',
  schema: User,
})

test('a fetch right after the only caller aborted starts a new request and gets the data', async () => {
  const { controller, store } = makeStore()
  const cancel = new AbortController()
  const first = controller.fetchWithSignal(cancel.signal, getUser, { id: 1 })
  await delay(20)
  cancel.abort()
  await expect(first).rejects.toMatchObject({ name: 'AbortError' })
  await expect(controller.fetch(getUser, { id: 1 })).resolves.toMatchObject({ id: 1 })
  expect(sent).toBe(2)
  expect(store.getState().data.meta[getUser.key({ id: 1 })]?.pendingSince).toBeUndefined()
})

test('cancel and retry with a fresh signal: the retry is not aborted', async () => {
  const { controller } = makeStore()
  const old = new AbortController()
  const first = controller.fetchWithSignal(old.signal, getUser, { id: 1 })
  await delay(20)
  old.abort()
  first.catch(() => undefined)
  const fresh = new AbortController()
  await expect(controller.fetchWithSignal(fresh.signal, getUser, { id: 1 })).resolves.toMatchObject(
    { id: 1 },
  )
})

test('the aborted request settling later leaves the new one joinable', async () => {
  const { controller } = makeStore()
  const cancel = new AbortController()
  const first = controller.fetchWithSignal(cancel.signal, getUser, { id: 1 })
  await delay(20)
  cancel.abort()
  first.catch(() => undefined)
  const second = controller.fetch(getUser, { id: 1 })
  // The aborted request is done (its fetch rejected) while the new one is still in flight.
  await delay(40)
  const third = controller.fetch(getUser, { id: 1 })
  await expect(Promise.all([second, third])).resolves.toHaveLength(2)
  expect(sent).toBe(2) // the third joined the second
})

test('a plain Endpoint whose only caller aborted is joined, not asked again, and its answer is stored', async () => {
  let calls = 0
  const getPlainUser = new Endpoint(
    async ({ id }: { id: number }) => {
      calls += 1
      await delay(60)
      return { id, name: `Plain ${calls}` }
    },
    { schema: User, name: 'plainUser' },
  )
  const { controller, store } = makeStore()
  const cancel = new AbortController()
  const first = controller.fetchWithSignal(cancel.signal, getPlainUser, { id: 7 })
  await delay(10)
  cancel.abort()
  await expect(first).rejects.toMatchObject({ name: 'AbortError' })
  const second = await controller.fetch(getPlainUser, { id: 7 })
  expect(second).toBeInstanceOf(User)
  expect(second).toMatchObject({ id: 7, name: 'Plain 1' })
  expect(calls).toBe(1)
  expect(store.getState().data.entities.User?.['7']).toEqual({ id: 7, name: 'Plain 1' })
})
