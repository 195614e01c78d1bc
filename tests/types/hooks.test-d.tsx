/**
 * The React hooks' types where `null` args or a returned promise change them (Reactive Data
 * Client's overloads): `useLive` and `useFetch`; `useDLE` narrows; errors carry `status`; generic
 * wrappers compile.
 */
import { expectTypeOf } from 'expect-type'
import { Endpoint, GQLEndpoint, createResource } from 'rtk-resources'
import type { EndpointArgs, EndpointInterface, ErrorTypes } from 'rtk-resources'
import { useDLE, useError, useFetch, useLive, useSuspense } from 'rtk-resources/react'
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
  // A reading hook takes any endpoint its types allow: refusing mutations (sideEffect typed
  // true), as data-client's types do, made every generic wrapper below fail to compile.
  // useFetch sends what it is given, mutations included (documented).
  void useFetch(UserResource.update, { id: 1 }, { name: 'x' })
  useSuspense(new Endpoint(async () => 1, { sideEffect: true }))
  expectTypeOf(rename.sideEffect).toEqualTypeOf<true>()
  return null
}

/** A custom hook forwarding its args, as apps write them. */
function useRead<E extends EndpointInterface<any, any, any>>(
  endpoint: E,
  ...args: EndpointArgs<E>
) {
  return useSuspense(endpoint, ...args)
}
function useReadState<E extends EndpointInterface<any, any, any>>(
  endpoint: E,
  ...args: EndpointArgs<E>
) {
  return useDLE(endpoint, ...args)
}
function Wrappers() {
  expectTypeOf(useRead(UserResource.get, { id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(useReadState(UserResource.get, { id: 1 }).data).toEqualTypeOf<User | undefined>()
  // @ts-expect-error the wrapper keeps the endpoint's args
  useRead(UserResource.get, {})
  return null
}

function Narrowing({ id }: { id: number | null }) {
  const { data, loading, error } = useDLE(UserResource.get, { id: 1 })
  if (!loading && !error) expectTypeOf(data).toEqualTypeOf<User>()
  if (loading) expectTypeOf(data).toEqualTypeOf<User | undefined>()
  if (error) expectTypeOf(error).toEqualTypeOf<ErrorTypes>()
  // As in data-client: the error's status reads without a cast (`expect(error?.status)`).
  if (error) expectTypeOf(error.status).toEqualTypeOf<number | undefined>()
  const failed = useError(UserResource.get, { id: 1 })
  expectTypeOf(failed?.status).toEqualTypeOf<number | undefined>()
  expectTypeOf(failed?.code).toEqualTypeOf<string | undefined>()
  expectTypeOf(failed?.response).toEqualTypeOf<Response | undefined>()
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
void Wrappers
