/* eslint-disable @typescript-eslint/no-unused-vars -- type tests keep values for their types */
/**
 * Audit: the types of createResource and RestEndpoint as a user writes them (CONTRACT
 * "Endpoints" / "Types"; data-client's createResource, RestEndpoint.d.ts and pathTypes.ts where
 * the contract is silent). Checked by `tsc -p tests/audit/tsconfig.json`; a line marked
 * `// DEFECT:` is a check that fails today.
 */
import { expectTypeOf } from 'expect-type'
import type { OptimisticSnapshot, PathArgs } from 'rtk-resources'
import {
  Endpoint,
  Entity,
  RestEndpoint,
  createResource,
  hookifyResource,
  schema,
  shortenPath,
} from 'rtk-resources'

class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
}

class Post extends Entity {
  id = ''
  title = ''
  votes = 0
  published = false
  author = User.fromJS({})
  tags: string[] = []
  createdAt = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Post'
  static schema = { author: User, createdAt: Date }
}

// ---------------------------------------------------------------------------------------------
// Path params: a flat resource
const UserResource = createResource({ path: '/users/:id', schema: User })

UserResource.get({ id: 1 })
UserResource.get({ id: 'abc' })
// @ts-expect-error get({}) does not compile (CONTRACT)
UserResource.get({})
// @ts-expect-error a boolean is not a path segment
UserResource.get({ id: false })
// @ts-expect-error null is not a path segment
UserResource.get({ id: null })
// @ts-expect-error undefined is not a path segment
UserResource.get({ id: undefined })
UserResource.getList()
UserResource.getList({})
UserResource.getList({ page: 2, search: 'a', active: true })
// @ts-expect-error query values are strings, numbers or booleans
UserResource.getList({ page: { nested: 1 } })
UserResource.delete({ id: 1 })
// @ts-expect-error delete needs the id
UserResource.delete({})
// @ts-expect-error delete needs its params
UserResource.delete()

// The members' declared paths are the literal templates (hover shows them).
expectTypeOf(UserResource.get.path).toEqualTypeOf<'/users/:id'>()
expectTypeOf(UserResource.getList.path).toEqualTypeOf<'/users'>()
expectTypeOf(UserResource.create.path).toEqualTypeOf<'/users'>()
expectTypeOf(UserResource.update.method).toEqualTypeOf<'PUT'>()
expectTypeOf(UserResource.partialUpdate.method).toEqualTypeOf<'PATCH'>()
expectTypeOf(UserResource.delete.method).toEqualTypeOf<'DELETE'>()
expectTypeOf(UserResource.get.method).toEqualTypeOf<'GET'>()
expectTypeOf(shortenPath('/users/:userId/posts/:id')).toEqualTypeOf<'/users/:userId/posts'>()
expectTypeOf(shortenPath('/:id')).toEqualTypeOf<'/'>()

// Extra params on get go to the query string at runtime (CONTRACT table, "+ extras → query
// string"); data-client's `get` (NewGetEndpoint<{ path }>) refuses them in its type, as we do.
// @ts-expect-error get's params are the path params only
UserResource.get({ id: 1, expand: 'posts' })

// ---------------------------------------------------------------------------------------------
// Nested paths
const PostResource = createResource({ path: '/users/:userId/posts/:id', schema: Post })
PostResource.get({ userId: 1, id: 'p1' })
// @ts-expect-error the parent param is required too
PostResource.get({ id: 'p1' })
// @ts-expect-error the record's own param is required
PostResource.get({ userId: 1 })
PostResource.getList({ userId: 1 })
PostResource.getList({ userId: '1', page: 3 })
// @ts-expect-error getList keeps the parent param
PostResource.getList({ page: 3 })
// @ts-expect-error getList keeps the parent param
PostResource.getList()
PostResource.create({ userId: 1 }, { title: 'Hello' })
// @ts-expect-error create on a nested path needs the parent param before the body
PostResource.create({ title: 'Hello' })
PostResource.update({ userId: 1, id: 'p1' }, { title: 'x' })
PostResource.partialUpdate({ userId: 1, id: 'p1' }, { votes: 2 })
// @ts-expect-error partialUpdate needs every path param
PostResource.partialUpdate({ id: 'p1' }, { votes: 2 })
PostResource.delete({ userId: 1, id: 'p1' })
expectTypeOf(PostResource.getList.path).toEqualTypeOf<'/users/:userId/posts'>()

