import { configureStore } from '@reduxjs/toolkit'
import { expectTypeOf } from 'expect-type'
import type { BodyFields, PathArgs, RestGenerics, ShortenPath } from 'rtk-resources'
import {
  createEntityCache,
  createResource,
  Entity,
  hookifyResource,
  RestEndpoint,
  schema,
  shortenPath,
} from 'rtk-resources'

class Todo extends Entity {
  id = 0
  title = ''
  completed = false
  createdAt = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Todo'
  static schema = { createdAt: Date }
}

// Path params from the template.
expectTypeOf<PathArgs<'/users/:userId/posts/:id'>>().toEqualTypeOf<{
  userId: string | number
  id: string | number
}>()
expectTypeOf<PathArgs<'/todos{/:id}'>>().toEqualTypeOf<{ id?: string | number }>()
expectTypeOf<PathArgs<'/todos/:id?'>>().toEqualTypeOf<{ id?: string | number }>()
expectTypeOf<PathArgs<'/files/:name.:ext'>>().toEqualTypeOf<{
  name: string | number
  ext: string | number
}>()
expectTypeOf<PathArgs<'http://localhost:3000/todos'>>().toEqualTypeOf<unknown>()
// Wildcards (path-to-regexp 8 `*name`): a list of segments.
expectTypeOf<PathArgs<'/files/*path'>>().toEqualTypeOf<{ path: readonly (string | number)[] }>()
expectTypeOf<PathArgs<'/repos/:repo/tree{/*path}'>>().toEqualTypeOf<{
  repo: string | number
  path?: readonly (string | number)[]
}>()
const getFile = new RestEndpoint({ path: '/files/*path' })
getFile({ path: ['docs', 'readme.md'] })
// @ts-expect-error a wildcard takes an array of segments
getFile({ path: 'docs/readme.md' })
// @ts-expect-error the wildcard is required
getFile({})
expectTypeOf<PathArgs<'/todos'>>().toEqualTypeOf<unknown>()
expectTypeOf<ShortenPath<'/users/:userId/posts/:id'>>().toEqualTypeOf<'/users/:userId/posts'>()
expectTypeOf<ShortenPath<'/:id'>>().toEqualTypeOf<'/'>()
expectTypeOf<ShortenPath<'/todos{/:id}'>>().toEqualTypeOf<'/todos'>()
expectTypeOf(shortenPath('/todos/:id')).toEqualTypeOf<'/todos'>()

const TodoResource = createResource({ path: '/todos/:id', schema: Todo })

// get: every path param required, nothing else.
TodoResource.get({ id: 1 })
TodoResource.get({ id: '1' })
// @ts-expect-error the id is required
TodoResource.get({})
// @ts-expect-error params are required
TodoResource.get()
// @ts-expect-error wrong key
TodoResource.get({ idd: 1 })
// @ts-expect-error wrong value type
TodoResource.get({ id: true })
expectTypeOf(TodoResource.get({ id: 1 })).resolves.toEqualTypeOf<Todo>()

// getList: no path params left, any query params.
TodoResource.getList()
TodoResource.getList({ completed: true, page: 2 })
expectTypeOf(TodoResource.getList()).resolves.toEqualTypeOf<Todo[]>()

// Bodies.
TodoResource.create({ title: 'New' })
// @ts-expect-error a field of the wrong type
TodoResource.create({ title: 5 })
// @ts-expect-error a field the entity does not have
TodoResource.create({ titel: 'typo' })
// @ts-expect-error create takes a body
TodoResource.create()
TodoResource.update({ id: 1 }, { title: 'a', completed: true, createdAt: '2024-01-01' })
// @ts-expect-error update takes the params and a body
TodoResource.update({ title: 'a' })
TodoResource.partialUpdate({ id: 1 }, { completed: true })
// @ts-expect-error the params of partialUpdate need the id
TodoResource.partialUpdate({}, { completed: true })
TodoResource.delete({ id: 1 })
// @ts-expect-error delete takes no body
TodoResource.delete({ id: 1 }, {})

