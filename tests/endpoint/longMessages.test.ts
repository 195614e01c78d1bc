/**
 * A server's or a user's long text never fills an error message: the start is kept with the
 * length, and the error's own members (`body`, `errors`, `response`) still hold everything.
 */
import { http, HttpResponse } from 'msw'
import { GQLEndpoint, GraphQLError, NetworkError, createResource, Entity } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

const HOST = 'http://long.test'
const MEGA = 'x'.repeat(1_000_000)

class Thing extends Entity {
  id = ''
  pk() {
    return this.id
  }
  static key = 'LongThing'
}
const ThingResource = createResource({ urlPrefix: HOST, path: '/things/:id', schema: Thing })

serveHandlers(
  http.get(`${HOST}/things/:id`, ({ params }) =>
    params.id === 'loud'
      ? HttpResponse.json({ message: `invalid: ${MEGA}` }, { status: 422 })
      : HttpResponse.json({ message: 'No such thing' }, { status: 404 }),
  ),
  http.get('http://down.test/things/:id', () => HttpResponse.error()),
  http.post(`${HOST}/graphql`, () =>
    HttpResponse.json({
      data: null,
      errors: Array.from({ length: 10_000 }, (_, i) => ({
        message: i === 0 ? `error 0: ${'y'.repeat(100_000)}` : `error ${i}`,
      })),
    }),
  ),
)

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return error as Error
}

test('a 1 MB server message: the message shows its start and length; `body` keeps it all', async () => {
  const error = await failure(ThingResource.get({ id: 'loud' }))
  expect(error).toBeInstanceOf(NetworkError)
  expect(error.message.length).toBeLessThan(1_000)
  expect(error.message).toMatch(/^invalid: x+…\(1,000,009 characters\) \(HTTP 422/)
  expect((error as NetworkError).body).toEqual({ message: `invalid: ${MEGA}` })
})

test('a 1 MB id: the URL in the message is cut, the status and the start kept', async () => {
  const error = await failure(ThingResource.get({ id: MEGA }))
  expect((error as NetworkError).status).toBe(404)
  expect(error.message.length).toBeLessThan(1_000)
  expect(error.message).toMatch(
    /^No such thing \(HTTP 404 .*from http:\/\/long\.test\/things\/x+…\(/,
  )
})

test('no response for a 1 MB id: the message is bounded', async () => {
  const Down = createResource({ urlPrefix: 'http://down.test', path: '/things/:id', schema: Thing })
  const error = await failure(Down.get({ id: MEGA }))
  expect((error as NetworkError).status).toBe(0)
  expect(error.message.length).toBeLessThan(1_000)
  expect(error.message).toMatch(/^GET http:\/\/down\.test\/things\/x+…\(.*got no response/)
})

test('10,000 GraphQL errors: the message shows five, each clipped, and counts the rest; `errors` keeps all', async () => {
  const query = new GQLEndpoint(`${HOST}/graphql`).query('query Things { things { id } }')
  const error = await failure(query({}))
  expect(error).toBeInstanceOf(GraphQLError)
  expect(error.message.length).toBeLessThan(2_500)
  expect(error.message).toMatch(
    /answered with 10000 error\(s\): error 0: y+…\(100,009 characters\); error 1; error 2; error 3; error 4; and 9995 more \(HTTP 200\)/,
  )
  expect((error as GraphQLError).errors).toHaveLength(10_000)
})

test('the slice records the same bounded message', async () => {
  const { controller, store } = makeStore()
  await failure(controller.fetch(ThingResource.get, { id: 'loud' }))
  expect(JSON.stringify(store.getState()).length).toBeLessThan(20_000)
  const recorded = controller.getError(ThingResource.get, { id: 'loud' }, store.getState())
  expect(recorded?.message.length).toBeLessThan(1_000)
})
