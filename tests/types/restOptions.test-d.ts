/**
 * The option types of `new RestEndpoint({...})` and `extend({...})`: methods written in the
 * options, unannotated, take their parameter types from RestEndpointOptions (under `strict`), and
 * the inference of path params, schema, method and body is kept beside them.
 */
import { expectTypeOf } from 'expect-type'
import type { BodyFields, OptimisticSnapshot, RestGenerics } from 'rtk-resources'
import { createResource, Entity, RestEndpoint } from 'rtk-resources'

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

// Every overridable step, unannotated, in the constructor's options (`this` is the endpoint).
const withHeaders = new RestEndpoint({
  path: '/todos/:id',
  schema: Todo,
  method: 'PATCH',
  body: {} as { title: string },
  getHeaders(headers) {
    expectTypeOf(headers).toEqualTypeOf<Record<string, string>>()
    expectTypeOf(this.urlPrefix).toEqualTypeOf<string>()
    return { ...headers, Authorization: 'Bearer x' }
  },
})
// ...and the path params, method, body and schema are still inferred.
expectTypeOf(withHeaders).parameters.toEqualTypeOf<
  [params: { id: string | number }, body: { title: string }]
>()
expectTypeOf(withHeaders.method).toEqualTypeOf<'PATCH'>()
expectTypeOf(withHeaders({ id: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Todo>()
// @ts-expect-error the path param is still required
withHeaders({}, { title: 'x' })
new RestEndpoint({
  path: '/todos/:id',
  // A literal in the returned RequestInit keeps its type (no widening to `string`).
  getRequestInit(body) {
    expectTypeOf(body).toBeAny()
    return { body: JSON.stringify(body), credentials: 'same-origin' }
  },
})
new RestEndpoint({
  path: '/todos/:id',
  // @ts-expect-error the RequestInit is checked
  getRequestInit() {
    return { credentials: 'sometimes' }
  },
})
new RestEndpoint({
  path: '/todos/:id',
  url(params) {
    expectTypeOf(params).toBeAny()
    return `/t/${String(params.id)}`
  },
  key(...args) {
    expectTypeOf(args).toEqualTypeOf<any[]>()
    return JSON.stringify(args)
  },
  searchToString(searchParams) {
    expectTypeOf(searchParams).toEqualTypeOf<Record<string, unknown>>()
    return ''
  },
  fetchResponse(input, init) {
    // RequestInfo, as data-client's: an override may pass a Request on to super.
    expectTypeOf(input).toEqualTypeOf<RequestInfo>()
    expectTypeOf(init).toEqualTypeOf<RequestInit>()
    return fetch(input, init)
  },
  parseResponse(response) {
    expectTypeOf(response).toEqualTypeOf<Response>()
    return response.json()
  },
})
// An unannotated `process` is typed too; its return type is what a call resolves to.
const counted = new RestEndpoint({
  path: '/todos/count',
  process(value) {
    expectTypeOf(value).toBeAny()
    return Number(value.count)
  },
})
expectTypeOf(counted()).resolves.toEqualTypeOf<number>()

// A subclass with `const O = any` (as the docs write them) inherits the typed constructor.
class ApiEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  urlPrefix = 'https://api.example.com'
}
const getUser = new ApiEndpoint({
  path: '/users/:id',
  getHeaders(headers) {
    expectTypeOf(headers).toEqualTypeOf<Record<string, string>>()
    return headers
  },
})
expectTypeOf(getUser).parameters.toEqualTypeOf<[params: { id: string | number }]>()

// extend's options are typed the same way.
withHeaders.extend({
  getHeaders(headers) {
    expectTypeOf(headers).toEqualTypeOf<Record<string, string>>()
    return headers
  },
})

// getOptimisticResponse(snapshot, ...args): a declared option, its arguments typed as the call's.
const rename = new RestEndpoint({
  path: '/todos/:id',
  schema: Todo,
  method: 'PATCH',
  body: {} as { title: string },
  getOptimisticResponse(snapshot, params, body) {
    expectTypeOf(snapshot).toEqualTypeOf<OptimisticSnapshot>()
    expectTypeOf(params).toEqualTypeOf<{ id: string | number }>()
    expectTypeOf(body).toEqualTypeOf<{ title: string }>()
    expectTypeOf(this.urlPrefix).toEqualTypeOf<string>()
    // @ts-expect-error not a body field
    void body.completed
    const current = snapshot.get(getTodo, params)
    expectTypeOf(current).toEqualTypeOf<Todo | undefined>()
    return { ...current, ...params, ...body, fetchedAt: snapshot.fetchedAt }
  },
})
expectTypeOf(rename).parameters.toEqualTypeOf<
  [params: { id: string | number }, body: { title: string }]
>()
const getTodo = new RestEndpoint({ path: '/todos/:id', schema: Todo })
// A path without params: the body is the only argument.
new RestEndpoint({
  path: '/todos',
  schema: Todo,
  method: 'POST',
  body: {} as { id: number; title: string },
  getOptimisticResponse(_snapshot, body) {
    expectTypeOf(body).toEqualTypeOf<{ id: number; title: string }>()
    return body
  },
})
// In extend: the arguments of the extended endpoint (a new path re-infers them).
const TodoResource = createResource({ path: '/todos/:id', schema: Todo })
TodoResource.partialUpdate.extend({
  getOptimisticResponse(snapshot, params, body) {
    expectTypeOf(snapshot).toEqualTypeOf<OptimisticSnapshot>()
    expectTypeOf(params).toEqualTypeOf<{ id: string | number }>()
    expectTypeOf(body).toEqualTypeOf<Partial<BodyFields<Todo>> | FormData>()
    return { ...params, ...body }
  },
})
TodoResource.partialUpdate.extend({
  path: '/lists/:listId/todos/:id',
  getOptimisticResponse(_snapshot, params) {
    expectTypeOf(params).toEqualTypeOf<{ listId: string | number; id: string | number }>()
    return params
  },
})
// The annotated form the docs showed before still compiles.
new RestEndpoint({
  path: '/todos/:id',
  schema: Todo,
  method: 'PATCH',
  getOptimisticResponse(snapshot: OptimisticSnapshot, params: { id: number }, body: unknown) {
    return { ...params, ...(body as object), at: snapshot.fetchedAt }
  },
})
