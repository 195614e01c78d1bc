import { graphql, http, HttpResponse } from 'msw'
import {
  Endpoint,
  GQLEndpoint,
  GQLEntity,
  GraphQLError,
  NetworkError,
  SchemaDefinitionError,
} from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

const URL = 'http://gql.test/graphql'
const api = graphql.link(URL)

class User extends GQLEntity {
  name = ''
  static key = 'User'
}

const users = new Map([
  ['1', { id: '1', name: 'Ada', __typename: 'User' }],
  ['2', { id: '2', name: 'Grace', __typename: 'User' }],
])
const seen: Array<{ operation: string; variables: unknown; auth: string | null }> = []

const server = serveHandlers(
  api.query('GetUser', ({ variables, request, operationName }) => {
    seen.push({ operation: operationName, variables, auth: request.headers.get('authorization') })
    const user = users.get(String(variables.id))
    if (!user)
      return HttpResponse.json({
        data: { user: null },
        errors: [{ message: 'no such user', path: ['user'] }],
      })
    return HttpResponse.json({ data: { user } })
  }),
  api.query('ListUsers', ({ operationName, variables, request }) => {
    seen.push({ operation: operationName, variables, auth: request.headers.get('authorization') })
    return HttpResponse.json({ data: { users: [...users.values()] } })
  }),
  api.mutation('Rename', ({ variables, operationName, request }) => {
    seen.push({ operation: operationName, variables, auth: request.headers.get('authorization') })
    const user = { id: String(variables.id), name: String(variables.name), __typename: 'User' }
    users.set(user.id, user)
    return HttpResponse.json({ data: { rename: user } })
  }),
)
beforeEach(() => {
  seen.length = 0
  users.set('1', { id: '1', name: 'Ada', __typename: 'User' })
})

const gql = new GQLEndpoint(URL)
const getUser = gql.query(
  `query GetUser($id: ID!) {
     user(id: $id) { id name }
   }`,
  { user: User },
)
const listUsers = gql.query('query ListUsers { users { id name } }', { users: [User] })
const rename = gql.mutation(
  'mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }',
  { rename: User },
)

test('a query POSTs { query, variables } and resolves to data, normalized into the cache', async () => {
  const { store, cache, controller, expectSilentChecks } = makeStore()
  const data = await controller.fetch(getUser, { id: '1' })
  expect(data.user).toBeInstanceOf(User)
  expect(data.user.name).toBe('Ada')
  expect(seen).toEqual([{ operation: 'GetUser', variables: { id: '1' }, auth: null }])
  expect(cache.select(getUser, { id: '1' })(store.getState())).toBe(data)
  expectPlain(store.getState())
  expectSilentChecks()
})

test('keys collapse white space and include the variables; equal queries are deduplicated', async () => {
  const same = gql.query('query GetUser($id: ID!) { user(id: $id) { id name } }', { user: User })
  expect(same.key({ id: '1' })).toBe(getUser.key({ id: '1' }))
  expect(getUser.key({ id: '1' })).not.toBe(getUser.key({ id: '2' }))
  const { controller } = makeStore()
  const [a, b] = await Promise.all([
    controller.fetch(getUser, { id: '2' }),
    controller.fetch(same, { id: '2' }),
  ])
  expect(a).toBe(b)
  expect(seen).toHaveLength(1)
})

