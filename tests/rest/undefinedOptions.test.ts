/**
 * An option given as `undefined` (an unset env var, a prop) counts as not given: its default
 * applies. The option types accept `undefined` on these options under
 * `exactOptionalPropertyTypes` (tests/types/exact/options.test-d.ts) because of what is checked
 * here.
 */
import { Endpoint, RestEndpoint, createResource } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo } from '../fixtures/resources'
import { useMockApi } from '../mocks/server'

useMockApi()
const unset: { API?: string; TTL?: number; FLAG?: boolean } = {}

test('RestEndpoint: urlPrefix, requestInit and the expiry options default when undefined', async () => {
  const getTodo = new RestEndpoint({
    path: `${API}/todos/:id`,
    schema: Todo,
    urlPrefix: unset.API,
    requestInit: undefined,
    dataExpiryLength: unset.TTL,
    errorExpiryLength: unset.TTL,
    invalidIfStale: unset.FLAG,
    pollFrequency: unset.TTL,
  })
  expect(getTodo.urlPrefix).toBe('')
  expect(getTodo.url({ id: 1 })).toBe(`${API}/todos/1`)
  expect(await getTodo.getRequestInit()).toEqual({ method: 'GET', headers: {} })
  for (const option of [
    'dataExpiryLength',
    'errorExpiryLength',
    'invalidIfStale',
    'pollFrequency',
  ]) {
    expect(option in getTodo).toBe(false)
  }
  const { store, controller, check } = makeRestStore({ dataExpiryLength: 5_000 })
  const before = Date.now()
  await controller.fetch(getTodo, { id: 1 })
  const { expiresAt } = controller.getResponse(getTodo, { id: 1 }, store.getState())
  // The cache's default (5 s here), not NaN or 0.
  expect(expiresAt).toBeGreaterThanOrEqual(before + 5_000)
  check()
})

test('createResource: urlPrefix, Endpoint and optimistic default when undefined', () => {
  const TodoResource = createResource({
    path: '/todos/:id',
    schema: Todo,
    urlPrefix: unset.API,
    Endpoint: undefined,
    optimistic: unset.FLAG,
    dataExpiryLength: unset.TTL,
  })
  expect(TodoResource.get).toBeInstanceOf(RestEndpoint)
  expect(TodoResource.get.url({ id: 1 })).toBe('/todos/1')
  expect('getOptimisticResponse' in TodoResource.partialUpdate).toBe(false)
  expect('dataExpiryLength' in TodoResource.getList).toBe(false)
})

test('Endpoint: the expiry options count as not given; a name of undefined is derived', async () => {
  const load = async () => ({ id: 1, title: 'a', completed: false })
  expect(new Endpoint(load, { name: undefined }).name).toBe('load')
  const getOne = new Endpoint(load, {
    schema: Todo,
    name: 'getOne',
    dataExpiryLength: unset.TTL,
    errorExpiryLength: unset.TTL,
  })
  const { store, controller, check } = makeRestStore({ dataExpiryLength: 5_000 })
  const before = Date.now()
  await controller.fetch(getOne)
  expect(controller.getResponse(getOne, store.getState()).expiresAt).toBeGreaterThanOrEqual(
    before + 5_000,
  )
  check()
})

test('createEntityCache: every option defaults when undefined', async () => {
  const { store, controller, check } = makeRestStore({
    dataExpiryLength: unset.TTL,
    errorExpiryLength: unset.TTL,
    gcTime: unset.TTL,
    gcInterval: unset.TTL,
  })
  const getTodo = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo })
  const before = Date.now()
  await controller.fetch(getTodo, { id: 1 })
  const { expiresAt } = controller.getResponse(getTodo, { id: 1 }, store.getState())
  expect(expiresAt).toBeGreaterThanOrEqual(before + 60_000)
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60_000)
  check()
})
