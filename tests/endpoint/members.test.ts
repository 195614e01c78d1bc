/** Members data-client users call: testKey, NetworkError#toJSON, endpoints as real functions. */
import { http, HttpResponse } from 'msw'
import {
  Endpoint,
  ExpiryStatus,
  GQLEndpoint,
  NetworkError,
  RestEndpoint,
  createResource,
} from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo, TodoResource } from '../fixtures/resources'
import { useMockApi } from '../mocks/server'

const server = useMockApi()

describe('testKey', () => {
  it('Endpoint: the keys its default key() makes, for any args', () => {
    const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id }), { name: 'getUser' })
    const getUsers = new Endpoint(async () => [], { name: 'getUsers' })
    expect(getUser.testKey(getUser.key({ id: 1 }))).toBe(true)
    expect(getUser.testKey(getUser.key({ id: 2 }))).toBe(true)
    expect(getUser.testKey(getUsers.key())).toBe(false)
  })

  it('RestEndpoint: its method and a URL its path matches, with any query string', () => {
    const { get, getList, update } = TodoResource
    expect(get.testKey(get.key({ id: 1 }))).toBe(true)
    expect(get.testKey(`GET ${API}/todos/abc%20d?x=1`)).toBe(true)
    expect(get.testKey(getList.key())).toBe(false)
    expect(getList.testKey(getList.key({ completed: true }))).toBe(true)
    expect(getList.testKey(get.key({ id: 1 }))).toBe(false)
    expect(update.testKey(get.key({ id: 1 }))).toBe(false) // another method
    const nested = createResource({
      urlPrefix: API,
      path: '/users/:userId/todos/:id',
      schema: Todo,
    })
    expect(nested.getList.testKey(nested.getList.key({ userId: 5 }))).toBe(true)
    expect(nested.getList.testKey(getList.key())).toBe(false)
  })

  it('GQLEndpoint: keys of its operation, for any variables', () => {
    const gql = new GQLEndpoint(`${API}/graphql`)
    const user = gql.query('query User($id: ID!) { user(id: $id) { id } }', {})
    const other = gql.query('query Other { other { id } }', {})
    expect(user.testKey(user.key({ id: 1 }))).toBe(true)
    expect(user.testKey(other.key())).toBe(false)
    expect(gql.testKey(user.key({ id: 1 }))).toBe(false)
  })

  it('works detached: controller.invalidateAll(endpoint) and expireAll(endpoint)', async () => {
    const { store, controller, check } = makeRestStore()
    await controller.fetch(TodoResource.get, { id: 1 })
    await controller.fetch(TodoResource.get, { id: 2 })
    await controller.fetch(TodoResource.getList)
    const { testKey } = TodoResource.get
    expect(testKey(TodoResource.get.key({ id: 3 }))).toBe(true)
    controller.invalidateAll(TodoResource.get)
    const state = store.getState()
    expect(controller.getResponse(TodoResource.get, { id: 1 }, state).expiryStatus).toBe(
      ExpiryStatus.Invalid,
    )
    expect(controller.getResponse(TodoResource.get, { id: 2 }, state).expiryStatus).toBe(
      ExpiryStatus.Invalid,
    )
    expect(controller.getResponse(TodoResource.getList, {}, state).expiryStatus).toBe(
      ExpiryStatus.Valid,
    )
    controller.expireAll(TodoResource.getList)
    expect(controller.getResponse(TodoResource.getList, {}, store.getState()).expiresAt).toBe(0)
    check()
  })

  it('a subclass override is used, detached too', () => {
    class Versioned extends RestEndpoint {
      testKey(key: string) {
        return key.includes('/v2/')
      }
    }
    const endpoint = new Versioned({ urlPrefix: API, path: '/v2/todos' })
    const { testKey } = endpoint
    expect(testKey(`GET ${API}/v2/x`)).toBe(true)
    expect(testKey(`GET ${API}/v1/x`)).toBe(false)
    expect(endpoint.extend({ dataExpiryLength: 1 }).testKey(`GET ${API}/v2/y`)).toBe(true)
  })
})

describe('NetworkError#toJSON', () => {
  it('gives name, message, code, status and body; not the Response', async () => {
    server.use(
      http.get(`${API}/todos/:id`, () =>
        HttpResponse.json({ message: 'Not here' }, { status: 404 }),
      ),
    )
    const error = (await TodoResource.get({ id: 9 }).catch((e: unknown) => e)) as NetworkError
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.response).toBeInstanceOf(Response)
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>
    expect(json).toEqual({
      name: 'NetworkError',
      message: error.message,
      code: 'network',
      status: 404,
      body: { message: 'Not here' },
    })
    expect(error.toJSON()).toEqual(json)
  })
})

describe('endpoints are real functions', () => {
  it('bind, call, apply and instanceof Function', async () => {
    const getTodo = TodoResource.get
    expect(getTodo).toBeInstanceOf(Function)
    expect(getTodo).toBeInstanceOf(Endpoint)
    const plain = new Endpoint(async (a: number, b: number) => a + b, { name: 'add' })
    expect(plain).toBeInstanceOf(Function)
    expect(await plain.call(null, 1, 2)).toBe(3)
    expect(await plain.apply(undefined, [2, 3])).toBe(5)
    expect(await plain.bind(null, 4)(5)).toBe(9)
    expect((await getTodo.call(undefined, { id: 1 })).id).toBe(1)
    expect((await getTodo.bind(null)({ id: 2 })).id).toBe(2)
    expect(typeof getTodo.bind).toBe('function')
  })
})