// A declared body type: full for create/update, Partial for partialUpdate.
interface TodoBody {
  title: string
  completed: boolean
}
const Strict = createResource({ path: '/todos/:id', schema: Todo, body: {} as TodoBody })
Strict.create({ title: 'a', completed: false })
// @ts-expect-error completed is required
Strict.create({ title: 'a' })
Strict.partialUpdate({ id: 1 }, { title: 'a' })

// Nested resources: getList and create keep the parent's param.
const PostResource = createResource({ path: '/users/:userId/posts/:id', schema: Todo })
PostResource.getList({ userId: 1 })
// @ts-expect-error userId is required
PostResource.getList()
PostResource.create({ userId: 1 }, { title: 'x' })
PostResource.get({ userId: 1, id: 2 })
// @ts-expect-error id is required
PostResource.get({ userId: 1 })

// The cache resolves to the denormalized Entity.
const cache = createEntityCache({ reducerPath: 'data' })
const store = configureStore({ reducer: { data: cache.reducer } })
const controller = cache.controller(store)
expectTypeOf(controller.fetch(TodoResource.get, { id: 1 })).resolves.toEqualTypeOf<Todo>()
expectTypeOf(controller.fetch(TodoResource.getList)).resolves.toEqualTypeOf<Todo[]>()
expectTypeOf(controller.fetch(TodoResource.create, { title: 'x' })).resolves.toEqualTypeOf<Todo>()
expectTypeOf(cache.select(TodoResource.get, { id: 1 })(store.getState())).toEqualTypeOf<
  Todo | undefined
>()
expectTypeOf(cache.select(TodoResource.getList)(store.getState())).toEqualTypeOf<
  Todo[] | undefined
>()
// @ts-expect-error controller.fetch checks the args too
controller.fetch(TodoResource.get, {})

// RestEndpoint on its own, plain-object schemas with pass-through members.
const getPage = new RestEndpoint({
  path: '/todos',
  searchParams: {} as { cursor?: string },
  schema: { results: [Todo], nextPage: '' as string | null },
})
expectTypeOf(getPage({ cursor: 'a' })).resolves.toEqualTypeOf<{
  results: Todo[]
  nextPage: string | null
}>()
// @ts-expect-error only the declared query params
getPage({ page: 2 })
// Pass-through members written as plain values read as their primitive types, not as the
// literals the `const` options inference makes of them (`nextPage: ""`, `total: 0`).
const getLiteralPage = new RestEndpoint({
  path: '/todos',
  schema: { results: [Todo], nextPage: '', total: 0, status: 'open' as 'open' | 'closed' },
})
expectTypeOf(getLiteralPage()).resolves.toEqualTypeOf<{
  results: Todo[]
  nextPage: string
  total: number
  status: 'open' | 'closed'
}>()
async function comparePages() {
  const page = await controller.fetch(getLiteralPage)
  expectTypeOf(page.nextPage).toEqualTypeOf<string>()
  if (page.nextPage === 'abc' && page.total > 1) return page
  // @ts-expect-error a declared union is kept
  if (page.status === 'archived') return page
  const extended = TodoResource.getList.extend({ schema: { results: [Todo], next: '' } })
  expectTypeOf(await extended()).toEqualTypeOf<{ results: Todo[]; next: string }>()
}
void comparePages
const nextPage = TodoResource.getList.paginated(({ cursor, ...rest }: { cursor: string }) => [rest])
nextPage({ cursor: 'abc' })
expectTypeOf(controller.fetch(nextPage, { cursor: 'abc' })).resolves.toEqualTypeOf<Todo[]>()
expectTypeOf(nextPage.key).parameters.toEqualTypeOf<[{ cursor: string }]>()

