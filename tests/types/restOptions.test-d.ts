/**
 * The option types of `new RestEndpoint({...})` and `extend({...})`: methods written in the
 * options, unannotated, take their parameter types from RestEndpointOptions (under `strict`), and
 * the inference of path params, schema, method and body is kept beside them.
 */
import { expectTypeOf } from 'expect-type'
import type { RestGenerics } from 'rtk-resources'
import { Entity, RestEndpoint } from 'rtk-resources'

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
    expectTypeOf(input).toEqualTypeOf<string>()
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
