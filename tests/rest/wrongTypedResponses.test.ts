/**
 * A response of the wrong type for its schema is an error, not data: nothing is written, and the
 * data already stored stays as it was.
 */
import { http, HttpResponse } from 'msw'
import {
  Endpoint,
  Entity,
  MissingPrimaryKeyError,
  NetworkError,
  UnexpectedResponseError,
  normalize,
  schema,
} from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { API, Todo, TodoResource } from '../fixtures/resources'
import { thrown } from '../fixtures/tables'
import { useMockApi } from '../mocks/server'

const server = useMockApi()

class User extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'User'
}

describe('normalize rejects a top-level response of the wrong type', () => {
  it.each([
    ['a string', '42'],
    ['a number', 2],
    ['a boolean', true],
    ['a function', () => ({ id: 1 })],
  ])('%s where an Entity, a list or an object schema expects an object', (_what, input) => {
    for (const s of [User, [User], { user: User }, new schema.Values(User), new schema.All(User)]) {
      const error = thrown(() => normalize(s, input))
      expect(error).toBeInstanceOf(UnexpectedResponseError)
      expect(error).toMatchObject({ code: 'unexpected-response', found: typeof input, input })
    }
  })

  it('names the schema by its public name (schema.All, not its class name)', () => {
    const named: Array<[string, unknown]> = [
      ['schema.All', new schema.All(User)],
      ['schema.Array', new schema.Array(User)],
      ['schema.Values', new schema.Values(User)],
      ['schema.Union', new schema.Union({ user: User }, 'type')],
      ['schema.Delete', new schema.Delete(User)],
      ['schema.Object', new schema.Object({ user: User })],
    ]
    for (const [name, s] of named) {
      const error = thrown(() => normalize(s, true)) as Error
      expect(error.message).toContain(`for ${name}, found`)
    }
  })

  it('says when the string parses as JSON: the body was not parsed', () => {
    const error = thrown(() => normalize(User, '{"id":1}')) as Error
    expect(error.message).toContain('the body was not parsed')
    const plain = thrown(() => normalize(User, 'rate limited')) as Error
    expect(plain.message).not.toContain('not parsed')
  })

  it('rejects an error body where a list is expected; a map of records is still a list', () => {
    const error = thrown(() => normalize([User], { error: 'rate limited', code: 2 }))
    expect(error).toMatchObject({ code: 'unexpected-response', expected: 'list' })
    expect(normalize([User], { a: { id: 1 }, b: { id: 2 } }).result).toEqual([1, 2])
  })

  it('rejects a bare list where an object of members is expected (a page answered as an array)', () => {
    const rows = [{ id: 1 }, { id: 2 }]
    for (const s of [{ results: [User], next: '' }, new schema.Object({ results: [User] })]) {
      const error = thrown(() => normalize(s, rows)) as UnexpectedResponseError
      expect(error).toBeInstanceOf(UnexpectedResponseError)
      expect(error).toMatchObject({ expected: 'object', found: 'array', input: rows, status: 400 })
      expect(error.message).toContain('found a list')
    }
  })

  it('keeps nested ids, a bare pk for schema.Delete, and null (no content)', () => {
    const nested = { owner: 7, users: [1, '2'] }
    expect(normalize({ owner: User, users: [User] }, nested).result).toEqual({
      owner: 7,
      users: [1, '2'],
    })
    expect(normalize(new schema.Delete(User), 5).entitiesMeta.User?.['5']?.deleted).toBe(true)
    expect(normalize(User, null).result).toBeNull()
  })
})

describe('through the store', () => {
  it('a GET answered with 2 rejects and does not read as Todo 2', async () => {
    const { store, controller, check } = makeRestStore()
    server.use(http.get(`${API}/todos/:id`, () => HttpResponse.json(2)))
    const error = await controller.fetch(TodoResource.get, { id: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect(store.getState().data.entities).toEqual({})
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data).toBe(
      undefined,
    )
    check()
  })

  it('an error body where a list is expected leaves the good list in place', async () => {
    const { store, controller, cache, check } = makeRestStore()
    const good = await controller.fetch(TodoResource.getList)
    expect(good.length).toBeGreaterThan(0)
    server.use(
      http.get(`${API}/todos`, () => HttpResponse.json({ error: 'rate limited', code: 2 })),
    )
    const error = await controller.fetch(TodoResource.getList).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    const list = cache.select(TodoResource.getList)(store.getState())
    expect(list).toBe(good)
    expect(list?.every((todo) => todo instanceof Todo)).toBe(true)
    check()
  })
})

describe('through the store, a page answered as a bare array', () => {
  it('rejects, and stores nothing', async () => {
    const { store, controller, check } = makeRestStore()
    const pages = TodoResource.getList.extend({ schema: { results: [Todo], next: '' } })
    server.use(http.get(`${API}/todos`, () => HttpResponse.json([{ id: 1, title: 'a' }])))
    const error = await controller.fetch(pages).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect(store.getState().data.entities).toEqual({})
    expect(store.getState().data.results).toEqual({})
    check()
  })
})

describe('status 400 (data-client: a malformed response rejects with a status above 399)', () => {
  it.each([
    ['[]', [], MissingPrimaryKeyError],
    ['{}', {}, MissingPrimaryKeyError],
    ['5', 5, UnexpectedResponseError],
    ["'hi'", 'hi', UnexpectedResponseError],
  ] as const)(
    '%s for an Entity: rejects with status 400, recorded with it',
    async (_, body, Class) => {
      const { store, controller, replay, check } = makeRestStore()
      server.use(http.get(`${API}/todos/:id`, () => HttpResponse.json(body as never)))
      const error = await controller.fetch(TodoResource.get, { id: 1 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Class)
      expect(error).toMatchObject({ status: 400 })
      const code = (error as { code: string }).code
      // The slice keeps status and code; the error read back keeps them, and its name.
      const key = TodoResource.get.key({ id: 1 })
      expect(store.getState().data.meta[key]?.error).toMatchObject({ status: 400, code })
      const read = controller.getError(TodoResource.get, { id: 1 }, store.getState())
      expect(read).toMatchObject({ name: Class.name, status: 400, code })
      expect(read).not.toBeInstanceOf(NetworkError)
      expect(replay()).toEqual(store.getState())
      check()
    },
  )
})

describe('a fetch function that returns the Response itself (no .json())', () => {
  it.each([
    ['a list schema', [User]],
    ['an Entity', User],
    ['no schema', undefined],
  ])(
    '%s: rejects with UnexpectedResponseError naming the fix; nothing stored',
    async (_what, s) => {
      const { store, controller, check } = makeRestStore()
      const users = new Endpoint(() => fetch(`${API}/todos`), { schema: s, name: 'rawUsers' })
      const error = await controller.fetch(users).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UnexpectedResponseError)
      expect(error).toMatchObject({ found: 'Response', status: 400 })
      expect((error as Error).message).toContain('await response.json()')
      expect(store.getState().data.results).toEqual({})
      check()
    },
  )

  it('normalize names it too; a list given where one record is expected says to write [Entity]', async () => {
    const response = await fetch(`${API}/todos`)
    expect(thrown(() => normalize([User], response))).toMatchObject({ found: 'Response' })
    const listForOne = thrown(() => normalize({ results: User }, { results: [{ id: 1 }] })) as Error
    expect(listForOne).toBeInstanceOf(MissingPrimaryKeyError)
    expect(listForOne.message).toContain('([Entity])')
  })
})
