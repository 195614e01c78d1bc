/**
 * A GQLEndpoint's default errorPolicy, as data-client's: a server error or no response keeps
 * the data on screen (soft); GraphQL `errors` in the body replace it (hard).
 */
import { http, HttpResponse } from 'msw'
import { GQLEndpoint, GQLEntity, GraphQLError, NetworkError } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { server } from '../mocks/server'

const URL = 'http://gql-policy.test/graphql'
class User extends GQLEntity {
  name = ''
  static key = 'User'
}
const getUser = new GQLEndpoint(URL).query(
  'query GetUser($id: ID!) { user(id: $id) { id name } }',
  {
    user: User,
  },
)
const ada = () => HttpResponse.json({ data: { user: { id: '1', name: 'Ada' } } })

test.each([
  ['a 502 proxy page', () => new HttpResponse('<html>bad gateway</html>', { status: 502 }), 'soft'],
  ['no response', () => HttpResponse.error(), 'soft'],
  [
    'GraphQL errors, even at status 500',
    () => HttpResponse.json({ errors: [{ message: 'resolver crashed' }] }, { status: 500 }),
    'hard',
  ],
  [
    'GraphQL errors at status 200',
    () => HttpResponse.json({ data: null, errors: [{ message: 'forbidden' }] }),
    'hard',
  ],
] as const)('a refetch answered with %s is %s', async (_answer, answer, policy) => {
  const { store, cache, controller, expectSilentChecks } = makeStore()
  server.use(http.post(URL, ada))
  const user = await controller.fetch(getUser, { id: '1' })
  server.use(http.post(URL, answer))
  await expect(controller.fetch(getUser, { id: '1' })).rejects.toBeInstanceOf(Error)
  const call = cache.selectCall(getUser, { id: '1' })(store.getState())
  expect(call.errorPolicy).toBe(policy)
  expect(call.data).toBe(user)
  const shown = controller.getError(getUser, { id: '1' }, store.getState())
  if (policy === 'soft') expect(shown).toBeUndefined()
  else expect(shown).toBeInstanceOf(Error)
  expectSilentChecks()
})

test('an errorPolicy option replaces the default', () => {
  const strict = getUser.extend({ errorPolicy: () => 'hard' })
  expect(strict.errorPolicy?.({ status: 503 })).toBe('hard')
  expect(getUser.errorPolicy?.({ status: 503 })).toBe('soft')
  expect(getUser.errorPolicy?.({ status: 404 })).toBeUndefined()
})

test('a status outside 200–299 without errors in its body is a NetworkError of that status', async () => {
  server.use(http.post(URL, () => HttpResponse.json({ data: null }, { status: 500 })))
  const error = await getUser({ id: '1' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect(error).not.toBeInstanceOf(GraphQLError)
  expect((error as NetworkError).status).toBe(500)
})
