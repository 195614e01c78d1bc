import { NetworkError, RestEndpoint } from 'rtk-resources'

// The pipeline's default reader, through the public surface.
const endpoint = new RestEndpoint({ path: '/anything' })
const parseResponse = (response: Response) => endpoint.parseResponse(response)

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })

async function rejection(promise: Promise<unknown>): Promise<NetworkError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(NetworkError)
  return error as NetworkError
}

test('JSON bodies parse; 204, 205 and empty bodies are null', async () => {
  expect(await parseResponse(json({ id: 1 }))).toEqual({ id: 1 })
  expect(await parseResponse(json([1, 2]))).toEqual([1, 2])
  expect(await parseResponse(new Response(null, { status: 204 }))).toBeNull()
  expect(await parseResponse(new Response(null, { status: 205 }))).toBeNull()
  expect(await parseResponse(new Response('', { status: 200 }))).toBeNull()
  expect(await parseResponse(new Response('  \n', { status: 200 }))).toBeNull()
})

test('JSON without a JSON content type still parses', async () => {
  expect(await parseResponse(new Response('{"a":1}'))).toEqual({ a: 1 })
})

test('invalid JSON rejects with status 400 and the start of the body', async () => {
  const response = new Response('{"id": 1,', { headers: { 'Content-Type': 'application/json' } })
  const error = await rejection(parseResponse(response))
  expect(error.status).toBe(400)
  expect(error.response?.status).toBe(200)
  expect(error.response?.headers.get('content-type')).toBe('application/json')
  expect(error.body).toBe('{"id": 1,')
  expect(error.message).toContain('not valid JSON')
  expect(error.code).toBe('network')
})

test('a successful HTML page (a dev-server fallback) rejects with 400 saying so', async () => {
  const page = `<!doctype html><html><body>${'x'.repeat(400)}</body></html>`
  const error = await rejection(
    parseResponse(new Response(page, { headers: { 'Content-Type': 'text/html' } })),
  )
  expect(error.status).toBe(400)
  expect(error.message).toContain('HTML page')
  expect(error.message).toContain(page.slice(0, 300))
  expect(error.message).not.toContain(page.slice(0, 301))
  expect(error.body).toBe(page.slice(0, 300))
})

test('non-2xx: the JSON message, error or statusText; the body kept', async () => {
  const withMessage = json(
    { message: 'Todo 9 not found' },
    { status: 404, statusText: 'Not Found' },
  )
  let error = await rejection(parseResponse(withMessage))
  expect(error.status).toBe(404)
  expect(error.response).toBe(withMessage)
  expect(error.message).toContain('Todo 9 not found')
  expect(error.message).toContain('404 Not Found')
  expect(error.body).toEqual({ message: 'Todo 9 not found' })

  error = await rejection(parseResponse(json({ error: 'Forbidden here' }, { status: 403 })))
  expect(error.message).toContain('Forbidden here')

  error = await rejection(parseResponse(json({ error: { message: 'nested' } }, { status: 409 })))
  expect(error.message).toContain('nested')

  error = await rejection(
    parseResponse(new Response(null, { status: 500, statusText: 'Internal Server Error' })),
  )
  expect(error.status).toBe(500)
  expect(error.message).toContain('500 Internal Server Error')
  expect(error.body).toBeUndefined()

  error = await rejection(parseResponse(new Response('plain words', { status: 418 })))
  expect(error.message).toContain('plain words')
  expect(error.body).toBe('plain words')
})

test('an HTML error page (a proxy 502) gives a message that says so, not a JSON crash', async () => {
  const page = `<html><head><title>502 Bad Gateway</title></head><body>${'y'.repeat(500)}</body></html>`
  const error = await rejection(
    parseResponse(
      new Response(page, {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      }),
    ),
  )
  expect(error.status).toBe(502)
  expect(error.message).toContain('HTML page')
  expect(error.message).toContain(page.slice(0, 300))
  expect(error.message).not.toContain(page.slice(0, 301))
  expect(error.message).not.toMatch(/Unexpected token/)
})

test("the error's response is unread: a non-2xx is read from a clone", async () => {
  const response = json({ errors: { title: 'required' } }, { status: 422 })
  const error = await rejection(parseResponse(response))
  expect(error.response).toBe(response)
  expect(error.response?.bodyUsed).toBe(false)
  expect(await error.response?.json()).toEqual({ errors: { title: 'required' } })
  expect(error.body).toEqual({ errors: { title: 'required' } })
})

test('a 2xx that is not JSON: the error carries an unread copy (status, headers, body)', async () => {
  const response = new Response('<html>fallback</html>', {
    status: 200,
    statusText: 'OK',
    headers: { 'Content-Type': 'text/html', 'X-Trace': 't1' },
  })
  const error = await rejection(parseResponse(response))
  expect(error.status).toBe(400)
  expect(error.response?.bodyUsed).toBe(false)
  expect(error.response?.status).toBe(200)
  expect(error.response?.statusText).toBe('OK')
  expect(error.response?.headers.get('x-trace')).toBe('t1')
  expect(await error.response?.text()).toBe('<html>fallback</html>')
  // The JSON form stays plain: no Response in it.
  expect(JSON.parse(JSON.stringify(error))).not.toHaveProperty('response')
})
