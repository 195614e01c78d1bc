/**
 * `url()`: called and overridden with the endpoint's params (path params and `searchParams`),
 * as a call takes them; optional when every param is. Endpoints typed without options take any.
 */
import { expectTypeOf } from 'expect-type'
import type { RestGenerics, UrlArgs } from 'rtk-resources'
import { createResource, Entity, RestEndpoint } from 'rtk-resources'

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

// Calling url(): the path params, required as in a call.
const getPost = new RestEndpoint({ path: '/users/:userId/posts/:id' })
expectTypeOf(getPost.url).parameters.toEqualTypeOf<
  [params: { userId: string | number; id: string | number }]
>()
getPost.url({ userId: 1, id: 5 })
// @ts-expect-error id is missing
getPost.url({ userId: 1 })
// @ts-expect-error a param is a string or a number
getPost.url({ userId: 1, id: { id: 5 } })
// @ts-expect-error the params are required
getPost.url()

// Declared searchParams join them; optional params make the argument optional.
const listTodos = new RestEndpoint({
  path: '/todos{/:group}',
  searchParams: {} as { page?: number },
})
listTodos.url()
listTodos.url({ group: 'a', page: 2 })
// @ts-expect-error page is a number
listTodos.url({ page: '2' })
expectTypeOf<UrlArgs<{ path: '/todos' }>>().toEqualTypeOf<[params?: unknown]>()

// A body does not change url's arguments: it takes the params only.
const updatePost = getPost.extend({ method: 'PUT', body: {} as { title: string } })
expectTypeOf(updatePost.url).parameters.toEqualTypeOf<
  [params: { userId: string | number; id: string | number }]
>()

// A new path in extend re-types url.
const getComment = getPost.extend({ path: '/comments/:commentId' })
getComment.url({ commentId: 3 })
// @ts-expect-error the old params are gone
getComment.url({ userId: 1, id: 5 })

// Resources: each member's url takes its params.
const TodoResource = createResource({ path: '/todos/:id', schema: Todo })
TodoResource.get.url({ id: 1 })
TodoResource.getList.url()
// @ts-expect-error get needs its id
TodoResource.get.url({})

// Overriding url in the options: its params take the endpoint's type, unannotated.
const custom = new RestEndpoint({
  path: '/todos/:id',
  searchParams: {} as { expand?: boolean },
  url(params) {
    expectTypeOf(params).toEqualTypeOf<{ id: string | number } & { expand?: boolean }>()
    return `/t/${params.id}${params.expand ? '?expand' : ''}`
  },
})
expectTypeOf(custom).parameter(0).toEqualTypeOf<{ id: string | number } & { expand?: boolean }>()
getPost.extend({
  url(params) {
    expectTypeOf(params).toEqualTypeOf<{ userId: string | number; id: string | number }>()
    return `/p/${params.id}`
  },
})
getPost.extend({
  path: '/things/:thingId',
  url(params) {
    expectTypeOf(params).toEqualTypeOf<{ thingId: string | number }>()
    return `/t/${params.thingId}`
  },
})

// A subclass typed without options overrides it with any params object, and calls super.
class TracedEndpoint extends RestEndpoint {
  url(params: object) {
    return super.url(params)
  }
}
new TracedEndpoint({ path: '/todos/:id' }).url({ id: 1 })
// A generic subclass overrides it with url's own arguments (UrlArgs<O>), or with any.
export class LowerCaseEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  url(...args: UrlArgs<O>): string {
    return super.url(...args).toLowerCase()
  }
}
new LowerCaseEndpoint({ path: '/a/:id' }).url({ id: 1 })
// @ts-expect-error the subclass's endpoints are typed by their path too
new LowerCaseEndpoint({ path: '/a/:id' }).url({ ids: 1 })
export class LooseEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  url(params: any): string {
    return `${super.url(params)}/`
  }
}
// Endpoints typed without options (RestEndpoint = RestEndpoint<any>) take any params.
const anyEndpoint: RestEndpoint = getPost
anyEndpoint.url({ anything: true })

// paginated: a page's url takes a page's params, cursor included.
const list = new RestEndpoint({ path: '/groups/:group/todos', schema: [Todo] })
const pages = list.paginated('cursor')
pages.url({ group: 'a', cursor: 'c2' })
// @ts-expect-error the list's params are still required
pages.url({ cursor: 'c2' })
const byFunction = list.paginated(({ cursor, ...rest }: { group: string; cursor?: string }) => [
  rest,
])
byFunction.url({ group: 'a', cursor: 'x' })
