/**
 * GQLEndpoint operations: the schema types the data; typed variables take both type arguments
 * (or an annotation), since TypeScript infers no type argument once one is given.
 */
import { configureStore } from '@reduxjs/toolkit'
import { expectTypeOf } from 'expect-type'
import type { EndpointData } from 'rtk-resources'
import { GQLEndpoint, GQLEntity, createEntityCache } from 'rtk-resources'

class GUser extends GQLEntity {
  name = ''
  static key = 'GUser'
}
const gql = new GQLEndpoint('/graphql')
const text = `query GetUser($id: ID!) { user(id: $id) { id name } }`
const userSchema = { user: GUser }
const cache = createEntityCache({ reducerPath: 'data' })
const controller = cache.controller(configureStore({ reducer: { data: cache.reducer } }))

// No type arguments: the schema is inferred, the variables are any record.
const inferred = gql.query(text, { user: GUser })
expectTypeOf<EndpointData<typeof inferred>>().toEqualTypeOf<{ user: GUser }>()
expectTypeOf(inferred).parameter(0).toEqualTypeOf<Record<string, unknown> | undefined>()
// No schema: data untyped.
const untyped = gql.query<{ id: string }>(text)
expectTypeOf<EndpointData<typeof untyped>>().toBeUnknown()
// One type argument and a schema: refused, by a type whose name says to give both.
// @ts-expect-error give the schema's type too: query<{ id: string }, typeof userSchema>
gql.query<{ id: string }>(text, userSchema)

// Both type arguments.
const both = gql.query<{ id: string }, typeof userSchema>(text, userSchema)
expectTypeOf(controller.fetch(both, { id: '1' })).resolves.toEqualTypeOf<{ user: GUser }>()
// @ts-expect-error typed variables are checked
void controller.fetch(both, { id: 1 })

// An annotation types the variables and the schema is still checked against it.
const annotated: GQLEndpoint<{ id: string }, typeof userSchema> = gql.query(text, userSchema)
expectTypeOf<EndpointData<typeof annotated>>().toEqualTypeOf<{ user: GUser }>()

// Only the variables' type: refused (it would type the data as `unknown`).
// @ts-expect-error give both type arguments, or none
gql.query<{ id: string }>(text, userSchema)
// @ts-expect-error the same for mutations
gql.mutation<{ id: string }>(`mutation Rename($id: ID!) { rename(id: $id) { id } }`, userSchema)
// ...but fine without a schema.
gql.mutation<{ id: string }>(`mutation Ping($id: ID!) { ping(id: $id) }`)
const rename = gql.mutation<{ id: string; name: string }, typeof userSchema>(
  `mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }`,
  userSchema,
)
expectTypeOf(rename.sideEffect).toEqualTypeOf<true>()

// Called directly, an operation resolves to its data typed by the schema (data-client's gql.ts
// "should query": `response.slkd` is an error); without a schema, `any`.
expectTypeOf(both({ id: '1' })).resolves.toEqualTypeOf<{ user: GUser }>()
expectTypeOf(inferred()).resolves.toEqualTypeOf<{ user: GUser }>()
expectTypeOf(untyped({ id: '1' })).resolves.toBeAny()
export async function directCall() {
  const response = await both({ id: '1' })
  // @ts-expect-error not a member of the data
  void response.slkd
  const deleted = await gql.mutation<{ id: string }, { removeUser: typeof GUser }>(
    'mutation RemoveUser($id: ID!) { removeUser(id: $id) { id } }',
    { removeUser: GUser },
  )({ id: '1' })
  expectTypeOf(deleted.removeUser).toEqualTypeOf<GUser>()
}
