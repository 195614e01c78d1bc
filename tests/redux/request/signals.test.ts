/**
 * A request carries both signals: the one in the endpoint's own settings (`requestInit.signal`,
 * or the `signal` option) and the one of the reader that waits for it (`fetchWithSignal`, a
 * hook). Either aborts it; an aborted request writes nothing.
 */
import { delay, http, HttpResponse } from 'msw'
import { GQLEndpoint, GQLEntity, RestEndpoint } from 'rtk-resources'
import { makeStore } from '../../fixtures/store'
import { server } from '../../mocks/server'

const ORIGIN = 'http://signals.test'
class User extends GQLEntity {
  name = ''
  static key = 'User'
}
const getUser = new GQLEndpoint(`${ORIGIN}/graphql`).query(
  'query GetUser($id: ID!) { user(id: $id) { id name } }',
  { user: User },
)
const getRestUser = new RestEndpoint({ urlPrefix: ORIGIN, path: '/users/:id', schema: User })

beforeEach(() => {
  server.use(
    http.post(`${ORIGIN}/graphql`, async () => {
      await delay(200)
      return HttpResponse.json({ data: { user: { id: '1', name: 'Ada' } } })
    }),
    http.get(`${ORIGIN}/users/:id`, async () => {
      await delay(200)
      return HttpResponse.json({ id: '1', name: 'Ada' })
    }),
  )
})

/** What a request ended as: 'resolved', or the name of its error. */
const outcome = (request: Promise<unknown>) =>
  request.then(
    () => 'resolved',
    (error: { name?: string }) => error.name,
  )

test('GQLEndpoint takes a signal option, as RestEndpoint does', async () => {
  const aborted = AbortSignal.abort()
  expect(await outcome(getUser.extend({ signal: aborted })({ id: '1' }))).toBe('AbortError')
  expect(await outcome(getUser({ id: '1' }))).toBe('resolved')
})

test.each([
  ['GraphQL', getUser, { id: '1' }],
  ['REST', getRestUser, { id: '1' }],
] as const)(
  '%s: the endpoint’s own requestInit.signal still aborts a request a reader waits for',
  async (_kind, endpoint, args) => {
    const { store, controller, expectSilentChecks } = makeStore()
    const own = new AbortController()
    const reader = new AbortController()
    // Either kind, typed as one (the two calls below are the same for both).
    const withOwn = (endpoint as unknown as typeof getRestUser).extend({
      requestInit: { signal: own.signal },
    })
    const before = store.getState().data.entities
    const pending = outcome(controller.fetchWithSignal(reader.signal, withOwn, args))
    setTimeout(() => own.abort(), 20)
    expect(await pending).toBe('AbortError')
    expect(store.getState().data.entities).toBe(before)
    expect(controller.getError(withOwn, args, store.getState())).toBeUndefined()
    expectSilentChecks()
  },
)

test('the reader’s signal still aborts when the endpoint has one of its own', async () => {
  const { controller } = makeStore()
  const own = new AbortController()
  const reader = new AbortController()
  const withOwn = getRestUser.extend({ requestInit: { signal: own.signal } })
  const pending = outcome(controller.fetchWithSignal(reader.signal, withOwn, { id: '1' }))
  setTimeout(() => reader.abort(), 20)
  expect(await pending).toBe('AbortError')
  expect(own.signal.aborted).toBe(false)
})

describe.each([
  [
    'requestInit: { signal }',
    (signal: AbortSignal): typeof getRestUser => getRestUser.extend({ requestInit: { signal } }),
  ],
  ['signal', (signal: AbortSignal): typeof getRestUser => getRestUser.extend({ signal })],
] as const)('an endpoint with %s is one caller of a shared request', (_how, withSignal) => {
  test('a caller without a signal that joined its request still gets the answer', async () => {
    // Before: the endpoint's signal went to fetch itself, so aborting it rejected the plain
    // caller that joined too (reliability.md: a caller without a signal is never aborted).
    const { store, controller, cache, expectSilentChecks } = makeStore()
    const own = new AbortController()
    const abortable = withSignal(own.signal)
    const first = outcome(controller.fetch(abortable, { id: '1' }))
    const plain = controller.fetch(getRestUser, { id: '1' })
    setTimeout(() => own.abort(), 20)
    expect(await first).toBe('AbortError')
    await expect(plain).resolves.toMatchObject({ name: 'Ada' })
    expect(cache.select(getRestUser, { id: '1' })(store.getState())?.name).toBe('Ada')
    expectSilentChecks()
  })

  test('joining a plain caller’s request, it stops waiting when its signal aborts', async () => {
    const { controller } = makeStore()
    const own = new AbortController()
    const plain = controller.fetch(getRestUser, { id: '1' })
    const joined = outcome(controller.fetch(withSignal(own.signal), { id: '1' }))
    setTimeout(() => own.abort(), 20)
    expect(await joined).toBe('AbortError')
    await expect(plain).resolves.toMatchObject({ name: 'Ada' })
  })

  test('alone, its signal still aborts the request: nothing is written', async () => {
    const { store, controller } = makeStore()
    const own = new AbortController()
    let sent = 0
    let answered = 0
    server.use(
      http.get(`${ORIGIN}/users/:id`, async ({ request }) => {
        sent += 1
        await delay(200)
        if (!request.signal.aborted) answered += 1
        return HttpResponse.json({ id: '1', name: 'Ada' })
      }),
    )
    const before = store.getState().data.entities
    const pending = outcome(controller.fetch(withSignal(own.signal), { id: '1' }))
    setTimeout(() => own.abort(), 20)
    expect(await pending).toBe('AbortError')
    expect(store.getState().data.entities).toBe(before)
    expect(sent).toBe(1)
    await delay(250)
    expect(answered).toBe(0)
  })
})
