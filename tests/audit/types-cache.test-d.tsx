/**
 * Audit: what the Controller, `cache.select` and the hooks resolve to (CONTRACT "Types": "the
 * Controller's `fetch`, `cache.select` and the hooks resolve to the denormalized type"), with
 * resources as users write them. A line marked `// DEFECT:` is a check that fails today.
 */
import { configureStore } from '@reduxjs/toolkit'
import { expectTypeOf } from 'expect-type'
import type { Controller, ExpiryStatus } from 'rtk-resources'
import {
  Entity,
  GQLEndpoint,
  GQLEntity,
  Query,
  RestEndpoint,
  createEntityCache,
  createResource,
  hookifyResource,
  schema,
} from 'rtk-resources'
import {
  useCache,
  useController,
  useDLE,
  useError,
  useFetch,
  useLive,
  useQuery,
  useSuspense,
} from 'rtk-resources/react'

class User extends Entity {
  id = 0
  name = ''
  active = true
  pk() {
    return this.id
  }
  static key = 'User'
}
class Post extends Entity {
  id = ''
  title = ''
  author = User.fromJS({})
  createdAt = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Post'
  static schema = { author: User, createdAt: Date }
}
class Cat extends Entity {
  id = ''
  type = 'cat' as const
  meows = true
  pk() {
    return this.id
  }
  static key = 'Cat'
}
class Dog extends Entity {
  id = ''
  type = 'dog' as const
  barks = true
  pk() {
    return this.id
  }
  static key = 'Dog'
}

const UserResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/users/:id',
  schema: User,
})
const PostResource = createResource({ path: '/users/:userId/posts/:id', schema: Post })
const getFeed = new RestEndpoint({
  path: '/feed',
  searchParams: {} as { cursor?: string },
  schema: { results: [Post], nextCursor: '' as string | null, total: 0 as number },
})
// The CONTRACT's own shape, `{ results: [S], nextPage: '' }` ("non-schema members pass
// through"), written on a RestEndpoint: the member's type is its value's type, as on
// `new Endpoint(...)` and `createResource` (tests/types/cache.test-d.tsx: `next: ''` reads as
// `string`). RestEndpoint's `const O` keeps the literals instead.
const getPage = new RestEndpoint({
  path: '/page',
  schema: { results: [Post], nextPage: '', total: 0 },
})
async function passThrough() {
  const page = await controller.fetch(getPage)
  // DEFECT: RestEndpoint's `const O` narrows pass-through members to literals: nextPage is `""`, total is `0`
  expectTypeOf(page).toEqualTypeOf<{ results: Post[]; nextPage: string; total: number }>()
  // DEFECT: (same) so a user's comparison is refused: TS2367 'types "" and "abc" have no overlap'
  if (page.nextPage === 'abc') void page
  const extended = UserResource.getList.extend({ schema: { results: [User], next: '' } })
  // DEFECT: (same) extend's `const N` does it too: next is `""`
  expectTypeOf(await extended()).toEqualTypeOf<{ results: User[]; next: string }>()
}
void passThrough
const getPets = new RestEndpoint({
  path: '/pets',
  schema: [new schema.Union({ cat: Cat, dog: Dog }, 'type')],
})
const getUserMap = new RestEndpoint({ path: '/users/map', schema: new schema.Values(User) })
const getAllUsers = new RestEndpoint({ path: '/users/all', schema: new schema.All(User) })
const activeUsers = new Query(new schema.All(User), (users, { active }: { active: boolean }) =>
  users.filter((user) => user.active === active),
)
const userCount = new Query(new schema.All(User), (users) => users.length)
const userById = new Query(User)

const cache = createEntityCache({ reducerPath: 'data' })
const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (gDM) => gDM().concat(cache.middleware),
})
const controller = cache.controller(store)
type State = ReturnType<typeof store.getState>
declare const state: State

