/** Recipes: auth headers from getHeaders and from hookifyResource (docs/guides/auth-headers.md). */
import type { RestGenerics } from 'rtk-resources'
import { createResource, hookifyResource, RestEndpoint } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo, TodoResource } from '../fixtures/resources'
import { recordRequests } from '../mocks/requests'
import { useMockApi } from '../mocks/server'

const seen = recordRequests(useMockApi())
beforeEach(() => {
  seen.length = 0
})

test('getHeaders in a shared Endpoint class (async token) signs every request', async () => {
  let token = 'first'
  const getToken = async () => token
  class AuthdEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
    async getHeaders(headers: Record<string, string>) {
      return { ...headers, Authorization: `Bearer ${await getToken()}` }
    }
  }
  const Resource = createResource({
    urlPrefix: API,
    path: '/todos/:id',
    schema: Todo,
    Endpoint: AuthdEndpoint,
  })
  const { controller, check } = makeRestStore()
  await controller.fetch(Resource.get, { id: 1 })
  token = 'second'
  await controller.fetch(Resource.update, { id: 1 }, { title: 'x' })
  expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer first', 'Bearer second'])
  expect(seen[1]?.headers['content-type']).toBe('application/json')
  check()
})

describe('hookifyResource', () => {
  let token = 'abc'
  let calls = 0
  const useInit = (): RequestInit => {
    calls += 1
    return { headers: { 'Access-Token': token } }
  }
  const TodoHooks = hookifyResource(TodoResource, useInit)
  beforeEach(() => {
    token = 'abc'
    calls = 0
  })

  it('has a hook per member, each calling useInit', () => {
    expect(Object.keys(TodoHooks).sort()).toEqual([
      'useCreate',
      'useDelete',
      'useGet',
      'useGetList',
      'usePartialUpdate',
      'useUpdate',
    ])
    TodoHooks.useGet()
    TodoHooks.useDelete()
    expect(calls).toBe(2)
  })

  it('returns the endpoint with the settings merged into its request', async () => {
    const getTodo = TodoHooks.useGet()
    expect(getTodo).not.toBe(TodoResource.get)
    expect(getTodo.name).toBe(TodoResource.get.name)
    expect(getTodo.key({ id: 1 })).toBe(TodoResource.get.key({ id: 1 }))
    const { controller, check } = makeRestStore()
    const todo = await controller.fetch(getTodo, { id: 1 })
    expect(todo.title).toBe('Buy milk')
    await controller.fetch(TodoHooks.useCreate(), { title: 'x' })
    expect(seen.map((r) => [r.method, r.headers['access-token']])).toEqual([
      ['GET', 'abc'],
      ['POST', 'abc'],
    ])
    expect(seen[1]?.headers['content-type']).toBe('application/json')
    // The resource itself is unchanged.
    await TodoResource.get({ id: 1 })
    expect(seen[2]?.headers['access-token']).toBeUndefined()
    check()
  })

  it('equal settings give the same endpoint; a new token a new one', () => {
    const first = TodoHooks.useGet()
    expect(TodoHooks.useGet()).toBe(first)
    token = 'def'
    const second = TodoHooks.useGet()
    expect(second).not.toBe(first)
    expect(second.requestInit?.headers).toEqual({ 'Access-Token': 'def' })
  })

  it("merges with the endpoint's own requestInit headers and settings", async () => {
    const Resource = createResource({
      urlPrefix: API,
      path: '/todos/:id',
      schema: Todo,
      requestInit: { credentials: 'same-origin', headers: { 'X-Client': 'tests' } },
    })
    const hooks = hookifyResource(Resource, () => ({ headers: { 'Access-Token': 'zzz' } }))
    await hooks.useGetList()()
    expect(seen[0]).toMatchObject({
      credentials: 'same-origin',
      headers: { 'x-client': 'tests', 'access-token': 'zzz' },
    })
  })
})
