/**
 * The React hooks' types where `null` args or a returned promise change them (Reactive Data
 * Client's overloads): `useLive` and `useFetch`; reading hooks refuse mutations; `useDLE`
 * narrows.
 */
import { expectTypeOf } from 'expect-type'
import { Endpoint, GQLEndpoint, createResource } from 'rtk-resources'
import { useDLE, useFetch, useLive, useSuspense } from 'rtk-resources/react'
import { User } from '../fixtures/entities'

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '' }), {
  schema: User,
  pollFrequency: 1000,
})
const getUsers = new Endpoint(async () => [], { schema: [User] })

function Live({ id }: { id: number | null }) {
  expectTypeOf(useLive(getUser, { id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(useLive(getUsers)).toEqualTypeOf<User[]>()
  // null args: inactive, undefined.
  expectTypeOf(useLive(getUser, null)).toEqualTypeOf<User | undefined>()
  expectTypeOf(useLive(getUser, id === null ? null : { id })).toEqualTypeOf<User | undefined>()
  // @ts-expect-error id is required
  useLive(getUser, {})
  // @ts-expect-error wrong arg type
  useLive(getUser, { id: 'x' })
  return null
}

function Fetch({ id }: { id: number | null }) {
  // The request's promise when it fetches, else undefined.
  expectTypeOf(useFetch(getUser, { id: 1 })).toEqualTypeOf<Promise<User> | undefined>()
  expectTypeOf(useFetch(getUsers)).toEqualTypeOf<Promise<User[]> | undefined>()
  expectTypeOf(useFetch(getUser, null)).toEqualTypeOf<Promise<User> | undefined>()
  expectTypeOf(useFetch(getUser, id === null ? null : { id })).toEqualTypeOf<
    Promise<User> | undefined
  >()
  // @ts-expect-error id is required
  useFetch(getUser, {})
  return null
}

const UserResource = createResource({ path: '/users/:id', schema: User })
const rename = new GQLEndpoint('/graphql').mutation<{ name: string }, { rename: typeof User }>(
  'mutation Rename($name: String!) { rename(name: $name) { id name } }',
  { rename: User },
)

function Mutations() {
  // As in data-client, a reading hook refuses a mutation: it would be sent at every mount.
  // @ts-expect-error a PUT is not read
  useSuspense(UserResource.update, { id: 1 }, { name: 'x' })
  // @ts-expect-error a POST that joins the lists is not read
  useLive(UserResource.getList.push, { name: 'x' })
  // @ts-expect-error a DELETE is not read
  useDLE(UserResource.delete, { id: 1 })
  // @ts-expect-error a GraphQL mutation is not read
  useSuspense(rename, { name: 'x' })
  // useFetch sends what it is given, mutations included (documented).
  void useFetch(UserResource.update, { id: 1 }, { name: 'x' })
  // An Endpoint whose sideEffect is only known as a boolean is taken.
  useSuspense(new Endpoint(async () => 1, { sideEffect: true }))
  return null
}

function Narrowing({ id }: { id: number | null }) {
  const { data, loading, error } = useDLE(UserResource.get, { id: 1 })
  if (!loading && !error) expectTypeOf(data).toEqualTypeOf<User>()
  if (loading) expectTypeOf(data).toEqualTypeOf<User | undefined>()
  if (error) expectTypeOf(error).toEqualTypeOf<Error>()
  expectTypeOf(useDLE(UserResource.get, { id: 1 }).data).toEqualTypeOf<User | undefined>()
  // With null args there may be no call at all: data stays possibly undefined.
  const maybe = useDLE(UserResource.get, id === null ? null : { id })
  if (!maybe.loading && !maybe.error) expectTypeOf(maybe.data).toEqualTypeOf<User | undefined>()
  return null
}
void Live
void Fetch
void Mutations
void Narrowing
