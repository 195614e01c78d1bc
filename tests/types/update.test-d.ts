/** The endpoint option `update`: declared on Endpoint, RestEndpoint, `extend` and createResource. */
import { expectTypeOf } from 'expect-type'
import type { EndpointOptions, EndpointUpdateFunction, EndpointUpdaters } from 'rtk-resources'
import { createResource, Endpoint, Entity, RestEndpoint } from 'rtk-resources'

class User extends Entity {
  id = ''
  isAdmin = false
  pk() {
    return this.id
  }
  static key = 'User'
}

const userList = new Endpoint(async (_params?: { admin?: boolean }) => [] as User[], {
  schema: [User],
  name: 'userList',
})

// The data-client docs' example, parameters inferred from context (the previous result is any).
new Endpoint(async (body: { name: string }) => ({ id: '1', ...body }), {
  schema: User,
  sideEffect: true,
  update: (newUserId) => ({
    [userList.key()]: (users = []) => [newUserId, ...users],
  }),
})

// Typed parameters, a conditional set of updaters.
new Endpoint(async (body: { name: string; isAdmin: boolean }) => ({ id: '1', ...body }), {
  schema: User,
  sideEffect: true,
  update: (newUserId: string, newUser: { isAdmin: boolean }) => {
    const updates: EndpointUpdaters = {
      [userList.key()]: (ids: string[] = []) => [newUserId, ...ids],
    }
    if (newUser.isAdmin) updates[userList.key({ admin: true })] = (ids = []) => [newUserId, ...ids]
    return updates
  },
})

// Nothing to update for this call.
new Endpoint(async () => null, { update: () => undefined })

const UserResource = createResource({
  path: '/users/:id',
  schema: User,
  // Reaches every member, as any other option.
  update: () => ({}),
})
const createUser = UserResource.create.extend({
  update: (newUserId: string) => ({
    [UserResource.getList.key()]: (ids: string[] = []) => [...ids, newUserId],
  }),
})
expectTypeOf(createUser).toBeCallableWith({ isAdmin: true })
new RestEndpoint({
  path: '/users',
  method: 'POST',
  schema: User,
  update: (newUserId: string) => ({ [UserResource.getList.key()]: () => [newUserId] }),
})

expectTypeOf<Parameters<EndpointUpdaters[string]>[0]>().toBeAny()
expectTypeOf<EndpointOptions['update']>().toEqualTypeOf<EndpointUpdateFunction | undefined>()
expectTypeOf<ReturnType<EndpointUpdateFunction>>().toEqualTypeOf<
  EndpointUpdaters | null | undefined
>()

// @ts-expect-error update is a function
new Endpoint(async () => null, { update: { list: () => [] } })
// @ts-expect-error each updater is a function of the previous result, not the result itself
new Endpoint(async () => null, { update: () => ({ list: ['1'] }) })
// @ts-expect-error update returns an object of updaters
UserResource.create.extend({ update: () => 'list' })
new RestEndpoint({
  path: '/users',
  // @ts-expect-error update returns an object of updaters
  update: () => [() => []],
})