// Deeply nested (three params) and params joined by other characters.
const Deep = createResource({ path: '/orgs/:orgId/teams/:teamId/members/:id', schema: User })
Deep.getList({ orgId: 1, teamId: 2 })
// @ts-expect-error both parents are needed
Deep.getList({ orgId: 1 })
const Dotted = new RestEndpoint({ path: '/files/:name.:ext' })
Dotted({ name: 'a', ext: 'txt' })
// @ts-expect-error ext is required
Dotted({ name: 'a' })
const Dashed = new RestEndpoint({ path: '/range/:from-:to' })
Dashed({ from: 1, to: 2 })
// @ts-expect-error to is required
Dashed({ from: 1 })

// A full URL in the path (data-client allows `http\\://`; our docs use urlPrefix; both work).
const Absolute = new RestEndpoint({ path: 'https://api.example.com/users/:id', schema: User })
Absolute({ id: 1 })
expectTypeOf<PathArgs<'https://api.example.com/users/:id'>>().toEqualTypeOf<{
  id: string | number
}>()
expectTypeOf(
  shortenPath('https://api.example.com/users/:id'),
).toEqualTypeOf<'https://api.example.com/users'>()

// ---------------------------------------------------------------------------------------------
// Optional params (RestEndpoint docs: `{/:id}` or `:id?`)
const braces = new RestEndpoint({ path: '/posts{/:id}', schema: Post })
braces()
braces({})
braces({ id: 'p1' })
// @ts-expect-error an optional param still has a type
braces({ id: true })
const question = new RestEndpoint({ path: '/posts/:id?', schema: Post })
question()
question({ id: 'p1' })
const optionalParent = createResource({ path: '/groups{/:groupId}/users/:id', schema: User })
optionalParent.getList()
optionalParent.getList({ groupId: 1 })
optionalParent.get({ id: 1 })
// @ts-expect-error id stays required
optionalParent.get({ groupId: 1 })
// data-client's test: two optional params side by side.
const twoOptional = new RestEndpoint({ path: '/article-cooler/:id?:title?' })
twoOptional({})
twoOptional({ id: 1 })
twoOptional({ title: 'x' })
// @ts-expect-error unknown param
twoOptional({ idasd: 1 })

// ---------------------------------------------------------------------------------------------
// Bodies
PostResource.create({ userId: 1 }, { title: 'x', votes: 1, published: true, tags: ['a'] })
// @ts-expect-error votes is a number
PostResource.create({ userId: 1 }, { votes: '1' })
// @ts-expect-error tags is a list of strings
PostResource.create({ userId: 1 }, { tags: [1] })
// @ts-expect-error not a field of Post
PostResource.create({ userId: 1 }, { titel: 'typo' })
// A Date field may be sent as a Date or a string; a nested entity as its pk or its fields.
PostResource.create({ userId: 1 }, { createdAt: new Date() })
PostResource.create({ userId: 1 }, { createdAt: '2024-01-01T00:00:00Z' })
PostResource.create({ userId: 1 }, { author: 1 })
PostResource.create({ userId: 1 }, { author: { id: 1, name: 'a' } })
// @ts-expect-error methods are not body fields
PostResource.create({ userId: 1 }, { pk: () => 'x' })
// @ts-expect-error update's body has the field types too
PostResource.update({ userId: 1, id: 'p1' }, { votes: 'many' })
// @ts-expect-error partialUpdate's body has the field types too
PostResource.partialUpdate({ userId: 1, id: 'p1' }, { published: 'yes' })
// @ts-expect-error update needs a body
PostResource.update({ userId: 1, id: 'p1' })
// @ts-expect-error partialUpdate needs a body
PostResource.partialUpdate({ userId: 1, id: 'p1' })
// @ts-expect-error getList takes no body
PostResource.getList({ userId: 1 }, { title: 'x' })

// A declared body: create/update take it whole, partialUpdate takes some of it.
interface PostBody {
  title: string
  votes: number
}
const Typed = createResource({ path: '/posts/:id', schema: Post, body: {} as PostBody })
Typed.create({ title: 'a', votes: 0 })
// @ts-expect-error votes is required in a declared body
Typed.create({ title: 'a' })
Typed.update({ id: 'p1' }, { title: 'a', votes: 1 })
// @ts-expect-error update takes the declared body whole
Typed.update({ id: 'p1' }, { title: 'a' })
Typed.partialUpdate({ id: 'p1' }, { votes: 2 })
// @ts-expect-error not in the declared body
Typed.partialUpdate({ id: 'p1' }, { published: true })
// A declared searchParams type for getList.
const Searched = createResource({
  path: '/posts/:id',
  schema: Post,
  searchParams: {} as { author?: number; page?: number },
})
Searched.getList()
Searched.getList({ author: 1 })
// @ts-expect-error only the declared query params
Searched.getList({ auther: 1 })

