/**
 * A GQLEndpoint's `process` runs on every call's `data` (with the call's variables), given to
 * `extend` on an operation or to the endpoint the operations are made from.
 */
import { graphql, HttpResponse } from 'msw'
import { GQLEndpoint, GQLEntity } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

const URL = 'http://gql-process.test/graphql'
const api = graphql.link(URL)

class User extends GQLEntity {
  name = ''
  static key = 'User'
}

serveHandlers(
  api.query('GetUser', ({ variables }) =>
    HttpResponse.json({ data: { user: { id: String(variables.id), name: 'Ada' } } }),
  ),
  api.mutation('Rename', ({ variables }) =>
    HttpResponse.json({
      data: { rename: { id: String(variables.id), name: String(variables.name) } },
    }),
  ),
)

const text = 'query GetUser($id: ID!) { user(id: $id) { id name } }'
const renameText =
  'mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }'
const userSchema = { user: User }
const gql = new GQLEndpoint(URL)

test('extend({ process }) on a query: a call resolves to what process returns, given the variables', async () => {
  const getUser = gql.query<{ id: string }, typeof userSchema>(text, userSchema)
  const seen: unknown[] = []
  const getName = getUser.extend({
    process(value: { user: { name: string } }, variables) {
      seen.push(variables)
      return `${value.user.name} (${variables.id})`
    },
  })
  const name: string = await getName({ id: '7' })
  expect(name).toBe('Ada (7)')
  expect(seen).toEqual([{ id: '7' }])
  // The operation it was extended from is unchanged.
  expect(await getUser({ id: '7' })).toEqual({ user: { id: '7', name: 'Ada' } })
})

test('extend({ process }) on a mutation: the same, still a side effect', async () => {
  const rename = gql.mutation<{ id: string; name: string }, typeof userSchema>(
    renameText,
    userSchema,
  )
  const renamed = rename.extend({
    process: async (value: { rename: { name: string } }) => value.rename.name,
  })
  expect(renamed.sideEffect).toBe(true)
  const name: string = await renamed({ id: '1', name: 'Grace' })
  expect(name).toBe('Grace')
})

test('a process given to the endpoint applies to every operation made from it, until replaced', async () => {
  const shouting = new GQLEndpoint(URL, {
    process: (value: { user: { id: string; name: string } }) => ({
      user: { ...value.user, name: value.user.name.toUpperCase() },
    }),
  })
  const getUser = shouting.query(text, userSchema)
  const data: { user: { id: string; name: string } } = await getUser({ id: '1' })
  expect(data).toEqual({ user: { id: '1', name: 'ADA' } })
  const counted = shouting.extend({ process: () => 1 }).query(text, userSchema)
  const one: number = await counted({ id: '1' })
  expect(one).toBe(1)
  const replaced = getUser.extend({ process: () => 'own' })
  const own: string = await replaced({ id: '1' })
  expect(own).toBe('own')
})

test('the processed value is what is normalized: reads through the cache see it', async () => {
  const { store, cache, controller, expectSilentChecks } = makeStore()
  const getUser = gql.query<{ id: string }, typeof userSchema>(text, userSchema).extend({
    process: (value: { user: { id: string; name: string } }) => ({
      user: { ...value.user, name: `${value.user.name}!` },
    }),
  })
  const data = await controller.fetch(getUser, { id: '3' })
  expect(data.user).toBeInstanceOf(User)
  expect(data.user.name).toBe('Ada!')
  expect(cache.select(getUser, { id: '3' })(store.getState())?.user.name).toBe('Ada!')
  expectPlain(store.getState())
  expectSilentChecks()
})
