/** Recipes: request settings through getRequestInit and requestInit (docs/guides/request-init.md). */
import type { RestGenerics } from 'rtk-resources'
import { createResource, RestEndpoint, SchemaDefinitionError } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo, TodoResource } from '../fixtures/resources'
import { recordRequests } from '../mocks/requests'
import { useMockApi } from '../mocks/server'

const seen = recordRequests(useMockApi())

/** The todo resource of the mock API, its members made by `Endpoint`. */
function todosThrough<E extends typeof RestEndpoint>(Endpoint: E) {
  return createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, Endpoint })
}
beforeEach(() => {
  seen.length = 0
})

test("credentials: 'same-origin' through the requestInit option of every member", async () => {
  const Resource = createResource({
    urlPrefix: API,
    path: '/todos/:id',
    schema: Todo,
    requestInit: { credentials: 'same-origin' },
  })
  const { controller, check } = makeRestStore()
  await controller.fetch(Resource.getList)
  await controller.fetch(Resource.partialUpdate, { id: 1 }, { completed: true })
  expect(seen.map((r) => r.credentials)).toEqual(['same-origin', 'same-origin'])
  check()
})

test('a getRequestInit override adds settings to what the default builds', async () => {
  const inits: RequestInit[] = []
  class SameOriginEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
    async getRequestInit(body?: unknown): Promise<RequestInit> {
      const init = await super.getRequestInit(body)
      const extended: RequestInit = { ...init, credentials: 'same-origin', cache: 'no-store' }
      inits.push(extended)
      return extended
    }
  }
  const Resource = todosThrough(SameOriginEndpoint)
  const { controller, check } = makeRestStore()
  const created = await controller.fetch(Resource.create, { title: 'Call mom' })
  expect(created.title).toBe('Call mom')
  expect(inits[0]).toMatchObject({
    method: 'POST',
    body: '{"title":"Call mom"}',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    cache: 'no-store',
  })
  expect(seen[0]?.credentials).toBe('same-origin')
  check()
})

test('getRequestInit through extend on one member; the others keep the default', async () => {
  const getWithTimeout = TodoResource.get.extend({
    async getRequestInit(body?: unknown) {
      return {
        ...(await RestEndpoint.prototype.getRequestInit.call(this, body)),
        credentials: 'include',
      }
    },
  })
  await getWithTimeout({ id: 1 })
  await TodoResource.get({ id: 1 })
  expect(seen.map((r) => r.credentials)).toEqual(['include', 'same-origin'])
})

test('an Entity instance read from the cache, sent as the body, goes as JSON (not "[object Object]")', async () => {
  const Resource = TodoResource
  const { controller, check } = makeRestStore()
  const todo = await controller.fetch(Resource.get, { id: 1 })
  expect(todo).toBeInstanceOf(Todo)
  const init = await Resource.update.getRequestInit(todo)
  expect(init.body).toBe(JSON.stringify(todo))
  expect(new Headers(init.headers).get('content-type')).toBe('application/json')
  const saved = await controller.fetch(Resource.update, { id: 1 }, todo)
  expect(saved.title).toBe(todo.title)
  expect(seen.at(-1)?.headers['content-type']).toBe('application/json')
  // What fetch sends as it is stays as it is.
  const form = new FormData()
  expect((await Resource.update.getRequestInit(form)).body).toBe(form)
  expect((await Resource.update.getRequestInit('raw')).body).toBe('raw')
  check()
})

test("the signal option (data-client's) aborts the endpoint's requests; nothing is stored", async () => {
  const stop = new AbortController()
  const getTodo = TodoResource.get.extend({ signal: stop.signal })
  expect((await getTodo.getRequestInit()).signal).toBe(stop.signal)
  const { store, controller, check } = makeRestStore()
  stop.abort()
  await expect(controller.fetch(getTodo, { id: 1 })).rejects.toMatchObject({ name: 'AbortError' })
  expect(controller.getError(getTodo, { id: 1 }, store.getState())).toBeUndefined()
  // With a signal in requestInit too, either one aborts.
  const other = new AbortController()
  const both = TodoResource.get.extend({
    requestInit: { signal: other.signal },
    signal: new AbortController().signal,
  })
  const init = await both.getRequestInit()
  expect(init.signal?.aborted).toBe(false)
  other.abort()
  expect(init.signal?.aborted).toBe(true)
  // Without one, requests go on as before.
  expect(await controller.fetch(TodoResource.get, { id: 1 })).toMatchObject({ id: 1 })
  check()
})

