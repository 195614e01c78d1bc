import { http, HttpResponse } from 'msw'
import {
  createResource,
  Entity,
  MissingPrimaryKeyError,
  RestEndpoint,
  SchemaDefinitionError,
} from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import {
  API,
  Person,
  PersonResource,
  PersonTodoResource,
  Todo,
  TodoResource,
} from '../fixtures/resources'
import { recordRequests } from '../mocks/requests'
import { useMockApi } from '../mocks/server'

const server = useMockApi()
const seen = recordRequests(server)
beforeEach(() => {
  seen.length = 0
})
const lastRequest = () => seen[seen.length - 1]

test('the members: method, path, args and schema as in the contract table', () => {
  const { get, getList, create, update, partialUpdate, delete: del } = PersonTodoResource
  const rows = [get, getList, create, update, partialUpdate, del].map((e) => [
    e.method,
    e.path,
    e.sideEffect,
  ])
  expect(rows).toEqual([
    ['GET', '/people/:userId/todos/:id', undefined],
    ['GET', '/people/:userId/todos', undefined],
    ['POST', '/people/:userId/todos', true],
    ['PUT', '/people/:userId/todos/:id', true],
    ['PATCH', '/people/:userId/todos/:id', true],
    ['DELETE', '/people/:userId/todos/:id', true],
  ])
  expect(get.schema).toBe(Todo)
  expect(getList.schema).toEqual([Todo])
  expect(del.schema).toMatchObject({ schema: Todo })
  expect([get.name, getList.name, del.name]).toEqual(['Todo.get', 'Todo.getList', 'Todo.delete'])
  expect(getList.key({ userId: 1, completed: true })).toBe(
    `GET ${API}/people/1/todos?completed=true`,
  )
})

test('get, getList, create, update, partialUpdate and delete through the store', async () => {
  const { store, cache, controller, check } = makeRestStore()
  const list = await controller.fetch(TodoResource.getList)
  expect(list.map((t) => t.title)).toEqual(['Buy milk', 'Walk the dog', 'Read a book'])
  expect(list[0]).toBeInstanceOf(Todo)

  const filtered = await controller.fetch(TodoResource.getList, { userId: 2 })
  expect(lastRequest()?.url).toBe(`${API}/todos?userId=2`)
  expect(filtered.map((t) => t.id)).toEqual([3])

  // get: all path params; the extras go to the query string (and the key).
  const one = await controller.fetch(TodoResource.get, { id: 1, tag: ['a', 'b'], draft: false })
  expect(lastRequest()?.url).toBe(`${API}/todos/1?draft=false&tag=a&tag=b`)
  expect(one.id).toBe(1)
  expect(TodoResource.get.key({ id: 1, tag: ['a', 'b'], draft: false })).toBe(
    `GET ${API}/todos/1?draft=false&tag=a&tag=b`,
  )

  const created = await controller.fetch(TodoResource.create, { title: 'New one' })
  expect(lastRequest()).toMatchObject({ method: 'POST', url: `${API}/todos` })
  expect(created).toBeInstanceOf(Todo)
  expect(created).toMatchObject({ id: 4, title: 'New one', completed: false })

  await controller.fetch(
    TodoResource.update,
    { id: 1 },
    { userId: 1, title: 'Buy oat milk', completed: false },
  )
  expect(lastRequest()).toMatchObject({ method: 'PUT', url: `${API}/todos/1` })
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: false })
  expect(lastRequest()).toMatchObject({ method: 'PATCH', url: `${API}/todos/2` })

  // create added the new record to the stored list (as data-client's create, getList.push, does).
  const selectList = cache.select(TodoResource.getList)
  expect(selectList(store.getState())?.map((t) => [t.title, t.completed])).toEqual([
    ['Buy oat milk', false],
    ['Walk the dog', false],
    ['Read a book', false],
    ['New one', false],
  ])

  const deleted = await controller.fetch(TodoResource.delete, { id: 3 })
  expect(lastRequest()).toMatchObject({ method: 'DELETE', url: `${API}/todos/3` })
  // 204: resolves to the params, which name the deleted record.
  expect(deleted).toEqual({ id: 3 })
  expect(selectList(store.getState())?.map((t) => t.id)).toEqual([1, 2, 4])
  expect(cache.select(TodoResource.get, { id: 3 })(store.getState())).toBeUndefined()
  expect(cache.select(TodoResource.get, { id: 1 })(store.getState())?.title).toBe('Buy oat milk')
  check()
})

test('delete resolves to the response when it has keys, else to the params', async () => {
  expect(await TodoResource.delete({ id: 1 })).toEqual({ id: 1 })
  expect(await PersonResource.delete({ id: 2 })).toEqual({ id: 2, name: 'Grace', todoCount: 1 })
  const { store, cache, controller, check } = makeRestStore()
  await controller.fetch(PersonResource.get, { id: 1 })
  const response = await controller.fetch(PersonResource.delete, { id: 1 })
  expect(response).toMatchObject({ id: 1, name: 'Ada' })
  expect(cache.select(PersonResource.get, { id: 1 })(store.getState())).toBeUndefined()
  check()
})

test('a delete answered without the pk ({ success: true }) deletes the record its params name', async () => {
  server.use(http.delete(`${API}/todos/:id`, () => HttpResponse.json({ success: true })))
  const { store, cache, controller, check } = makeRestStore()
  await controller.fetch(TodoResource.getList)
  // Resolves to the response (it has keys), and the record reads as deleted.
  expect(await controller.fetch(TodoResource.delete, { id: 2 })).toEqual({ success: true })
  expect(cache.select(TodoResource.get, { id: 2 })(store.getState())).toBeUndefined()
  expect(
    cache
      .select(TodoResource.getList)(store.getState())
      ?.map((t) => t.id),
  ).toEqual([1, 3])
  check()
})

