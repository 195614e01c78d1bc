/**
 * Options given as `T | undefined` (an env var, a prop) under `exactOptionalPropertyTypes`
 * (checked by `tsc -p tests/types/exact/tsconfig.json`, part of `npm run test:types`). Wherever
 * the runtime treats an `undefined` option as not given, the option types accept it, as RTK's
 * own option types do; tests/rest/undefinedOptions.test.ts checks the runtime side.
 */
import { expectTypeOf } from 'expect-type'
import {
  Endpoint,
  Entity,
  GQLEndpoint,
  RestEndpoint,
  createEntityCache,
  createResource,
} from 'rtk-resources'

declare const env: { API?: string; TTL?: number; FLAG?: boolean }
declare const init: RequestInit | undefined
class User extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'User'
}

const UserResource = createResource({
  path: '/users/:id',
  schema: User,
  urlPrefix: env.API,
  dataExpiryLength: env.TTL,
  requestInit: init,
  optimistic: env.FLAG,
  Endpoint: undefined,
})
expectTypeOf(UserResource.get).parameter(0).toMatchTypeOf<{ id: string | number }>()
void UserResource.get({ id: 1 })
// @ts-expect-error the path param is required
void UserResource.get({})

const getUser = new RestEndpoint({
  path: '/users/:id',
  schema: User,
  urlPrefix: env.API,
  requestInit: init,
  dataExpiryLength: env.TTL,
  errorExpiryLength: env.TTL,
  invalidIfStale: env.FLAG,
  pollFrequency: env.TTL,
  name: undefined,
})
expectTypeOf(getUser({ id: 1 })).resolves.toEqualTypeOf<User>()
getUser.extend({ urlPrefix: env.API, dataExpiryLength: env.TTL })
// An explicit `sideEffect: undefined` is documented (a PUT that is not a mutation).
new RestEndpoint({ path: '/a', method: 'PUT', sideEffect: undefined })

createEntityCache({
  reducerPath: 'data',
  gcInterval: env.TTL,
  gcTime: env.TTL,
  dataExpiryLength: env.TTL,
  errorExpiryLength: env.TTL,
})
const cache = createEntityCache({ reducerPath: undefined })
expectTypeOf(cache.reducerPath).toEqualTypeOf<string>()

new Endpoint(async () => 1, {
  name: 'one',
  schema: undefined,
  dataExpiryLength: env.TTL,
  errorExpiryLength: env.TTL,
  invalidIfStale: env.FLAG,
  pollFrequency: env.TTL,
  sideEffect: env.FLAG,
})
new GQLEndpoint('/graphql', {
  requestInit: init,
  dataExpiryLength: env.TTL,
  pollFrequency: env.TTL,
})

// `key` and `process` are methods an `undefined` would replace: not accepted.
// @ts-expect-error key cannot be undefined
new Endpoint(async () => 1, { name: 'one', key: undefined })
// @ts-expect-error process cannot be undefined
new Endpoint(async () => 1, { name: 'one', process: undefined })
