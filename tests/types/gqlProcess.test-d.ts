/**
 * GQLEndpoint and `process`: a call resolves to what `process` returns when one is given (to
 * `extend`, or to the endpoint the operation was made from), else to the schema's type.
 */
import { expectTypeOf } from 'expect-type'
import { configureStore } from '@reduxjs/toolkit'
import { createEntityCache, GQLEndpoint, GQLEntity } from 'rtk-resources'

class GUser extends GQLEntity {
  name = ''
  static key = 'GUser'
}
const gql = new GQLEndpoint('/graphql')
const text = `query GetUser($id: ID!) { user(id: $id) { id name } }`
const userSchema = { user: GUser }

// extend({ process }) on a query: the call follows process's return type.
const getUser = gql.query<{ id: string }, typeof userSchema>(text, userSchema)
const getName = getUser.extend({
  process(value: { user: { name: string } }, variables) {
    expectTypeOf(variables).toEqualTypeOf<{ id: string }>()
    return value.user.name
  },
})
expectTypeOf(getName({ id: '1' })).resolves.toEqualTypeOf<string>()
// The variables stay typed, and the schema too.
// @ts-expect-error id is a string
void getName({ id: 1 })
expectTypeOf(getName.schema).toEqualTypeOf<typeof userSchema>()
// An async process resolves to what its promise holds.
const getLength = getUser.extend({
  process: async (value: { user: GUser }) => value.user.name.length,
})
expectTypeOf(getLength({ id: '1' })).resolves.toEqualTypeOf<number>()
// An unannotated value is `any`, as the response is JSON.
const getAny = getUser.extend({
  process(value) {
    expectTypeOf(value).toBeAny()
    return { wrapped: true as const }
  },
})
expectTypeOf(getAny({ id: '1' })).resolves.toEqualTypeOf<{ wrapped: true }>()

// Without process, extend keeps the schema's type.
const renamed = getUser.extend({ name: 'GetUserAgain' })
expectTypeOf(renamed({ id: '1' })).resolves.toEqualTypeOf<{ user: GUser }>()

// The same for mutations, which stay side effects.
const rename = gql.mutation<{ id: string; name: string }, typeof userSchema>(
  `mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }`,
  userSchema,
)
const renameOk = rename.extend({ process: () => true as const })
expectTypeOf(renameOk({ id: '1', name: 'x' })).resolves.toEqualTypeOf<true>()
expectTypeOf(renameOk.sideEffect).toEqualTypeOf<true>()

// An operation of an endpoint made with a process resolves to that process's return type...
const unwrapping = new GQLEndpoint('/graphql', {
  process: (value: Record<string, unknown>) => Object.values(value)[0],
})
const getUserData = unwrapping.query(text, userSchema)
expectTypeOf(getUserData({ id: '1' })).resolves.toEqualTypeOf<unknown>()
const counting = new GQLEndpoint('/graphql').extend({ process: () => 0 })
expectTypeOf(counting.query(text, userSchema)({ id: '1' })).resolves.toEqualTypeOf<number>()
expectTypeOf(counting.mutation(text, userSchema)({ id: '1' })).resolves.toEqualTypeOf<number>()
// ...until an operation's own process replaces it.
const replaced = counting.query(text, userSchema).extend({ process: () => 'text' })
expectTypeOf(replaced({ id: '1' })).resolves.toEqualTypeOf<string>()
// An endpoint made without one: the schema's type.
expectTypeOf(gql.query(text, userSchema)()).resolves.toEqualTypeOf<{ user: GUser }>()

// A subclass's members are kept through extend({ process }).
class AuthGQL extends GQLEndpoint {
  token = 'x'
}
const authed = new AuthGQL('/graphql').extend({ process: () => 1 })
expectTypeOf(authed.token).toEqualTypeOf<string>()
expectTypeOf(authed.query(text, userSchema)()).resolves.toEqualTypeOf<number>()
// A subclass without type parameters still takes a process in its options.
new AuthGQL('/graphql', { process: (value: unknown) => value })
// @ts-expect-error process is a function
new GQLEndpoint('/graphql', { process: 5 })

// Reads through the cache stay typed by the schema: process's value is what they normalize.
const cache = createEntityCache({ reducerPath: 'data' })
const controller = cache.controller(configureStore({ reducer: { data: cache.reducer } }))
const reshaped = getUser.extend({ process: (value: { user: GUser }) => value })
expectTypeOf(controller.fetch(reshaped, { id: '1' })).resolves.toEqualTypeOf<{ user: GUser }>()
expectTypeOf(cache.select(getName, { id: '1' })).returns.toEqualTypeOf<
  { user: GUser } | undefined
>()
// @ts-expect-error the variables are still checked where the endpoint is read
void controller.fetch(getName, { id: 1 })

// An annotation without a process type takes an operation of an endpoint made with one (review
// R8): its calls are then typed by the schema, as every annotation was before process was typed.
const gqlWrapped = new GQLEndpoint('/graphql', { process: (d: { wrapper: unknown }) => d.wrapper })
const annotated: GQLEndpoint<{ id: string }, typeof userSchema> = gqlWrapped.query<
  { id: string },
  typeof userSchema
>(text, userSchema)
expectTypeOf(annotated({ id: '1' })).resolves.toEqualTypeOf<{ user: GUser }>()
function makeQuery<S>(t: string, s: S): GQLEndpoint<any, S> {
  return gqlWrapped.query(t, s)
}
void makeQuery

// A process whose variables do not fit the operation's is refused, not taken untyped.
// @ts-expect-error the operation's id is a string
void getUser.extend({ process: (_d: unknown, vars: { id: number }) => vars.id })
