/**
 * An operation whose variables' type has a required member (`gql.query<{ id: string }, S>`, or an
 * annotation) takes them wherever it is called: the endpoint itself, its key, the Controller and
 * the hooks. They were optional, so `controller.fetch(getUser)` compiled and the server answered
 * `Variable "$id" of required type "ID!" was not provided`. Untyped operations and all-optional
 * variables stay optional.
 */
import { configureStore } from '@reduxjs/toolkit'
import { expectTypeOf } from 'expect-type'
import { createEntityCache, GQLEndpoint, GQLEntity } from 'rtk-resources'
import { useDLE, useSuspense } from 'rtk-resources/react'

class GUser extends GQLEntity {
  name = ''
  static key = 'GUser'
}
const gql = new GQLEndpoint('/graphql')
const userData = { user: GUser }
const cache = createEntityCache({ reducerPath: 'data' })
const store = configureStore({ reducer: { data: cache.reducer } })
const controller = cache.controller(store)

const getUser = gql.query<{ id: string }, typeof userData>(
  `query GetUser($id: ID!) { user(id: $id) { id name } }`,
  userData,
)
const annotated: GQLEndpoint<{ id: string }, typeof userData> = gql.query(
  `query GetUser($id: ID!) { user(id: $id) { id name } }`,
  userData,
)
const rename = gql.mutation<{ id: string; name: string }, typeof userData>(
  `mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }`,
  userData,
)

expectTypeOf(getUser).parameters.toEqualTypeOf<[variables: { id: string }]>()
expectTypeOf(controller.fetch(getUser, { id: '1' })).resolves.toEqualTypeOf<{ user: GUser }>()
void getUser({ id: '1' })
void getUser.key({ id: '1' })
void controller.fetch(rename, { id: '1', name: 'x' })
// @ts-expect-error the operation declares required variables
void controller.fetch(getUser)
// @ts-expect-error the operation declares required variables
void getUser()
// @ts-expect-error the operation declares required variables
void getUser.key()
// @ts-expect-error the operation declares required variables
void controller.fetch(annotated)
// @ts-expect-error the operation declares required variables
void controller.fetch(rename)
// @ts-expect-error the operation declares required variables
void cache.select(getUser)

// Still optional where nothing is required.
const me = gql.query(`query Me { me { id name } }`, { me: GUser })
expectTypeOf(me).parameters.toEqualTypeOf<[variables?: Record<string, unknown>]>()
void controller.fetch(me)
void me()
const search = gql.query<{ q?: string }, { users: [typeof GUser] }>(
  `query Search($q: String) { users(q: $q) { id name } }`,
  { users: [GUser] },
)
void controller.fetch(search)
void controller.fetch(search, { q: 'a' })

export function useProfile(id: string | null) {
  // @ts-expect-error the operation declares required variables
  useSuspense(getUser)
  expectTypeOf(useSuspense(getUser, { id: '1' })).toEqualTypeOf<{ user: GUser }>()
  expectTypeOf(useDLE(getUser, id === null ? null : { id }).data).toEqualTypeOf<
    { user: GUser } | undefined
  >()
  expectTypeOf(useSuspense(me)).toEqualTypeOf<{ me: GUser }>()
}
