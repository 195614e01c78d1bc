/** RestEndpoint's method and sideEffect defaults follow data-client. */
import { RestEndpoint } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo } from '../fixtures/resources'
import { useMockApi } from '../mocks/server'
import { recordRequests } from '../mocks/requests'

const server = useMockApi()
const seen = recordRequests(server)

test('sideEffect: true with no method means POST, and the request is a POST', async () => {
  const create = new RestEndpoint({
    urlPrefix: API,
    path: '/todos',
    schema: Todo,
    sideEffect: true,
  })
  expect(create.method).toBe('POST')
  expect(create.sideEffect).toBe(true)
  const { controller, check } = makeRestStore()
  const todo = await controller.fetch(create, { title: 'New' })
  expect(todo).toBeInstanceOf(Todo)
  expect(seen[seen.length - 1]?.method).toBe('POST')
  check()
})

test("a GET's sideEffect is undefined; other methods are true", () => {
  const get = new RestEndpoint({ urlPrefix: API, path: '/todos/:id' })
  expect(get.method).toBe('GET')
  expect(get.sideEffect).toBeUndefined()
  expect('sideEffect' in get && get.sideEffect === false).toBe(false)
  expect(new RestEndpoint({ path: '/a', method: 'HEAD' }).sideEffect).toBeUndefined()
  expect(new RestEndpoint({ path: '/a', method: 'PUT' }).sideEffect).toBe(true)
  expect(new RestEndpoint({ path: '/a', method: 'DELETE' }).sideEffect).toBe(true)
})

test('an explicit sideEffect: undefined stays undefined, whatever the method', () => {
  const post = new RestEndpoint({ path: '/a', method: 'POST', sideEffect: undefined })
  expect(post.method).toBe('POST')
  expect(post.sideEffect).toBeUndefined()
  expect(new RestEndpoint({ path: '/a', sideEffect: undefined }).method).toBe('GET')
  expect(post.extend({ urlPrefix: API }).sideEffect).toBeUndefined()
})

test('extend with a new method recomputes sideEffect unless one is given', () => {
  const get = new RestEndpoint({ path: '/a' })
  expect(get.extend({ method: 'PATCH' }).sideEffect).toBe(true)
  expect(get.extend({ sideEffect: true }).method).toBe('GET')
  const post = get.extend({ method: 'POST' })
  expect(post.extend({ method: 'GET' }).sideEffect).toBeUndefined()
  expect(post.extend({ method: 'PUT', sideEffect: undefined }).sideEffect).toBeUndefined()
})