// process changes what a call resolves to.
const count = new RestEndpoint({
  path: '/todos/count',
  process(value: { count: number }) {
    return value.count
  },
})
expectTypeOf(count()).resolves.toEqualTypeOf<number>()

// extend keeps the class, merges the options, and re-infers the path.
const byUuid = TodoResource.get.extend({ path: '/todos/by-uuid/:uuid' })
byUuid({ uuid: 'x' })
// @ts-expect-error the old param is gone
byUuid({ id: 1 })
expectTypeOf(byUuid({ uuid: 'x' })).resolves.toEqualTypeOf<Todo>()
const asPost = TodoResource.get.extend({ method: 'POST', body: {} as { q: string } })

// resource.extend: a new member from `get`, a member extended in place, members from a function.
const Extended = TodoResource.extend('byUuid', { path: '/todos/by-uuid/:uuid' })
  .extend({ getList: { searchParams: {} as { done?: boolean } } })
  .extend((base) => ({ complete: base.partialUpdate.extend({ path: '/todos/:id/complete' }) }))
expectTypeOf(Extended.byUuid({ uuid: 'x' })).resolves.toEqualTypeOf<Todo>()
// @ts-expect-error the new member's path has no id
void Extended.byUuid({ id: 1 })
expectTypeOf(Extended.getList({ done: true })).resolves.toEqualTypeOf<Todo[]>()
expectTypeOf(Extended.get({ id: 1 })).resolves.toEqualTypeOf<Todo>()
void Extended.complete({ id: 1 }, { title: 'x' })
expectTypeOf(controller.fetch(Extended.byUuid, { uuid: 'x' })).resolves.toEqualTypeOf<Todo>()
// @ts-expect-error an object of options names existing members only
void TodoResource.extend({ nope: {} })

// A body declared `as any` (data-client's tests write `0 as any`) takes a body of any type.
const anyBody = new RestEndpoint({ path: '/things/:id', method: 'PUT', body: {} as any })
anyBody({ id: 1 }, { title: 'x' })
// @ts-expect-error the params are still required
anyBody({ title: 'x' }, { title: 'x' })
asPost({ id: 1 }, { q: 'x' })

// A custom Endpoint class: its members stay on every endpoint of the resource.
class AuthEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  getHeaders(headers: Record<string, string>) {
    return { ...headers, Authorization: 'Bearer x' }
  }
  describe(): string {
    return this.method
  }
}
const AuthTodos = createResource({ path: '/todos/:id', schema: Todo, Endpoint: AuthEndpoint })
expectTypeOf(AuthTodos.get.describe()).toEqualTypeOf<string>()
AuthTodos.get({ id: 1 })
// @ts-expect-error still typed by the path
AuthTodos.get({})
expectTypeOf(AuthTodos.getList.extend({ dataExpiryLength: 1 }).describe).toBeFunction()

// A user factory around createResource keeps inference with readonly options.
function createMyResource<TPath extends string, TSchema>({
  path,
  schema,
}: {
  readonly path: TPath
  readonly schema: TSchema
}) {
  const base = createResource({ path, schema, Endpoint: AuthEndpoint, urlPrefix: 'https://x' })
  return { ...base, getList: base.getList.extend({ dataExpiryLength: 10 }) }
}
const Mine = createMyResource({ path: '/lists/:listId/items/:id', schema: Todo })
Mine.get({ listId: 1, id: 2 })
Mine.getList({ listId: 1 })
// @ts-expect-error the factory keeps the path params
Mine.get({ id: 2 })
expectTypeOf(Mine.get({ listId: 1, id: 2 })).resolves.toEqualTypeOf<Todo>()
expectTypeOf(controller.fetch(Mine.getList, { listId: 1 })).resolves.toEqualTypeOf<Todo[]>()