test('GraphQL errors reject with a GraphQLError (errors + status), recorded; nothing written', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(getUser, { id: '1' })
  const error = await controller.fetch(getUser, { id: '404' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(GraphQLError)
  expect((error as GraphQLError).status).toBe(200)
  expect((error as GraphQLError).errors).toEqual([{ message: 'no such user', path: ['user'] }])
  const meta = store.getState().data.meta[getUser.key({ id: '404' })]
  expect(meta?.error).toMatchObject({ name: 'GraphQLError', errors: [{ message: 'no such user' }] })
  expect(Object.keys(store.getState().data.results)).toHaveLength(1)
  expectPlain(store.getState())
})

test('a non-2xx status rejects, with the GraphQL errors when the body has them', async () => {
  server.use(
    api.query('GetUser', () =>
      HttpResponse.json({ errors: [{ message: 'bad token' }] }, { status: 401 }),
    ),
  )
  const { controller } = makeStore()
  const error = (await controller
    .fetch(getUser, { id: '1' })
    .catch((e: unknown) => e)) as GraphQLError
  expect(error).toBeInstanceOf(GraphQLError)
  expect(error.status).toBe(401)
  expect(error.errors[0]?.message).toBe('bad token')
  server.use(http.post(URL, () => new HttpResponse('<html>down</html>', { status: 502 })))
  const down = await controller.fetch(getUser, { id: '1' }).catch((e: unknown) => e)
  expect(down).toBeInstanceOf(NetworkError)
  expect((down as NetworkError).status).toBe(502)
})

test('a mutation is a side effect whose result updates every view, REST ones included', async () => {
  const { store, cache, controller } = makeStore()
  expect(rename.sideEffect).toBe(true)
  const restUser = new Endpoint(async ({ id }: { id: string }) => ({ id, name: 'from REST' }), {
    schema: User,
    name: 'restUser',
  })
  await controller.fetch(restUser, { id: '1' })
  await controller.fetch(listUsers)
  await controller.fetch(rename, { id: '1', name: 'Ada L.' })
  await controller.fetch(rename, { id: '1', name: 'Ada L.' })
  expect(seen.filter((s) => s.operation === 'Rename')).toHaveLength(2)
  const state = store.getState()
  expect(cache.select(restUser, { id: '1' })(state)?.name).toBe('Ada L.')
  expect(
    cache
      .select(listUsers)(state)
      ?.users.map((u) => u.name),
  ).toEqual(['Ada L.', 'Grace'])
})

test('request settings and headers are overridable like REST', async () => {
  class AuthGQL extends GQLEndpoint {
    getHeaders(headers: Record<string, string>) {
      return { ...headers, Authorization: 'Bearer t0k3n' }
    }
  }
  const authed = new AuthGQL(URL).query('query ListUsers { users { id name } }', { users: [User] })
  await authed()
  const withInit = listUsers.extend({ requestInit: { headers: { authorization: 'Basic x' } } })
  await withInit()
  expect(seen.map((s) => s.auth)).toEqual(['Bearer t0k3n', 'Basic x'])
})

test('a mutation with large variables works, and its key in the slice stays bounded', async () => {
  const { store, controller, expectSilentChecks } = makeStore()
  const name = 'n'.repeat(100_000)
  const data = await controller.fetch(rename, { id: '1', name })
  expect(data.rename.name).toBe(name)
  expect(seen[0]?.variables).toEqual({ id: '1', name })
  const keys = Object.keys(store.getState().data.meta)
  expect(keys).toHaveLength(1)
  expect(keys[0]?.length).toBeLessThanOrEqual(4096)
  expect(keys[0]).toBe(rename.key({ id: '1', name }))
  expectSilentChecks()
})

test('the key of a query longer than a key part is shortened and still matched by testKey', () => {
  const fields = Array.from({ length: 600 }, (_, i) => `field${i}`).join(' ')
  const big = gql.query(`query Big { user(id: 1) { id ${fields} } }`, { user: User })
  const key = big.key({ id: '1' })
  expect(key.length).toBeLessThanOrEqual(4096)
  expect(big.testKey(key)).toBe(true)
  expect(getUser.testKey(key)).toBe(false)
  expect(big.testKey(getUser.key({ id: '1' }))).toBe(false)
})

test('keys: formatting and comments do not count, string values and fields do', () => {
  const text = (query: string) => gql.query(query, {}).key({})
  expect(text('query S {\n  search(q: "a  b") { id } # note\n}')).toBe(
    text('query S { search(q: "a  b") { id } }'),
  )
  expect(text('query S { search(q: "a  b") { id } }')).not.toBe(
    text('query S { search(q: "a b") { id } }'),
  )
  expect(text('query S { s(q: """x  #y""") { id } }')).toContain('"""x  #y"""')
  // A comment ends at its line: the field after it is asked for.
  expect(text('query C { a # note\n b }')).not.toBe(text('query C { a # note b }'))
  expect(gql.query('# was: query OldName\nquery NewName { a }', {}).name).toBe('NewName')
  // testKey: this operation's keys only, not one whose text merely starts the same.
  const short = gql.query('{ a }', {})
  const longer = gql.query('{ a } fragment F on X { y }', {})
  expect(short.testKey(short.key({}))).toBe(true)
  expect(short.testKey(longer.key({}))).toBe(false)
})

test('a 2xx body that is not GraphQL rejects with a NetworkError (400); a GraphQL error reads back as one', async () => {
  const { store, controller } = makeStore()
  server.use(http.post(URL, () => new HttpResponse('<html>proxy</html>', { status: 200 })))
  const notGraphQL = await controller.fetch(getUser, { id: '1' }).catch((e: unknown) => e)
  expect(notGraphQL).toBeInstanceOf(NetworkError)
  expect(notGraphQL).toMatchObject({ status: 400 })
  expect((notGraphQL as Error).message).toContain('not a GraphQL response')
  server.use(
    api.query('GetUser', () =>
      HttpResponse.json({ errors: [{ message: 'denied' }] }, { status: 403 }),
    ),
  )
  const thrown = await controller.fetch(getUser, { id: '2' }).catch((e: unknown) => e)
  expect(thrown).toBeInstanceOf(GraphQLError)
  const stored = controller.getError(getUser, { id: '2' }, store.getState())
  expect(stored).toBeInstanceOf(GraphQLError)
  expect(stored).toMatchObject({ code: 'graphql', status: 403, errors: [{ message: 'denied' }] })
})

test('a query given as a function is refused where it is written, naming the string it needs', () => {
  const asFunction = () => 'query ListUsers { users { id name } }'
  const query = gql.query as unknown as (text: unknown, schema: unknown) => unknown
  expect(() => query.call(gql, asFunction, { users: [User] })).toThrow(SchemaDefinitionError)
  expect(() => query.call(gql, asFunction, { users: [User] })).toThrow(/as a string/)
})

test('extend({ fetch }) replaces the request, in every endpoint extended from it, keeping the key', async () => {
  const mocked = getUser.extend({ fetch: async () => ({ user: { id: '9', name: 'Mock' } }) })
  const again = mocked.extend({ name: 'MockedAgain' })
  const { controller } = makeStore()
  expect((await controller.fetch(mocked, { id: '1' })).user.name).toBe('Mock')
  expect((await again({ id: '1' })).user.name).toBe('Mock')
  expect(seen).toEqual([])
  expect(mocked.key({ id: '1' })).toBe(getUser.key({ id: '1' }))
  // The original still asks the server.
  expect((await getUser({ id: '1' })).user.name).toBe('Ada')
  expect(seen).toHaveLength(1)
})

test('an override that spreads a promised init (async getHeaders) is refused before sending', async () => {
  class Broken extends GQLEndpoint {
    async getHeaders(headers: Record<string, string>) {
      return { ...headers, Authorization: 'Bearer t' }
    }
    getRequestInit(variables: Record<string, unknown>): RequestInit {
      return { ...(super.getRequestInit(variables) as RequestInit), credentials: 'include' }
    }
  }
  const sent: string[] = []
  server.use(
    http.all(URL, ({ request }) => {
      sent.push(request.method)
      return HttpResponse.json({ data: null })
    }),
  )
  const getName = new Broken(URL).query(`query GetUser($id: ID!) { user(id: $id) { id name } }`, {
    user: User,
  })
  const { controller } = makeStore()
  const error = await controller.fetch(getName, { id: '1' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SchemaDefinitionError)
  expect((error as Error).message).toMatch(/instead of a POST/)
  expect(sent).toEqual([])
})
