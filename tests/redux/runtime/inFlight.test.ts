/**
 * Requests in flight: a request whose last waiting caller aborted it is no longer joinable. A
 * caller that asks for the same thing afterwards (a plain fetch, or a retry with a fresh signal)
 * starts a new request instead of rejecting with an abort it never asked for
 * (docs/concepts/reliability.md, "Who may abort a shared request").
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

test('a plain Endpoint whose only caller aborted is not joined: a hung function holds up nobody', async () => {
  // The function never sees the signal, so it may never settle; the next caller starts anew.
  const answers: Array<(value: { id: number; name: string }) => void> = []
  const getPlainUser = new Endpoint(
    ({ id }: { id: number }) =>
      new Promise<{ id: number; name: string }>((resolve) =>
        answers.push((value) => resolve({ ...value, id })),
      ),
    { schema: User, name: 'plainUser' },
  )
  const { controller } = makeStore()
  const cancel = new AbortController()
  const first = controller.fetchWithSignal(cancel.signal, getPlainUser, { id: 7 })
  await delay(5)
  cancel.abort()
  await expect(first).rejects.toMatchObject({ name: 'AbortError' })
  const second = controller.fetch(getPlainUser, { id: 7 })
  await delay(5)
  expect(answers).toHaveLength(2)
  answers[1]?.({ id: 7, name: 'second' })
  await expect(second).resolves.toMatchObject({ id: 7, name: 'second' })
})