// hookifyResource: use + member name, each returning the endpoint type.
const hooks = hookifyResource(TodoResource, () => ({ headers: { 'Access-Token': 't' } }))
expectTypeOf(hooks.useGet).returns.toEqualTypeOf<typeof TodoResource.get>()
expectTypeOf(hooks.usePartialUpdate).returns.toEqualTypeOf<typeof TodoResource.partialUpdate>()
expectTypeOf(hooks).toHaveProperty('useDelete')
// @ts-expect-error no such member
hooks.useGetOne()

// delete resolves to what it returns: the response (some fields) or the params, not the entity.
type TodoDeleted = BodyFields<Todo> | { id: string | number }
expectTypeOf(controller.fetch(TodoResource.delete, { id: 1 })).resolves.toEqualTypeOf<TodoDeleted>()
expectTypeOf(TodoResource.delete({ id: 1 })).resolves.toEqualTypeOf<TodoDeleted>()
// @ts-expect-error not a Todo instance: no pk()
void controller.fetch(TodoResource.delete, { id: 1 }).then((deleted) => deleted.pk())
// A RestEndpoint with a schema.Delete resolves to its response, too.
const removeTodo = new RestEndpoint({
  path: '/todos/:id',
  method: 'DELETE',
  schema: new schema.Delete(Todo),
})
expectTypeOf(controller.fetch(removeTodo, { id: 1 })).resolves.toEqualTypeOf<BodyFields<Todo>>()
const Union = createResource({
  path: '/things/:id',
  schema: new schema.Union({ todo: Todo }, 'type'),
})
Union.get({ id: 1 })

// The same with destructuring, a default Endpoint class and the rest of the options spread.
function createAuthResource<TPath extends string, TSchema>({
  path,
  schema,
  Endpoint = AuthEndpoint,
  ...extra
}: {
  readonly path: TPath
  readonly schema: TSchema
  readonly Endpoint?: typeof AuthEndpoint
  readonly urlPrefix?: string
  readonly dataExpiryLength?: number
}) {
  return createResource({ path, schema, Endpoint, ...extra })
}
const Auth = createAuthResource({
  path: '/teams/:teamId/members/:id',
  schema: Todo,
  urlPrefix: 'x',
})
Auth.getList({ teamId: 1 })
Auth.update({ teamId: 1, id: 2 }, { title: 'x' })
// @ts-expect-error teamId is required
Auth.getList({})
expectTypeOf(Auth.get.describe()).toEqualTypeOf<string>()

// sideEffect: true without a method is a POST: calls take a body.
const sideEffectPost = new RestEndpoint({ path: '/todos', sideEffect: true })
expectTypeOf(sideEffectPost.method).toEqualTypeOf<'POST'>()
sideEffectPost({ title: 'x' })

// sideEffect: as given, else undefined for GET and HEAD and true for other methods.
expectTypeOf(TodoResource.get.sideEffect).toEqualTypeOf<undefined>()
expectTypeOf(TodoResource.getList.sideEffect).toEqualTypeOf<undefined>()
expectTypeOf(TodoResource.create.sideEffect).toEqualTypeOf<true>()
expectTypeOf(TodoResource.update.sideEffect).toEqualTypeOf<true>()
expectTypeOf(TodoResource.partialUpdate.sideEffect).toEqualTypeOf<true>()
expectTypeOf(TodoResource.delete.sideEffect).toEqualTypeOf<true>()
const headTodo = new RestEndpoint({ path: '/todos/:id', method: 'head' })
expectTypeOf(headTodo.sideEffect).toEqualTypeOf<undefined>()
const postWithout = new RestEndpoint({ path: '/todos', method: 'POST', sideEffect: undefined })
expectTypeOf(postWithout.sideEffect).toEqualTypeOf<undefined>()
expectTypeOf(sideEffectPost.sideEffect).toEqualTypeOf<true>()
// @ts-expect-error a GET is not a mutation
expectTypeOf(TodoResource.get.sideEffect).toEqualTypeOf<true>()