async function controllerFetch() {
  expectTypeOf(await controller.fetch(UserResource.get, { id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(await controller.fetch(UserResource.getList)).toEqualTypeOf<User[]>()
  expectTypeOf(await controller.fetch(UserResource.getList, { active: true })).toEqualTypeOf<
    User[]
  >()
  expectTypeOf(await controller.fetch(UserResource.create, { name: 'a' })).toEqualTypeOf<User>()
  expectTypeOf(
    await controller.fetch(UserResource.update, { id: 1 }, { name: 'a' }),
  ).toEqualTypeOf<User>()
  expectTypeOf(
    await controller.fetch(UserResource.partialUpdate, { id: 1 }, { name: 'a' }),
  ).toEqualTypeOf<User>()
  expectTypeOf(
    await controller.fetch(PostResource.get, { userId: 1, id: 'p' }),
  ).toEqualTypeOf<Post>()
  // Entity members are what the class declares (a User instance, a Date).
  const post = await controller.fetch(PostResource.get, { userId: 1, id: 'p' })
  expectTypeOf(post.author).toEqualTypeOf<User>()
  expectTypeOf(post.createdAt).toEqualTypeOf<Date>()
  expectTypeOf(post.pk()).toEqualTypeOf<string>()
  // Plain-object schemas member by member; non-schema members keep their type.
  expectTypeOf(await controller.fetch(getFeed, { cursor: 'x' })).toEqualTypeOf<{
    results: Post[]
    nextCursor: string | null
    total: number
  }>()
  expectTypeOf(await controller.fetch(getPets)).toEqualTypeOf<(Cat | Dog)[]>()
  expectTypeOf(await controller.fetch(getUserMap)).toEqualTypeOf<Record<string, User>>()
  expectTypeOf(await controller.fetch(getAllUsers)).toEqualTypeOf<User[]>()
  // Arg checks.
  // @ts-expect-error missing path param
  void controller.fetch(UserResource.get, {})
  // @ts-expect-error missing params entirely
  void controller.fetch(UserResource.get)
  // @ts-expect-error nested getList needs the parent param
  void controller.fetch(PostResource.getList)
  // @ts-expect-error wrong body field type
  void controller.fetch(UserResource.update, { id: 1 }, { name: 1 })
  // @ts-expect-error update needs a body
  void controller.fetch(UserResource.update, { id: 1 })
  // fetchIfStale and the detached methods keep the types.
  expectTypeOf(await controller.fetchIfStale(UserResource.get, { id: 1 })).toEqualTypeOf<User>()
  const { fetch, invalidate, getResponse } = controller
  expectTypeOf(await fetch(UserResource.getList)).toEqualTypeOf<User[]>()
  await invalidate(UserResource.get, { id: 1 })
  // @ts-expect-error invalidate checks the args
  void invalidate(UserResource.get, {})
  const response = getResponse(UserResource.get, { id: 1 }, state)
  expectTypeOf(response.data).toEqualTypeOf<User | undefined>()
  expectTypeOf(response.expiryStatus).toEqualTypeOf<ExpiryStatus>()
  expectTypeOf(response.expiresAt).toEqualTypeOf<number>()
  expectTypeOf(controller.getResponse(UserResource.getList, state).data).toEqualTypeOf<
    User[] | undefined
  >()
  expectTypeOf(controller.getError(UserResource.get, { id: 1 }, state)).toEqualTypeOf<
    Error | undefined
  >()
  controller.setResponse(UserResource.get, { id: 1 }, { id: 1, name: 'a' })
  controller.setError(UserResource.get, { id: 1 }, new Error('x'))
  await controller.invalidateAll({ testKey: (key: string) => key.startsWith('GET') })
  await controller.expireAll({ testKey: UserResource.get.testKey })
  controller.resetEntireStore()
  // Queries through getResponse.
  expectTypeOf(controller.getResponse(userCount, state).data).toEqualTypeOf<number | undefined>()
}
void controllerFetch

function selectors() {
  expectTypeOf(cache.select(UserResource.get, { id: 1 })(state)).toEqualTypeOf<User | undefined>()
  expectTypeOf(cache.select(UserResource.getList)(state)).toEqualTypeOf<User[] | undefined>()
  expectTypeOf(cache.select(getFeed)(state)).toEqualTypeOf<
    { results: Post[]; nextCursor: string | null; total: number } | undefined
  >()
  expectTypeOf(cache.select(activeUsers, { active: true })(state)).toEqualTypeOf<
    User[] | undefined
  >()
  expectTypeOf(cache.select(userCount)(state)).toEqualTypeOf<number | undefined>()
  expectTypeOf(cache.select(userById, { id: 1 })(state)).toEqualTypeOf<User | undefined>()
  // @ts-expect-error the query's process declares its args
  cache.select(activeUsers)
  // @ts-expect-error the query's args have a type
  cache.select(activeUsers, { active: 'yes' })
  // @ts-expect-error select checks the endpoint's args
  cache.select(UserResource.get, {})
  // A selector works with useSelector-style callers: (state) => data.
  const selectUser: (root: State) => User | undefined = cache.select(UserResource.get, { id: 1 })
  void selectUser
}
void selectors

// Query's process is typed from the schema.
new Query(new schema.All(User), (users) => {
  expectTypeOf(users).toEqualTypeOf<User[]>()
  return users.map((user) => user.name)
})
new Query(new schema.Values(User), (byId) => {
  expectTypeOf(byId).toEqualTypeOf<Record<string, User>>()
  return Object.keys(byId).length
})
new Query({ users: new schema.All(User), posts: new schema.All(Post) }, (joined) => {
  expectTypeOf(joined).toEqualTypeOf<{ users: User[]; posts: Post[] }>()
  return joined.users.length + joined.posts.length
})

// ---------------------------------------------------------------------------------------------
// Hooks
const UserHooks = hookifyResource(UserResource, () => ({ headers: { 'Access-Token': 't' } }))

function Hooks({ id, maybeId }: { id: number; maybeId: number | null }) {
  // useSuspense is never undefined with real args.
  expectTypeOf(useSuspense(UserResource.get, { id })).toEqualTypeOf<User>()
  expectTypeOf(useSuspense(UserResource.getList)).toEqualTypeOf<User[]>()
  expectTypeOf(useSuspense(UserResource.getList, { active: true })).toEqualTypeOf<User[]>()
  expectTypeOf(useSuspense(getFeed, {})).toEqualTypeOf<{
    results: Post[]
    nextCursor: string | null
    total: number
  }>()
  expectTypeOf(useSuspense(PostResource.getList, { userId: id })).toEqualTypeOf<Post[]>()
  // null args: inactive, possibly undefined.
  expectTypeOf(useSuspense(UserResource.get, null)).toEqualTypeOf<User | undefined>()
  expectTypeOf(
    useSuspense(UserResource.get, maybeId === null ? null : { id: maybeId }),
  ).toEqualTypeOf<User | undefined>()
  // @ts-expect-error useSuspense checks the args
  useSuspense(UserResource.get, {})
  // @ts-expect-error useSuspense needs the args
  useSuspense(UserResource.get)
  // useDLE / useCache: possibly undefined.
  const dle = useDLE(UserResource.get, { id })
  expectTypeOf(dle.data).toEqualTypeOf<User | undefined>()
  expectTypeOf(dle.loading).toEqualTypeOf<boolean>()
  expectTypeOf(dle.error).toEqualTypeOf<Error | undefined>()
  expectTypeOf(useDLE(UserResource.get, null).data).toEqualTypeOf<User | undefined>()
  expectTypeOf(useCache(UserResource.get, { id })).toEqualTypeOf<User | undefined>()
  expectTypeOf(useCache(UserResource.getList)).toEqualTypeOf<User[] | undefined>()
  expectTypeOf(useCache(UserResource.get, null)).toEqualTypeOf<User | undefined>()
  expectTypeOf(useCache(activeUsers, { active: true })).toEqualTypeOf<User[] | undefined>()
  expectTypeOf(useQuery(userCount)).toEqualTypeOf<number | undefined>()
  expectTypeOf(useQuery(activeUsers, { active: false })).toEqualTypeOf<User[] | undefined>()
  expectTypeOf(useQuery(activeUsers, null)).toEqualTypeOf<User[] | undefined>()
  // @ts-expect-error useQuery checks the args
  useQuery(activeUsers, { active: 1 })
  // @ts-expect-error useDLE checks the args
  useDLE(UserResource.get, {})
  expectTypeOf(useFetch(UserResource.get, { id })).toEqualTypeOf<Promise<User> | undefined>()
  expectTypeOf(useError(UserResource.get, { id })).toEqualTypeOf<Error | undefined>()
  expectTypeOf(useLive(UserResource.get, { id })).toEqualTypeOf<User>()
  expectTypeOf(useController()).toEqualTypeOf<Controller>()
  // Hookified resources: the hook returns the endpoint; reads stay typed.
  const getUser = UserHooks.useGet()
  expectTypeOf(useSuspense(getUser, { id })).toEqualTypeOf<User>()
  const getUsers = UserHooks.useGetList()
  expectTypeOf(useSuspense(getUsers)).toEqualTypeOf<User[]>()
  const update = UserHooks.useUpdate()
  void useController().fetch(update, { id }, { name: 'x' })
  // @ts-expect-error the hook's endpoint keeps its arg types
  void useController().fetch(update, { id }, { name: 1 })
  expectTypeOf(UserHooks).toHaveProperty('usePartialUpdate')
  expectTypeOf(UserHooks).toHaveProperty('useCreate')
  expectTypeOf(UserHooks).toHaveProperty('useDelete')
  // A paginated list reads as the list.
  const nextPage = UserResource.getList.paginated('cursor')
  void useController().fetch(nextPage, { cursor: 'c' })
  expectTypeOf(useSuspense(UserResource.getList)).toEqualTypeOf<User[]>()
  return null
}
void Hooks

// Passing the Entity class where an instance is expected, and a record missing pk(): errors.
function takesUser(user: User) {
  return user.name
}
// @ts-expect-error the class is not an instance
takesUser(User)
const plain = { id: 1, name: 'a', active: true }
// @ts-expect-error a plain record is not an Entity instance (no pk())
takesUser(plain)
// An Entity subclass that forgets pk() cannot be instantiated/used as a schema.
// @ts-expect-error pk() is abstract: a concrete Entity class must define it
class NoPk extends Entity {
  id = 0
  static key = 'NoPk'
}
void NoPk

// ---------------------------------------------------------------------------------------------
// GraphQL
class GUser extends GQLEntity {
  name = ''
  static key = 'GUser'
}
const gql = new GQLEndpoint('https://api.example.com/graphql')
const getGUser = gql.query(`query GetUser($id: ID!) { user(id: $id) { id name } }`, { user: GUser })
const renameGUser = gql.mutation(
  `mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }`,
  { rename: GUser },
)
async function graphql() {
  expectTypeOf(await controller.fetch(getGUser, { id: '1' })).toEqualTypeOf<{ user: GUser }>()
  expectTypeOf(await controller.fetch(renameGUser, { id: '1', name: 'Ada' })).toEqualTypeOf<{
    rename: GUser
  }>()
  expectTypeOf(cache.select(getGUser, { id: '1' })(state)).toEqualTypeOf<
    { user: GUser } | undefined
  >()
  expectTypeOf(new GUser().pk()).toEqualTypeOf<string>()
  expectTypeOf(new GUser().id).toEqualTypeOf<string>()
  // Typed variables, as the docs' signature `gql.query<TVariables, TSchema>(query, schema)` invites.
  const typedVars = gql.query<{ id: string }, { user: typeof GUser }>(
    `query GetUser($id: ID!) { user(id: $id) { id name } }`,
    { user: GUser },
  )
  expectTypeOf(await controller.fetch(typedVars, { id: '1' })).toEqualTypeOf<{ user: GUser }>()
  // @ts-expect-error typed variables are checked
  void controller.fetch(typedVars, { id: 1 })
  // Only the variables given (TypeScript has no partial inference): the schema type falls to
  // the default `unknown`, so reads are `unknown` (data-client infers variables from a
  // `(variables) => string` query instead).
  const varsOnly = gql.query<{ id: string }>(`query GetUser($id: ID!) { user(id: $id) { id } }`, {
    user: GUser,
  })
  // DEFECT: gql.query<TVariables>(text, schema) drops the schema type (TSchema defaults to unknown): reads are `unknown`
  expectTypeOf(await controller.fetch(varsOnly, { id: '1' })).toEqualTypeOf<{ user: GUser }>()
  // Mutations are side effects, queries are not.
  expectTypeOf(renameGUser.sideEffect).toEqualTypeOf<boolean | undefined>()
  // A direct call resolves to the response's `data` (typed `any` here, as in data-client).
  const direct = await getGUser({ id: '1' })
  void direct
}
void graphql
