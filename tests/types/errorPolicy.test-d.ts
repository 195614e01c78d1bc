import { expectTypeOf } from 'expect-type'
import type { NetworkError } from 'rtk-resources'
import { createResource, Endpoint, Entity, GQLEndpoint, RestEndpoint } from 'rtk-resources'

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

type Policy = ((error: any) => 'soft' | 'hard' | undefined) | undefined

// The Endpoint constructor and extend take `errorPolicy`; the endpoint has it.
const getTodo = new Endpoint(async ({ id }: { id: number }) => ({ id, title: '' }), {
  schema: Todo,
  name: 'getTodo',
  errorPolicy: (error: NetworkError) => (error.status >= 500 ? 'soft' : 'hard'),
})
expectTypeOf(getTodo.errorPolicy).toEqualTypeOf<Policy>()
getTodo.extend({ errorPolicy: () => undefined })
// @ts-expect-error a policy answers 'soft', 'hard' or undefined
getTodo.extend({ errorPolicy: () => 'maybe' })
new Endpoint(async () => null, {
  // @ts-expect-error a policy is a function
  errorPolicy: 'soft',
})

// RestEndpoint: the constructor and extend.
const rest = new RestEndpoint({
  path: '/todos/:id',
  schema: Todo,
  errorPolicy: (error: { status?: number }) => (error.status === 404 ? 'hard' : undefined),
})
expectTypeOf(rest.errorPolicy).toEqualTypeOf<Policy>()
rest.extend({ errorPolicy: () => 'soft' as const })
// @ts-expect-error a policy answers 'soft', 'hard' or undefined
rest.extend({ errorPolicy: () => 42 })

// createResource: an extra option reaching every endpoint.
const TodoResource = createResource({
  path: '/todos/:id',
  schema: Todo,
  errorPolicy: () => 'soft',
})
expectTypeOf(TodoResource.get.errorPolicy).toEqualTypeOf<Policy>()
createResource({
  path: '/todos/:id',
  schema: Todo,
  // @ts-expect-error a policy answers 'soft', 'hard' or undefined
  errorPolicy: () => 'never',
})

// GraphQL endpoints take it too.
const gql = new GQLEndpoint('/graphql', { errorPolicy: () => 'hard' })
expectTypeOf(
  gql.query('query { todos { id } }', { todos: [Todo] }).errorPolicy,
).toEqualTypeOf<Policy>()