test('without AbortSignal.any, the signal option leaves no listener behind once a request ends', async () => {
  const any = (AbortSignal as { any?: unknown }).any
  delete (AbortSignal as { any?: unknown }).any
  try {
    const stop = new AbortController()
    let listening = 0
    const add = stop.signal.addEventListener.bind(stop.signal)
    const remove = stop.signal.removeEventListener.bind(stop.signal)
    stop.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listening++
      add(...args)
    }) as typeof add
    stop.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listening--
      remove(...args)
    }) as typeof remove
    const getTodo = TodoResource.get.extend({ signal: stop.signal })
    // A request held by a hook has a signal of its own in requestInit too.
    for (let i = 0; i < 20; i++) {
      const own = new AbortController()
      await getTodo.extend({ requestInit: { signal: own.signal } })({ id: 1 })
    }
    expect(listening).toBe(0)
    // Either signal still aborts a request in flight.
    const own = new AbortController()
    const pending = getTodo.extend({ requestInit: { signal: own.signal } })({ id: 1 })
    stop.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(listening).toBe(0)
  } finally {
    ;(AbortSignal as { any?: unknown }).any = any
  }
})

/** rest-hooks 7's recipe: an override that spreads super.getRequestInit(body) without await. */
class SyncSameOrigin<O extends RestGenerics = any> extends RestEndpoint<O> {
  getRequestInit(body?: unknown): RequestInit {
    return { ...(super.getRequestInit(body) as RequestInit), credentials: 'same-origin' }
  }
}

test("rest-hooks 7's recipe works while getHeaders is synchronous", async () => {
  const Resource = todosThrough(SyncSameOrigin)
  const { controller, check } = makeRestStore()
  const updated = await controller.fetch(Resource.update, { id: 1 }, { title: 'Sync' })
  expect(updated.title).toBe('Sync')
  await controller.fetch(Resource.delete, { id: 1 })
  expect(seen.map((r) => [r.method, r.credentials, r.headers['content-type']])).toEqual([
    ['PUT', 'same-origin', 'application/json'],
    ['DELETE', 'same-origin', undefined],
  ])
  check()
})

test('spreading a promised init (async getHeaders, no await) is refused: it would send a GET', async () => {
  class Broken<O extends RestGenerics = any> extends SyncSameOrigin<O> {
    async getHeaders(headers: Record<string, string>) {
      return { ...headers, Authorization: 'Bearer t' }
    }
  }
  const Resource = todosThrough(Broken)
  const { controller, store } = makeRestStore()
  const error = await controller.fetch(Resource.delete, { id: 1 }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SchemaDefinitionError)
  expect((error as Error).message).toMatch(
    /without a method.*instead of a DELETE.*await super\.getRequestInit\(body\)/s,
  )
  expect(seen).toEqual([])
  // Nothing was deleted in the cache either.
  expect(JSON.stringify(store.getState().data.entitiesMeta)).not.toMatch(/deleted/)
  // A GET needs no method: its settings are sent as they are.
  await expect(controller.fetch(Resource.get, { id: 1 })).resolves.toMatchObject({ id: 1 })
})

test('fetchResponse takes a Request too, as data-client types it', async () => {
  class ViaRequest<O extends RestGenerics = any> extends RestEndpoint<O> {
    fetchResponse(input: RequestInfo, init: RequestInit) {
      return super.fetchResponse(new Request(input, init), {})
    }
  }
  const Resource = todosThrough(ViaRequest)
  const { controller } = makeRestStore()
  await expect(controller.fetch(Resource.get, { id: 1 })).resolves.toMatchObject({ id: 1 })
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/todos/1` })
})

test("a body in requestInit is never sent: a call's body comes from its arguments only", async () => {
  const Resource = createResource({
    urlPrefix: API,
    path: '/todos/:id',
    schema: Todo,
    requestInit: { body: 'left over', credentials: 'same-origin' },
  })
  // A GET with a body cannot be sent at all: it would fail as if the network had.
  const { controller, check } = makeRestStore()
  await controller.fetch(Resource.get, { id: 1 })
  await controller.fetch(Resource.delete, { id: 2 })
  expect(seen.map((r) => r.method)).toEqual(['GET', 'DELETE'])
  for (const endpoint of [Resource.get, Resource.delete]) {
    const init = await endpoint.getRequestInit()
    expect('body' in init).toBe(false)
    expect(init.credentials).toBe('same-origin')
  }
  expect((await Resource.update.getRequestInit({ title: 'x' })).body).toBe('{"title":"x"}')
  check()
})
