/**
 * Against a real node:http server (no msw): method, URL, headers and body as they arrive on the
 * socket.
 */
import { createResource, Entity, hookifyResource, NetworkError } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import type { Loopback, WireRequest } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'

class Note extends Entity {
  id = 0
  text = ''
  pk() {
    return this.id
  }
  static key = 'Note'
}

/** The server's answers: a note for GET, the body echoed for writes, 204 for DELETE. */
function respond(request: WireRequest) {
  const json = (body: unknown, status = 200) => ({
    status,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (request.url.startsWith('/broken')) {
    return {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
      body: '<html>Bad Gateway</html>',
    }
  }
  if (request.method === 'DELETE') return { status: 204 }
  if (request.method === 'GET') {
    const id = Number(/\/notes\/(\d+)/.exec(request.url)?.[1] ?? 1)
    return json(request.url.match(/\/notes\/\d+/) ? { id, text: 'hi' } : [{ id: 1, text: 'hi' }])
  }
  const body =
    request.headers['content-type'] === 'application/json' ? JSON.parse(request.body) : {}
  return json({ id: 7, ...body }, request.method === 'POST' ? 201 : 200)
}

let server: Loopback
let NoteResource: ReturnType<typeof makeResource>
const makeResource = (origin: string) =>
  createResource({
    urlPrefix: origin,
    path: '/users/:userId/notes/:id',
    schema: Note,
    requestInit: { credentials: 'same-origin', headers: { 'X-Client': 'wire-test' } },
  })

beforeAll(async () => {
  server = await startLoopback(respond)
  NoteResource = makeResource(server.origin)
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})
const last = () => server.requests[server.requests.length - 1] as WireRequest

test('GET: the filled path, encoded values and the sorted query string; no body', async () => {
  const { controller, check } = makeRestStore()
  const note = await controller.fetch(NoteResource.get, { userId: 'a b/c', id: 5 })
  expect(note).toBeInstanceOf(Note)
  expect(last()).toMatchObject({ method: 'GET', url: '/users/a%20b%2Fc/notes/5', body: '' })
  expect(last().headers['x-client']).toBe('wire-test')
  expect(last().headers['content-type']).toBeUndefined()
  await controller.fetch(NoteResource.getList, { userId: 1, z: 'last', a: 'ä&b', skip: undefined })
  expect(last().url).toBe('/users/1/notes?a=%C3%A4%26b&z=last')
  check()
})

test('POST, PUT and PATCH: JSON bodies with Content-Type: application/json', async () => {
  const { controller, check } = makeRestStore()
  const created = await controller.fetch(NoteResource.create, { userId: 1 }, { text: 'new' })
  expect(created.text).toBe('new')
  expect(last()).toMatchObject({ method: 'POST', url: '/users/1/notes', body: '{"text":"new"}' })
  expect(last().headers['content-type']).toBe('application/json')
  await controller.fetch(NoteResource.update, { userId: 1, id: 7 }, { id: 7, text: 'all' })
  expect(last()).toMatchObject({
    method: 'PUT',
    url: '/users/1/notes/7',
    body: '{"id":7,"text":"all"}',
  })
  await controller.fetch(NoteResource.partialUpdate, { userId: 1, id: 7 }, { text: 'some' })
  expect(last()).toMatchObject({ method: 'PATCH', body: '{"text":"some"}' })
  expect(last().headers['x-client']).toBe('wire-test')
  check()
})

test('FormData and strings go out untouched', async () => {
  const form = new FormData()
  form.append('text', 'from a form')
  const upload = NoteResource.create.extend({ body: {} as FormData })
  await upload({ userId: 2 }, form)
  expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
  expect(last().body).toContain('name="text"')
  expect(last().body).toContain('from a form')
  const patchText = NoteResource.partialUpdate.extend({ body: '' as string })
  await patchText({ userId: 2, id: 1 }, 'plain text')
  expect(last().headers['content-type']).toBe('text/plain;charset=UTF-8')
  expect(last().body).toBe('plain text')
})

test('DELETE: no body, 204 answered; the record is gone from the store', async () => {
  const { store, cache, controller, check } = makeRestStore()
  await controller.fetch(NoteResource.get, { userId: 1, id: 3 })
  const result = await controller.fetch(NoteResource.delete, { userId: 1, id: 3 })
  expect(result).toEqual({ userId: 1, id: 3 })
  expect(last()).toMatchObject({ method: 'DELETE', url: '/users/1/notes/3', body: '' })
  expect(cache.select(NoteResource.get, { userId: 1, id: 3 })(store.getState())).toBeUndefined()
  check()
})

test('hookifyResource headers reach the wire, merged with the resource headers', async () => {
  const hooks = hookifyResource(NoteResource, () => ({ headers: { 'Access-Token': 's3cret' } }))
  await hooks.useGet()({ userId: 1, id: 1 })
  expect(last().headers['access-token']).toBe('s3cret')
  expect(last().headers['x-client']).toBe('wire-test')
})

test('an HTML 502 from the server is a NetworkError saying so', async () => {
  const broken = createResource({ urlPrefix: server.origin, path: '/broken/:id', schema: Note })
  const error = await broken.get({ id: 1 }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(502)
  expect((error as Error).message).toContain('<html>Bad Gateway</html>')
})

test('a closed port: NetworkError status 0', async () => {
  const closed = await startLoopback()
  await closed.close()
  const gone = createResource({ urlPrefix: closed.origin, path: '/notes/:id', schema: Note })
  const error = await gone.get({ id: 1 }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(0)
})
