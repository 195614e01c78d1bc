/**
 * controller.getError reports a call's error as readers do (data-client's Controller.getError,
 * our useError): a soft error is not reported while the call has usable data.
 */
import { Endpoint, NetworkError, createResource } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { makeStore } from '../fixtures/store'
import { failingUser } from '../fixtures/failing'

test('a 5xx beside usable data is not reported; without data, or once invalidated, it is', async () => {
  const { store, cache, controller } = makeStore()
  const { endpoint, control } = failingUser()
  const getError = () => controller.getError(endpoint, { id: 1 }, store.getState())
  const recorded = () => cache.selectCall(endpoint, { id: 1 })(store.getState()).error

  // No data: reported.
  control.failWith = new NetworkError(503, 'Unavailable')
  await controller.fetch(endpoint, { id: 1 }).catch(() => undefined)
  expect((getError() as NetworkError).status).toBe(503)

  // Data, then a 5xx: recorded, not reported.
  control.failWith = undefined
  await controller.fetch(endpoint, { id: 1 })
  control.failWith = new NetworkError(500, 'Oops')
  await controller.fetch(endpoint, { id: 1 }).catch(() => undefined)
  expect((recorded() as NetworkError).status).toBe(500)
  expect(controller.getResponse(endpoint, { id: 1 }, store.getState()).data).toBeInstanceOf(User)
  expect(getError()).toBeUndefined()

  // Invalidated: the data is not usable any more, so the error is reported.
  controller.invalidate(endpoint, { id: 1 })
  expect(getError()).toBe(recorded())

  // A 4xx is hard: reported even beside usable data.
  control.failWith = undefined
  await controller.fetch(endpoint, { id: 1 })
  control.failWith = new NetworkError(404, 'Not Found')
  await controller.fetch(endpoint, { id: 1 }).catch(() => undefined)
  expect((getError() as NetworkError).status).toBe(404)
  expect(getError()).toBe(recorded())
})

test('stale data of an invalidIfStale endpoint is not usable: its soft error is reported', async () => {
  const { store, controller } = makeStore()
  // Long enough for a busy machine: the data is fresh until expireAll.
  const { endpoint, control } = failingUser({ invalidIfStale: true, errorExpiryLength: 60_000 })
  await controller.fetch(endpoint, { id: 1 })
  control.failWith = new NetworkError(503, 'Unavailable')
  await controller.fetch(endpoint, { id: 1 }).catch(() => undefined)
  expect(controller.getError(endpoint, { id: 1 }, store.getState())).toBeUndefined()
  controller.expireAll({ testKey: () => true })
  expect((controller.getError(endpoint, { id: 1 }, store.getState()) as NetworkError).status).toBe(
    503,
  )
})

test("errorPolicy decides: 'soft' hides a 4xx beside data, 'hard' reports a 5xx", async () => {
  const { store, controller } = makeStore()
  const soft = failingUser({ errorPolicy: () => 'soft' })
  await controller.fetch(soft.endpoint, { id: 1 })
  soft.control.failWith = new NetworkError(404, 'Not Found')
  await controller.fetch(soft.endpoint, { id: 1 }).catch(() => undefined)
  expect(controller.getError(soft.endpoint, { id: 1 }, store.getState())).toBeUndefined()
  expect(controller.getResponse(soft.endpoint, { id: 1 }, store.getState()).data).toBeDefined()

  const hard = failingUser({ errorPolicy: () => 'hard' })
  await controller.fetch(hard.endpoint, { id: 2 })
  hard.control.failWith = new NetworkError(503, 'Unavailable')
  await controller.fetch(hard.endpoint, { id: 2 }).catch(() => undefined)
  expect(
    (controller.getError(hard.endpoint, { id: 2 }, store.getState()) as NetworkError).status,
  ).toBe(503)
})

describe('the default policy, as data-client has it', () => {
  const UserResource = createResource({
    urlPrefix: 'http://policy.test',
    path: '/users/:id',
    schema: User,
  })

  it('setError after setResponse: getError reports it (an Error without a status is hard)', () => {
    const { store, controller } = makeStore()
    controller.setResponse(UserResource.get, { id: 1 }, { id: 1, name: 'Ada', posts: [] })
    const error = new Error('went wrong')
    controller.setError(UserResource.get, { id: 1 }, error)
    const reported = controller.getError(UserResource.get, { id: 1 }, store.getState())
    expect(reported?.message).toBe('went wrong')
    controller.setResponse(UserResource.getList, [{ id: 1, name: 'Ada', posts: [] }])
    controller.setError(UserResource.getList, new NetworkError(404, 'Not Found'))
    expect(controller.getError(UserResource.getList, store.getState())).toBeInstanceOf(NetworkError)
  })

  it("a RestEndpoint's 5xx and network failures are soft beside data; a plain Endpoint's are hard", () => {
    const { store, controller } = makeStore()
    controller.setResponse(UserResource.get, { id: 2 }, { id: 2, name: 'Bo', posts: [] })
    controller.setError(UserResource.get, { id: 2 }, new NetworkError(503, 'Unavailable'))
    expect(controller.getError(UserResource.get, { id: 2 }, store.getState())).toBeUndefined()
    controller.setError(UserResource.get, { id: 2 }, new NetworkError(0, 'offline'))
    expect(controller.getError(UserResource.get, { id: 2 }, store.getState())).toBeUndefined()

    const plain = new Endpoint(async () => ({ id: 3, name: 'Cy', posts: [] }), {
      schema: User,
      name: 'plain user',
    })
    controller.setResponse(plain, { id: 3, name: 'Cy', posts: [] })
    controller.setError(plain, new NetworkError(503, 'Unavailable'))
    expect(controller.getError(plain, store.getState())).toBeInstanceOf(NetworkError)
  })
})
