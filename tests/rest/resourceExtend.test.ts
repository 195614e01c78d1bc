/**
 * `resource.extend(...)`, as data-client's resources have it: one member extended or added, an
 * object of members extended, or members made from the resource; the resource it is called on
 * stays as it was.
 */
import { http, HttpResponse } from 'msw'
import { SchemaDefinitionError, createResource } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo, TodoResource } from '../fixtures/resources'
import { recordRequests } from '../mocks/requests'
import { useMockApi } from '../mocks/server'

const server = useMockApi()
const seen = recordRequests(server)
beforeEach(() => {
  seen.length = 0
})

test("extend('name', options) adds a member made from get; the base is unchanged", async () => {
  server.use(http.get(`${API}/todos/current`, () => HttpResponse.json({ id: 2, title: 'Mine' })))
  const Extended = TodoResource.extend('current', { path: '/todos/current' })
  expect(Extended.current.method).toBe('GET')
  expect(Extended.current.schema).toBe(Todo)
  expect(Extended.current.url()).toBe(`${API}/todos/current`)
  expect(Extended.get).toBe(TodoResource.get)
  expect('current' in TodoResource).toBe(false)
  const { controller } = makeRestStore()
  const mine = await controller.fetch(Extended.current)
  expect(mine).toBeInstanceOf(Todo)
  expect(seen.map((r) => r.url)).toEqual([`${API}/todos/current`])
})

test("extend('getList', options) replaces that member, extended from it", () => {
  const Extended = TodoResource.extend('getList', { dataExpiryLength: 5_000 })
  expect(Extended.getList).not.toBe(TodoResource.getList)
  expect(Extended.getList.dataExpiryLength).toBe(5_000)
  expect(Extended.getList.path).toBe(TodoResource.getList.path)
  expect(Extended.getList.schema).toEqual([Todo])
  // A list that grows keeps growing once extended.
  expect(typeof Extended.getList.push).toBe('function')
  expect(TodoResource.getList.dataExpiryLength).toBeUndefined()
})

test('extend({ member: options, ... }) extends each, and an unknown member names the fix', () => {
  const Extended = TodoResource.extend({
    get: { dataExpiryLength: 1_000 },
    update: { method: 'PATCH' },
  })
  expect(Extended.get.dataExpiryLength).toBe(1_000)
  expect(Extended.update.method).toBe('PATCH')
  expect(Extended.delete).toBe(TodoResource.delete)
  // @ts-expect-error the resource has no member getLsit
  expect(() => TodoResource.extend({ getLsit: {} })).toThrow(SchemaDefinitionError)
  expect(() => TodoResource.extend({ getLsit: {} } as never)).toThrow(
    /no member "getLsit"\. To add one, use resource\.extend\('getLsit', options\)/,
  )
})

test('extend(fn) adds the members fn makes from the resource; extend chains', () => {
  const Extended = TodoResource.extend((base) => ({
    complete: base.partialUpdate.extend({ path: '/todos/:id/complete', method: 'POST' }),
  })).extend('current', { path: '/todos/current' })
  expect(Extended.complete.url({ id: 3 })).toBe(`${API}/todos/3/complete`)
  expect(Extended.complete.method).toBe('POST')
  expect(Extended.current.url()).toBe(`${API}/todos/current`)
  expect(Object.keys(Extended)).toEqual(
    expect.arrayContaining(['get', 'getList', 'create', 'update', 'partialUpdate', 'delete']),
  )
})

test('extend is not listed among the members: keys, values and spreads give the six endpoints', () => {
  const resource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })
  const six = ['get', 'getList', 'create', 'update', 'partialUpdate', 'delete']
  expect(Object.keys(resource)).toEqual(six)
  expect(typeof resource.extend).toBe('function')
  const extended = resource.extend('current', { path: '/todos/current' })
  expect(Object.keys(extended)).toEqual([...six, 'current'])
  // Each result has it too, so calls chain.
  expect(typeof extended.extend).toBe('function')
  // @ts-expect-error `extend` names the method itself
  expect(() => resource.extend('extend', {})).toThrow(SchemaDefinitionError)
})