// ---------------------------------------------------------------------------------------------
// What calls resolve to (the processed response; its type is the schema's)
async function calls() {
  expectTypeOf(await UserResource.get({ id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(await UserResource.getList()).toEqualTypeOf<User[]>()
  expectTypeOf(await UserResource.create({ name: 'a' })).toEqualTypeOf<User>()
  expectTypeOf(await UserResource.update({ id: 1 }, { name: 'a' })).toEqualTypeOf<User>()
  expectTypeOf(await UserResource.partialUpdate({ id: 1 }, { name: 'a' })).toEqualTypeOf<User>()
  const deleted = await UserResource.delete({ id: 1 })
  // delete: the response when it has keys, else the params (CONTRACT).
  expectTypeOf(deleted).toMatchTypeOf<{ id?: number } | { id: string | number }>()
  expectTypeOf(UserResource.get.key({ id: 1 })).toEqualTypeOf<string>()
  // @ts-expect-error key takes the same args as the call
  UserResource.get.key({})
  expectTypeOf(UserResource.getList.key()).toEqualTypeOf<string>()
}
void calls

// ---------------------------------------------------------------------------------------------
// extend: keeps or changes the types
const getPostBySlug = PostResource.get.extend({ path: '/posts/by-slug/:slug' })
getPostBySlug({ slug: 'x' })
// @ts-expect-error the new path's params replace the old
getPostBySlug({ userId: 1, id: 'p1' })
const getUserAsPost = UserResource.get.extend({ schema: Post })
async function extended() {
  expectTypeOf(await getUserAsPost({ id: 1 })).toEqualTypeOf<Post>()
  // Keeps what it does not change.
  const longer = UserResource.get.extend({ dataExpiryLength: 60_000 })
  expectTypeOf(await longer({ id: 1 })).toEqualTypeOf<User>()
  // @ts-expect-error still needs the id
  longer({})
  // searchParams on getList.
  const filtered = UserResource.getList.extend({
    searchParams: {} as { active?: boolean },
  })
  filtered({ active: true })
  // @ts-expect-error only the declared query params
  filtered({ page: 2 })
  // process changes the result type.
  const count = UserResource.getList.extend({
    process(users: User[]) {
      return users.length
    },
  })
  expectTypeOf(await count()).toEqualTypeOf<number>()
  // A body made undefined: the call takes none.
  const publish = PostResource.partialUpdate.extend({
    path: '/users/:userId/posts/:id/publish',
    method: 'POST',
    body: undefined,
  })
  publish({ userId: 1, id: 'p1' })
  // @ts-expect-error no body any more
  publish({ userId: 1, id: 'p1' }, {})
  // A list endpoint from a plain-object schema.
  const paged = UserResource.getList.extend({
    schema: { results: [User], next: '' as string | null },
  })
  expectTypeOf(await paged()).toEqualTypeOf<{ results: User[]; next: string | null }>()
  // extend twice.
  const twice = UserResource.get.extend({ dataExpiryLength: 1 }).extend({ schema: Post })
  expectTypeOf(await twice({ id: 1 })).toEqualTypeOf<Post>()
  // @ts-expect-error extend twice keeps the path
  twice({})
}
void extended

// ---------------------------------------------------------------------------------------------
// Overrides in options: `this` and their parameters are typed from RestEndpointOptions (the
// CONTRACT names `getHeaders(headers)`, `getRequestInit(body)`, `url()`, `key()`, `process(value,
// ...args)` as overridable; docs/guides/auth-headers.md writes
// `TodoResource.get.extend({ getHeaders(headers) { return { ...headers, 'X-Trace': '1' } } })`).
// Under `strict` (noImplicitAny) an unannotated parameter must get its type from the options.
const withOverrides = new RestEndpoint({
  path: '/users/:id',
  schema: User,
  // DEFECT: constructor option methods get no contextual type: TS7006 'headers' implicitly has an 'any' type
  getHeaders(headers) {
    return { ...headers, Authorization: `Bearer ${this.urlPrefix}` }
  },
})
void withOverrides
const withInit = new RestEndpoint({
  path: '/users/:id',
  schema: User,
  // DEFECT: getRequestInit(body) in options: TS7006 implicit any, and the literal `'same-origin'` widens to string (TS2322 vs RequestCredentials)
  getRequestInit(body) {
    return { body: JSON.stringify(body), credentials: 'same-origin' }
  },
})
void withInit
// Every other overridable step behaves the same in the constructor's options:
// DEFECT: new RestEndpoint({ process(value) {...} }): TS7006 'value' implicitly any
new RestEndpoint({
  path: '/a/:id',
  process: function (value) {
    return value
  },
})
// DEFECT: new RestEndpoint({ url(params) {...} }): TS7006
new RestEndpoint({
  path: '/a/:id',
  url: function (params) {
    return String(params)
  },
})
// DEFECT: new RestEndpoint({ parseResponse(response) {...} }): TS7006
new RestEndpoint({
  path: '/a/:id',
  parseResponse: function (response) {
    return response.json()
  },
})
// DEFECT: new RestEndpoint({ key(...args) {...} }): TS7019 rest parameter implicitly any[]
new RestEndpoint({
  path: '/a/:id',
  key: function (...args) {
    return String(args)
  },
})
const extendedHeaders = UserResource.get.extend({
  // The auth-headers guide's one-liner: extend's options are contextually typed.
  getHeaders(headers) {
    expectTypeOf(headers).toEqualTypeOf<Record<string, string>>()
    expectTypeOf(this.urlPrefix).toEqualTypeOf<string>()
    return { ...headers, 'X-Trace': '1' }
  },
})
void extendedHeaders
const extendedOptimistic = UserResource.partialUpdate.extend({
  // DEFECT: getOptimisticResponse is not a declared option (only the `[member: string]: unknown` index): TS7006 in extend too
  getOptimisticResponse(snapshot, params, body) {
    // DEFECT: (same) snapshot is implicitly any, not OptimisticSnapshot
    expectTypeOf(snapshot).toEqualTypeOf<OptimisticSnapshot>()
    return { ...(params as object), ...(body as object) }
  },
})
void extendedOptimistic
const resourceWide = createResource({
  path: '/users/:id',
  schema: User,
  // createResource's options are not generic in the overrides: contextually typed.
  getHeaders(headers) {
    expectTypeOf(headers).toEqualTypeOf<Record<string, string>>()
    return headers
  },
})
void resourceWide
// Annotated (as every docs sample is), they compile.
new RestEndpoint({
  path: '/users/:id',
  getHeaders(headers: Record<string, string>): HeadersInit {
    return headers
  },
  getRequestInit(body?: unknown): RequestInit {
    return { body: JSON.stringify(body), credentials: 'same-origin' }
  },
})
// The CONTRACT names `credentials: 'same-origin'`; `requestInit` is the plain option for it.
const withCredentials = new RestEndpoint({
  path: '/me',
  requestInit: { credentials: 'same-origin' },
})
withCredentials()
// @ts-expect-error a RequestInit member
new RestEndpoint({ path: '/me', requestInit: { credentials: 'sometimes' } })

// getOptimisticResponse's parameters, unannotated, as data-client's own type test writes it
// (packages/rest/src/__tests__/types.test.ts 'RestEndpoint construct and extend with typed
// options'): under `strict` they must not be implicit `any`.
const optimisticRename = new RestEndpoint({
  path: '/users/:id',
  schema: User,
  method: 'PATCH',
  body: {} as { name: string },
  // DEFECT: getOptimisticResponse(snapshot, params, body) unannotated: TS7006 on all three (data-client types them from path and body)
  getOptimisticResponse(snapshot, params, body) {
    return { ...params, ...body, fetchedAt: snapshot.fetchedAt }
  },
})
void optimisticRename
// Annotated, as our docs show, it compiles.
new RestEndpoint({
  path: '/users/:id',
  schema: User,
  method: 'PATCH',
  body: {} as { name: string },
  getOptimisticResponse(
    snapshot: OptimisticSnapshot,
    params: { id: string | number },
    body: { name: string },
  ) {
    return { id: params.id, ...body, at: snapshot.fetchedAt }
  },
})

// ---------------------------------------------------------------------------------------------
// paginated
const nextUsers = UserResource.getList.paginated('cursor')
nextUsers({ cursor: 'abc' })
nextUsers({ cursor: 2, active: true })
async function pages() {
  expectTypeOf(await nextUsers({ cursor: 'abc' })).toEqualTypeOf<User[]>()
  const nextPosts = PostResource.getList.paginated(
    ({ page, ...rest }: { userId: number; page: number }) => [rest],
  )
  expectTypeOf(await nextPosts({ userId: 1, page: 2 })).toEqualTypeOf<Post[]>()
  // @ts-expect-error the page's args as removeCursor declares them
  nextPosts({ userId: 1 })
  const nestedByField = PostResource.getList.paginated('page')
  nestedByField({ userId: 1, page: 2 })
  // @ts-expect-error the list's path params stay required
  nestedByField({ page: 2 })
}
void pages

// getList.push / unshift: a create whose record joins the lists.
async function collections() {
  expectTypeOf(await UserResource.getList.push({ name: 'x' })).toEqualTypeOf<User>()
  PostResource.getList.unshift({ userId: 1 }, { title: 'x' })
  // @ts-expect-error push has create's body type
  UserResource.getList.push({ name: 1 })
}
void collections

// ---------------------------------------------------------------------------------------------
// Schemas other than one Entity
const Wrapped = createResource({
  path: '/feeds/:id',
  schema: { data: User, meta: { total: 0 } },
})
async function otherSchemas() {
  expectTypeOf(await Wrapped.get({ id: 1 })).toEqualTypeOf<{
    data: User
    meta: { total: number }
  }>()
  const everyone = new RestEndpoint({ path: '/users/all', schema: new schema.All(User) })
  expectTypeOf(await everyone()).toEqualTypeOf<User[]>()
  const byId = new RestEndpoint({ path: '/users/map', schema: new schema.Values(User) })
  expectTypeOf(await byId()).toEqualTypeOf<Record<string, User>>()
  const either = new RestEndpoint({
    path: '/feed/:id',
    schema: new schema.Union({ user: User, post: Post }, 'type'),
  })
  expectTypeOf(await either({ id: 1 })).toEqualTypeOf<User | Post>()
  const list = new RestEndpoint({ path: '/users', schema: new schema.Array(User) })
  expectTypeOf(await list()).toEqualTypeOf<User[]>()
  const noSchema = new RestEndpoint({ path: '/ping' })
  // Without a schema and without process, the response type is unknown: `any` (data-client too).
  expectTypeOf(await noSchema()).toBeAny()
}
void otherSchemas

// sideEffect/ method types.
const post = new RestEndpoint({ path: '/users', method: 'POST', schema: User })
post({ name: 'x' })
// @ts-expect-error a POST to a path without params takes only the body
post({}, { name: 'x' })
const head = new RestEndpoint({ path: '/users/:id', method: 'HEAD' })
head({ id: 1 })
// @ts-expect-error HEAD takes no body
head({ id: 1 }, {})

// ---------------------------------------------------------------------------------------------
// Endpoint (any promise-returning function) and its extend.
const fetchUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '' }), {
  schema: User,
  name: 'fetchUser',
})
async function generic() {
  expectTypeOf(await fetchUser({ id: 1 })).toEqualTypeOf<{ id: number; name: string }>()
  // @ts-expect-error the function's params
  fetchUser({ id: '1' })
  const longer = fetchUser.extend({ dataExpiryLength: 1 })
  expectTypeOf(longer.schema).toEqualTypeOf<typeof User>()
  const asPost = fetchUser.extend({ schema: Post })
  expectTypeOf(asPost.schema).toEqualTypeOf<typeof Post>()
  expectTypeOf(fetchUser.key({ id: 1 })).toEqualTypeOf<string>()
}
void generic

// hookifyResource over a resource with members of one's own.
const Extended = {
  ...UserResource,
  rename: UserResource.partialUpdate.extend({ path: '/users/:id/rename' }),
}
const ExtendedHooks = hookifyResource(Extended, () => ({ credentials: 'include' }))
expectTypeOf(ExtendedHooks.useRename).returns.toEqualTypeOf<typeof Extended.rename>()
expectTypeOf(ExtendedHooks.useGet).returns.toEqualTypeOf<typeof UserResource.get>()
// @ts-expect-error useInit returns request settings
hookifyResource(UserResource, () => ({ credentials: 'sometimes' }))
