/**
 * RestEndpoint's own error policy (a 5xx or a network failure soft, else hard) sits on its
 * prototype: a subclass's `errorPolicy` method, or the option, overrides it, also through
 * `createResource({ Endpoint })` and `extend`.
 */
import { http, HttpResponse } from 'msw'
import { Entity, NetworkError, RestEndpoint, createResource } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { useMockApi } from '../mocks/server'

const server = useMockApi()
const API = 'http://policy-default.test'

class Item extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'PolicyDefaultItem'
}

/** Every failure soft, as a subclass says it. */
class SoftEndpoint<O extends Record<string, any> = any> extends RestEndpoint<O & any> {
  errorPolicy = (_error: unknown): 'soft' | 'hard' | undefined => 'soft'
}
class SoftByMethod extends RestEndpoint {}
Object.defineProperty(SoftByMethod.prototype, 'errorPolicy', { value: () => 'soft' })

const notFound = new NetworkError(404, 'Not Found')
const unavailable = new NetworkError(503, 'Unavailable')

test('the default: 5xx and status 0 soft, a 4xx and an error without a status hard', () => {
  const get = new RestEndpoint({ urlPrefix: API, path: '/items/:id', schema: Item })
  expect(get.errorPolicy?.(unavailable)).toBe('soft')
  expect(get.errorPolicy?.(new NetworkError(0, 'offline'))).toBe('soft')
  expect(get.errorPolicy?.(notFound)).toBeUndefined()
  expect(get.errorPolicy?.(new Error('x'))).toBeUndefined()
  expect(Object.keys(get)).not.toContain('errorPolicy')
  expect(get.extend({ path: '/things/:id' }).errorPolicy?.(unavailable)).toBe('soft')
  const hard = get.extend({ errorPolicy: () => 'hard' })
  expect(hard.errorPolicy?.(unavailable)).toBe('hard')
})

test("a subclass's errorPolicy wins, as a field or on its prototype", () => {
  for (const Class of [SoftEndpoint, SoftByMethod]) {
    const get = new Class({ urlPrefix: API, path: '/items/:id', schema: Item })
    expect(get.errorPolicy?.(notFound)).toBe('soft')
    expect(get.extend({ path: '/things/:id' }).errorPolicy?.(notFound)).toBe('soft')
  }
})

test('createResource({ Endpoint }) keeps the subclass policy: a 404 beside data is soft', async () => {
  const Items = createResource({
    urlPrefix: API,
    path: '/items/:id',
    schema: Item,
    Endpoint: SoftByMethod,
  })
  let status = 200
  server.use(
    http.get(`${API}/items/:id`, () =>
      status === 200 ? HttpResponse.json({ id: 1, name: 'a' }) : HttpResponse.json({}, { status }),
    ),
  )
  const { store, controller } = makeStore()
  await controller.fetch(Items.get, { id: 1 })
  status = 404
  await controller.fetch(Items.get, { id: 1 }).catch(() => undefined)
  expect(controller.getError(Items.get, { id: 1 }, store.getState())).toBeUndefined()
})
