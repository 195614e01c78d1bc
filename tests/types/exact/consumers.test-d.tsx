/**
 * Every consumer of an endpoint (the Controller, `cache.select`, the hooks) accepts the library's
 * own endpoints under `exactOptionalPropertyTypes` (checked by `tsc -p
 * tests/types/exact/tsconfig.json`): their options may hold `undefined`, and so may those of
 * the interface the consumers take.
 */
import { expectTypeOf } from 'expect-type'
import {
  Endpoint,
  Entity,
  GQLEndpoint,
  Query,
  createEntityCache,
  createResource,
  schema,
} from 'rtk-resources'
import { useCache, useDLE, useLive, useSuspense } from 'rtk-resources/react'

class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
}

const UserResource = createResource({ path: '/users/:id', schema: User })
const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '' }), {
  schema: User,
  name: 'getUser',
})
const gql = new GQLEndpoint('/graphql')
const userQuery = gql.query('query { user { id name } }', { user: User })
const cache = createEntityCache({ reducerPath: 'data' })
declare const store: { dispatch(action: any): any; getState(): any }
const controller = cache.controller(store)

expectTypeOf(controller.fetch(UserResource.get, { id: 1 })).resolves.toEqualTypeOf<User>()
expectTypeOf(controller.fetch(getUser, { id: 1 })).resolves.toEqualTypeOf<User>()
void controller.fetch(userQuery, {})
expectTypeOf(cache.select(UserResource.getList)({})).toEqualTypeOf<User[] | undefined>()
expectTypeOf(cache.select(new Query(new schema.All(User)))({})).toEqualTypeOf<User[] | undefined>()
controller.subscribe(getUser, { id: 1 })

export function Profile() {
  expectTypeOf(useSuspense(UserResource.get, { id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(useCache(getUser, { id: 1 })).toEqualTypeOf<User | undefined>()
  expectTypeOf(useDLE(UserResource.getList).data).toEqualTypeOf<User[] | undefined>()
  expectTypeOf(useLive(getUser, { id: 1 })).toEqualTypeOf<User>()
  return null
}
