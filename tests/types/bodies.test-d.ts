/**
 * Body types: FormData bodies, which data-client 0.7's resource types accept and the runtime sends
 * as they are, and bodies written as examples in the options.
 */
import { expectTypeOf } from 'expect-type'
import { RestEndpoint, createResource, schema } from 'rtk-resources'
import type { RestArgs } from 'rtk-resources'
import { Todo } from '../fixtures/resources'

const TodoResource = createResource({ path: '/todos/:id', schema: Todo })
const form = new FormData()

// @data-client/rest 0.7 resourceTypes.d.ts: update/partialUpdate body is
// `Partial<Denormalize<S>> | FormData`; RestEndpointTypes.d.ts: push/unshift body `... | FormData`.
void TodoResource.update({ id: 1 }, form)
void TodoResource.partialUpdate({ id: 1 }, form)
void TodoResource.getList.push(form)
void TodoResource.create(form)
// @ts-expect-error a misspelled field is still refused
void TodoResource.update({ id: 1 }, { titel: 'x' })

// Bodies written as examples (data-client's docs write `body: { title: '' }`): the options are
// inferred `const`, and the example's literal members stand for their types.

const addTodo = new RestEndpoint({
  path: '/todos/:id',
  method: 'POST',
  body: { title: '', done: false },
})
void addTodo({ id: 1 }, { title: 'Call mom', done: true })
expectTypeOf<Parameters<typeof addTodo>[1]>().toEqualTypeOf<{ title: string; done: boolean }>()
const tagged = new RestEndpoint({ path: '/posts', method: 'POST', body: { tags: ['a'], n: 0 } })
void tagged({ tags: ['b', 'c'], n: 2 })
const extended = new RestEndpoint({ path: '/a/:id', method: 'POST' }).extend({
  body: { title: '' },
})
void extended({ id: 1 }, { title: 'x' })
const Todos = createResource({ path: '/todos/:id', schema: Todo })
  .extend('rename', { path: '/todos/:id/rename', method: 'POST', body: { title: '' } })
  .extend({ partialUpdate: { body: { completed: false } } })
void Todos.rename({ id: 1 }, { title: 'x' })
void Todos.partialUpdate({ id: 1 }, { completed: true })
// @ts-expect-error an example's member types are still checked
void Todos.rename({ id: 1 }, { title: 1 })
// A type given with `as` is kept as written, literal unions included.
const setStatus = new RestEndpoint({
  path: '/issues/:id',
  method: 'PATCH',
  body: {} as { status: 'open' | 'closed' },
})
void setStatus({ id: 1 }, { status: 'closed' })
// @ts-expect-error not one of the declared statuses
void setStatus({ id: 1 }, { status: 'reopened' })
// Query params given as an example are widened the same way.
const search = new RestEndpoint({ path: '/search', searchParams: { q: '', page: 1 } })
void search({ q: 'redux', page: 2 })
expectTypeOf<RestArgs<{ path: '/x'; readonly searchParams: { readonly q: '' } }>>().toEqualTypeOf<
  [params: { q: string }]
>()

// No body declared and no path params (data-client's counter example): a call may send none.
const increment = new RestEndpoint({ path: '/api/count/increment', method: 'POST' })
void increment()
void increment({ by: 2 })
// With a declared body, the body is required.
const rename = new RestEndpoint({
  path: '/me/rename',
  method: 'POST',
  body: {} as { name: string },
})
// @ts-expect-error the declared body is required
void rename()

// With declared searchParams, getList.push, unshift and create also take them before the body
// (`push({ userId }, body)` posts to `/todos?userId=1`), as data-client types them.
const Filtered = createResource({
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: string } | undefined,
})
void Filtered.getList.push({ userId: '1' }, { title: 'x' })
void Filtered.getList.unshift({ title: 'x' })
void Filtered.create({ userId: '1' }, { title: 'x' })
// @ts-expect-error not a declared query param
void Filtered.getList.push({ user: '1' }, { title: 'x' })

// Types given with `as` keep their literal types, readonly members included (review R9).
const setState = new RestEndpoint({
  path: '/issues/:id',
  method: 'PATCH',
  body: {} as Readonly<{ state: 'open' | 'closed' }>,
})
// @ts-expect-error a readonly union member is kept
void setState({ id: 1 }, { state: 'reopened' })
type Command = { readonly kind: 'add'; n: number } | { readonly kind: 'clear' }
const run = new RestEndpoint({ path: '/commands', method: 'POST', body: {} as Command })
void run({ kind: 'clear' })
// @ts-expect-error a union's discriminant is kept
void run({ kind: 'reset' })
const pair = new RestEndpoint({
  path: '/pairs',
  method: 'POST',
  body: [] as unknown as readonly [number, string],
})
void pair([1, 'a'])
// @ts-expect-error a declared tuple is kept
void pair(['a', 1])
const sorted = new RestEndpoint({
  path: '/s',
  searchParams: {} as { readonly sort: 'asc' | 'desc' },
})
// @ts-expect-error declared query param values are kept
void sorted({ sort: 'up' })
// An example's tuple is a list of its items' types.
const labelled = new RestEndpoint({ path: '/l', method: 'POST', body: { labels: [''], n: 0 } })
expectTypeOf<Parameters<typeof labelled>[0]>().toEqualTypeOf<{ labels: string[]; n: number }>()
// A class body keeps its name.
class Draft {
  readonly title: string = ''
  at = new Date(0)
}
const saveDraft = new RestEndpoint({ path: '/drafts', method: 'POST', body: {} as Draft })
expectTypeOf<Parameters<typeof saveDraft>[0]>().toEqualTypeOf<Draft>()

