import { http, HttpResponse } from 'msw'
import { NetworkError, RestEndpoint } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'

serveHandlers(
  http.get('https://api.example.com/ok', () => HttpResponse.json({ ok: true })),
  http.get('https://api.example.com/down', () => HttpResponse.error()),
  http.get('https://api.example.com/missing', () =>
    HttpResponse.json({ message: 'No such thing' }, { status: 404 }),
  ),
  http.get('https://api.example.com/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200))
    return HttpResponse.json({ late: true })
  }),
)

const endpoint = new RestEndpoint({ path: '/anything' })

test('resolves to the Response of a 2xx', async () => {
  const response = await endpoint.fetchResponse('https://api.example.com/ok', { method: 'GET' })
  expect(response).toBeInstanceOf(Response)
  expect(await response.json()).toEqual({ ok: true })
})

test('no response at all: NetworkError status 0 with the cause', async () => {
  const error = await endpoint
    .fetchResponse('https://api.example.com/down', { method: 'GET' })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(0)
  expect((error as NetworkError).cause).toBeInstanceOf(TypeError)
  expect((error as NetworkError).response).toBeUndefined()
  expect((error as Error).message).toContain('GET https://api.example.com/down got no response')
})

test('a non-2xx rejects already here, so a custom parseResponse never sees an error body', async () => {
  const error = await endpoint
    .fetchResponse('https://api.example.com/missing', { method: 'GET' })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(404)
  expect((error as NetworkError).response?.status).toBe(404)
  expect((error as Error).message).toContain('No such thing')
  // Read from a clone: the error's response is unread, as in data-client.
  expect((error as NetworkError).response?.bodyUsed).toBe(false)
  expect(await (error as NetworkError).response?.json()).toEqual({ message: 'No such thing' })
})

test('an aborted request rejects with the abort error, not a NetworkError', async () => {
  const controller = new AbortController()
  const pending = endpoint.fetchResponse('https://api.example.com/slow', {
    method: 'GET',
    signal: controller.signal,
  })
  controller.abort()
  const error = await pending.catch((e: unknown) => e)
  expect(error).not.toBeInstanceOf(NetworkError)
  expect((error as Error).name).toBe('AbortError')
})
