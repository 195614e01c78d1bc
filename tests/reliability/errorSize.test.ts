/**
 * What a recorded error keeps is capped: a 2 MB JSON error body on the wire (a real node:http
 * server) leaves a slice of a few KB, still plain JSON, with the server's message and the start
 * of the body, and notes saying how much was cut. The caller's error keeps the whole body.
 */
import {
  Entity,
  GQLEndpoint,
  GQLEntity,
  GraphQLError,
  NetworkError,
  RestEndpoint,
  createResource,
} from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import type { Loopback } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

const entries = Array.from({ length: 20_000 }, (_, i) => ({
  field: `items[${i}].title`,
  message: `must be between 1 and 200 characters long (got ${i * 7} characters)`,
  rule: 'length',
}))
const bigBody = { message: 'Validation failed', code: 'E_INVALID', errors: entries }
const bigText = JSON.stringify(bigBody)
const hugeMessage = JSON.stringify({ error: `trace: ${'x'.repeat(2_000_000)}` })
const graphqlErrors = JSON.stringify({ data: null, errors: entries })

let server: Loopback
beforeAll(async () => {
  server = await startLoopback((request) => ({
    status: request.url.includes('graphql') ? 200 : 422,
    headers: { 'Content-Type': 'application/json' },
    body: request.url.includes('graphql')
      ? graphqlErrors
      : request.url.includes('huge-message')
        ? hugeMessage
        : bigText,
  }))
})
afterAll(() => server.close())

const sizeOf = (value: unknown) => JSON.stringify(value).length

test('a 2 MB JSON error body: the caller gets it whole, the slice keeps a few KB', async () => {
  expect(bigText.length).toBeGreaterThan(1_900_000)
  const { store, controller, recorded, check } = makeRestStore()
  const endpoint = createResource({
    urlPrefix: server.origin,
    path: '/todos/:id',
    schema: Todo,
  }).partialUpdate
  const error = await controller.fetch(endpoint, { id: 1 }, { title: '' }).catch((e) => e)

  // The thrown error is the caller's: the whole body.
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(422)
  expect((error as NetworkError).body).toEqual(bigBody)

  // The slice (and the action that wrote it) stay small and plain.
  expect(sizeOf(store.getState().data)).toBeLessThan(20_000)
  expect(sizeOf(recorded[recorded.length - 1])).toBeLessThan(20_000)
  check()

  // Cut, so readers get the few KB kept, also from the store that recorded it: memory does
  // not keep the 2 MB error either.
  const stored = controller.getError(
    endpoint,
    { id: 1 },
    { title: '' },
    store.getState(),
  ) as NetworkError
  expect(stored).not.toBe(error)
  expect(stored).toBeInstanceOf(NetworkError)
  expect(stored.status).toBe(422)
  expect(stored.message).toBe((error as Error).message)
  const body = stored.body as { message: string; code: string; errors: unknown[] }
  expect(sizeOf(body)).toBeLessThanOrEqual(4096)
  // The small members are kept as they were, the list keeps its first entries, in order...
  expect(body.message).toBe('Validation failed')
  expect(body.code).toBe('E_INVALID')
  const kept = body.errors.slice(0, -1)
  expect(kept.length).toBeGreaterThan(10)
  expect(kept).toEqual(entries.slice(0, kept.length))
  // ...and says how much of it was cut.
  expect(body.errors[body.errors.length - 1]).toBe(
    `[cut: ${(20_000 - kept.length).toLocaleString('en-US')} more items]`,
  )
})

test('a 2 MB server message is cut in the error, saying how much; its body keeps it', async () => {
  const { store, controller, check } = makeRestStore()
  const endpoint = new RestEndpoint({ urlPrefix: server.origin, path: '/huge-message/:id' })
  const error = (await controller.fetch(endpoint, { id: 1 }).catch((e) => e)) as NetworkError
  expect(error.message.length).toBeLessThan(1_000)
  expect(error.message).toMatch(/^trace: x+…\([\d,]+ characters\) \(HTTP /)
  expect(JSON.stringify(error.body).length).toBeGreaterThan(2_000_000)

  const stored = controller.getError(endpoint, { id: 1 }, store.getState()) as NetworkError
  expect(stored).not.toBe(error)
  expect(stored.message).toBe(error.message)
  expect(sizeOf(store.getState().data)).toBeLessThan(20_000)
  check()
})

test('GraphQL: 20,000 error entries are recorded as their first entries and a count', async () => {
  class Item extends GQLEntity {
    name = ''
    static key = 'Item'
  }
  const query = new GQLEndpoint(`${server.origin}/graphql`).query('query { item { id } }', {
    item: Item,
  })
  const { store, controller, check } = makeRestStore()
  const error = await controller.fetch(query, {}).catch((e) => e)
  expect(error).toBeInstanceOf(GraphQLError)
  expect((error as GraphQLError).errors).toHaveLength(20_000)

  expect(sizeOf(store.getState().data)).toBeLessThan(20_000)
  const stored = controller.getError(query, {}, store.getState()) as GraphQLError
  const kept = stored.errors.slice(0, -1)
  expect(kept.length).toBeGreaterThan(10)
  expect(kept).toEqual(entries.slice(0, kept.length))
  check()
})