// A list's required query param is optional for a create: create(body) still compiles.
const ByUser = createResource({
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { userId: number },
})
void ByUser.create({ title: 'x' })
void ByUser.getList.push({ userId: 1 }, { title: 'x' })

// A body declared optional may be left out where no params come first (data-client's type tests).
const publish = new RestEndpoint({
  path: '/articles',
  method: 'POST',
  body: {} as { title: string } | undefined,
  searchParams: {} as { draft?: boolean },
})
void publish()
void publish({ title: 'x' })
void publish({ draft: true }, undefined)
void publish({ draft: true }, { title: 'x' })
// @ts-expect-error a one-argument call is the body
void publish({ draft: true })
// `searchParams: undefined` declares none.
const plain = new RestEndpoint({ path: '/users/:id', searchParams: undefined })
void plain({ id: 1 })
// @ts-expect-error not a param of the path
void plain({ id: 1, userId: 2 })

// `searchParams: {} as any` takes any params, as before (review R10).
const anyParams = new RestEndpoint({ path: '/users/:id', searchParams: {} as any })
void anyParams({ id: 1, expand: 'x' })
const anyResource = createResource({ path: '/todos/:id', schema: Todo, searchParams: {} as any })
void anyResource.getList({ tag: 'x' })

// A list extended with another path or schema grows by its own push and unshift (built from the
// extended list at run time): they take its path params and resolve to its item.
const TodoList = createResource({ path: '/todos/:id', schema: Todo })
const userTodos = TodoList.getList.extend({ path: '/users/:userId/todos' })
expectTypeOf(userTodos.push({ userId: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Todo>()
expectTypeOf(userTodos.unshift({ userId: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Todo>()
// @ts-expect-error the new path's userId is required
void userTodos.push({ title: 'x' })
const pagedTodos = TodoList.getList.extend({
  path: '/users/:userId/todos',
  schema: { results: [Todo], next: '' },
})
expectTypeOf(pagedTodos.push({ userId: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Todo>()
const arrayTodos = TodoList.getList.extend({
  path: '/users/:userId/todos',
  schema: new schema.Array(Todo),
})
expectTypeOf(arrayTodos.push({ userId: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Todo>()
// Options that change neither keep the list's own push.
const slowTodos = TodoList.getList.extend({ dataExpiryLength: 5 })
expectTypeOf(slowTodos.push({ title: 'x' })).resolves.toEqualTypeOf<Todo>()
// Schemas held in variables (a list is then `(typeof Todo)[]`, not a tuple), nested pages and
// `schema.Object` find the item too (R11).
const todoListSchema = [Todo]
expectTypeOf(
  TodoList.getList.extend({ schema: todoListSchema }).push({ title: 'x' }),
).resolves.toEqualTypeOf<Todo>()
const pageSchema = { data: { items: [Todo] }, next: '' }
expectTypeOf(
  TodoList.getList.extend({ schema: pageSchema }).push({ title: 'x' }),
).resolves.toEqualTypeOf<Todo>()
expectTypeOf(
  TodoList.getList.extend({ schema: new schema.Object({ results: [Todo] }) }).push({ title: 'x' }),
).resolves.toEqualTypeOf<Todo>()
// Search params given to extend stay optional on push, as the resource's are on create.
const teamTodos = TodoList.getList.extend({
  path: '/teams/:teamId/todos',
  searchParams: {} as { userId: number },
})
void teamTodos.push({ teamId: 1 }, { title: 'x' })
void teamTodos.push({ teamId: 1, userId: 2 }, { title: 'x' })
// A polymorphic list grows by an entity of its union, and takes the fields of each as a body.
class Photo extends Todo {
  url = ''
  static key = 'Photo'
}
const feed = TodoList.getList.extend({
  schema: new schema.Array({ todo: Todo, photo: Photo }, 'type'),
})
expectTypeOf(feed.push({ url: 'p.png' })).resolves.toEqualTypeOf<Todo | Photo>()
// A schema.Values list grows by its item; a list nested six levels down is found; a schema with
// no list gives push no schema, as at run time (R12).
expectTypeOf(
  TodoList.getList.extend({ schema: new schema.Values(Todo) }).push({ title: 'x' }),
).resolves.toEqualTypeOf<Todo>()
const deep = TodoList.getList.extend({ schema: { a: { b: { c: { d: { items: [Photo] } } } } } })
expectTypeOf(deep.push({ url: 'p.png' })).resolves.toEqualTypeOf<Photo>()
const noList = TodoList.getList.extend({ schema: Photo })
expectTypeOf(noList.push).returns.not.toEqualTypeOf<Promise<Todo>>()
