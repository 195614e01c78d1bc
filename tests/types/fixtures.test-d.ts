// Fixtures: a response given as a function of the args (data-client's form) has its parameters
// typed from the endpoint's, so destructuring them compiles under noImplicitAny.
import { expectTypeOf } from 'expect-type'
import { Endpoint, fixture } from 'rtk-resources'
import { User } from '../fixtures/entities'

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '' }), {
  schema: User,
  name: 'user',
})

fixture({
  endpoint: getUser,
  args: [{ id: 1 }],
  response: ({ id }) => {
    expectTypeOf(id).toEqualTypeOf<number>()
    return { id, name: `user ${id}` }
  },
})
fixture({ endpoint: getUser, args: [{ id: 1 }], response: { id: 1, name: 'Ada' } })
fixture({ endpoint: getUser, args: [{ id: 2 }], response: { status: 404 }, error: true })
// @ts-expect-error the args are checked against the endpoint's
fixture({ endpoint: getUser, args: [{ id: 'x' }], response: null })
// Any value still types as a response: `unknown`, a type parameter, a symbol (R12).
declare const raw: unknown
fixture({ endpoint: getUser, args: [{ id: 1 }], response: raw })
export function mockUser<TData>(data: TData) {
  return fixture({ endpoint: getUser, args: [{ id: 1 }], response: data })
}