test('a delete whose response and params both lack the pk rejects with MissingPrimaryKeyError', async () => {
  class Slugged extends Entity {
    slug = ''
    pk() {
      return this.slug
    }
    static key = 'Slugged'
  }
  const SluggedResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Slugged })
  server.use(http.delete(`${API}/todos/:id`, () => HttpResponse.json({ success: true })))
  const { controller } = makeRestStore()
  await expect(controller.fetch(SluggedResource.delete, { id: 2 })).rejects.toBeInstanceOf(
    MissingPrimaryKeyError,
  )
})

test('nested paths: getList and create take the remaining path params', async () => {
  const { controller, check } = makeRestStore()
  const todos = await controller.fetch(PersonTodoResource.getList, { userId: 1 })
  expect(lastRequest()?.url).toBe(`${API}/people/1/todos`)
  expect(todos.map((t) => t.id)).toEqual([1, 2])
  await PersonTodoResource.create({ userId: 2 }, { title: 'Nested' })
  expect(lastRequest()).toMatchObject({ method: 'POST', url: `${API}/people/2/todos` })
  check()
})

test('every extra option reaches every member', async () => {
  const Resource = createResource({
    urlPrefix: API,
    path: '/todos/:id',
    schema: Todo,
    dataExpiryLength: 1234,
    requestInit: { credentials: 'same-origin' },
    getHeaders(headers) {
      return { ...headers, 'X-Member': this.name }
    },
  })
  const members = Object.values(Resource)
  expect(members).toHaveLength(6)
  for (const member of members) expect(member.dataExpiryLength).toBe(1234)
  await Resource.get({ id: 1 })
  await Resource.getList()
  await Resource.create({ title: 'x' })
  await Resource.update({ id: 1 }, { title: 'y' })
  await Resource.partialUpdate({ id: 1 }, { title: 'z' })
  await Resource.delete({ id: 1 })
  expect(seen.map((r) => [r.method, r.headers['x-member'], r.credentials])).toEqual([
    ['GET', 'Todo.get', 'same-origin'],
    ['GET', 'Todo.getList', 'same-origin'],
    ['POST', 'Todo.create', 'same-origin'],
    ['PUT', 'Todo.update', 'same-origin'],
    ['PATCH', 'Todo.partialUpdate', 'same-origin'],
    ['DELETE', 'Todo.delete', 'same-origin'],
  ])
})

test('a custom Endpoint class builds every member', async () => {
  class ApiEndpoint extends RestEndpoint {
    urlPrefix = API
    getHeaders(headers: Record<string, string>) {
      return { ...headers, Authorization: 'Bearer t0ken' }
    }
    describe() {
      return `${this.method} ${this.path}`
    }
  }
  const Resource = createResource({ path: '/people/:id', schema: Person, Endpoint: ApiEndpoint })
  for (const member of Object.values(Resource)) expect(member).toBeInstanceOf(ApiEndpoint)
  expect(Resource.getList.describe()).toBe('GET /people')
  expect(await Resource.get({ id: 1 })).toMatchObject({ name: 'Ada' })
  expect(lastRequest()?.headers.authorization).toBe('Bearer t0ken')
  // The class's own process still runs under delete's.
  expect(await Resource.delete({ id: 2 })).toMatchObject({ id: 2, name: 'Grace' })
})

test('spreading the resource and replacing members with extend', async () => {
  const Custom = {
    ...TodoResource,
    getList: TodoResource.getList.extend({
      dataExpiryLength: 10,
      searchParams: {} as { userId: number },
    }),
    done: TodoResource.partialUpdate.extend({
      path: '/todos/:id',
      body: undefined,
      process(value: unknown) {
        return value
      },
      getRequestInit() {
        return {
          method: 'PATCH',
          body: '{"completed":true}',
          headers: { 'Content-Type': 'application/json' },
        }
      },
    }),
  }
  expect(Custom.get).toBe(TodoResource.get)
  expect(Custom.getList.dataExpiryLength).toBe(10)
  expect(Custom.getList.name).toBe('Todo.getList')
  const { controller, check } = makeRestStore()
  expect((await controller.fetch(Custom.getList, { userId: 1 })).map((t) => t.id)).toEqual([1, 2])
  const done = await controller.fetch(Custom.done, { id: 1 })
  expect(done).toMatchObject({ id: 1, completed: true })
  check()
})

test('urlPrefix may be protocol-relative', () => {
  const Resource = createResource({
    urlPrefix: '//cdn.example.com',
    path: '/files/:id',
    schema: Todo,
  })
  expect(Resource.get.url({ id: 'a b' })).toBe('//cdn.example.com/files/a%20b')
  expect(Resource.getList.key({ page: 2 })).toBe('GET //cdn.example.com/files?page=2')
  expect(Resource.delete.key({ id: 1 })).toBe('DELETE //cdn.example.com/files/1')
})

test('createResource without a path throws a SchemaDefinitionError that names the path option', () => {
  // Before: "Cannot read properties of undefined (reading 'length')", from shortenPath.
  const define = () => createResource({ urlPrefix: API, schema: Todo } as any)
  expect(define).toThrow(SchemaDefinitionError)
  expect(define).toThrow(/createResource needs a `path` option.*the options have none/s)
  // A misspelled path is named too (the typo warning), then the same error.
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  expect(() => createResource({ pth: '/todos/:id', schema: Todo } as any)).toThrow(
    SchemaDefinitionError,
  )
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('did you mean "path"'))
  warn.mockRestore()
})
