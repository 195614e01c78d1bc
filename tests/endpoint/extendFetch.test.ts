/** `endpoint.extend({ fetch })` replaces the wrapped function, as in data-client. */
import { http, HttpResponse } from 'msw'
import { Endpoint, RestEndpoint } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo } from '../fixtures/resources'
import { useMockApi } from '../mocks/server'

const server = useMockApi()

test('Endpoint.extend({ fetch }) calls the new function; the original keeps its own', async () => {
  const original = new Endpoint(async ({ id }: { id: number }) => ({ id, from: 'original' }), {
    name: 'getThing',
  })
  const replaced = original.extend({
    fetch: async ({ id }: { id: number }) => ({ id, from: 'replacement' }),
  })
  expect(await replaced({ id: 1 })).toEqual({ id: 1, from: 'replacement' })
  expect(await original({ id: 1 })).toEqual({ id: 1, from: 'original' })
  expect(replaced.name).toBe('getThing')
  // Extending again keeps the replacement.
  expect(await replaced.extend({ dataExpiryLength: 5 })({ id: 2 })).toEqual({
    id: 2,
    from: 'replacement',
  })
  expect(Object.keys(replaced)).not.toContain('fetch')
})

test('RestEndpoint.extend({ fetch }) replaces the request pipeline; this is the endpoint', async () => {
  server.use(
    http.get(`${API}/todos/:id`, ({ params }) =>
      HttpResponse.json({ id: Number(params.id), title: 'from the server' }),
    ),
  )
  const get = new RestEndpoint({ urlPrefix: API, path: '/todos/:id', schema: Todo })
  const local = get.extend({
    async fetch(this: RestEndpoint, params: { id: number }) {
      return { id: params.id, title: `local ${this.url(params)}` }
    },
  })
  const { controller, check } = makeRestStore()
  const todo = await controller.fetch(local, { id: 3 })
  expect(todo.title).toBe(`local ${API}/todos/3`)
  expect((await get({ id: 3 })).title).toBe('from the server')
  expect(await local.extend({ dataExpiryLength: 1 })({ id: 4 })).toMatchObject({
    title: `local ${API}/todos/4`,
  })
  check()
})
