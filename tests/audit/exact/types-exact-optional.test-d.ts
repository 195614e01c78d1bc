/**
 * Audit: options given as `T | undefined` (an env var, a prop) under `exactOptionalPropertyTypes`
 * (checked by `tsc -p tests/audit/exact/tsconfig.json`). The runtime treats an `undefined`
 * option as absent (RestEndpoint's constructor drops them), so the types should accept it, as
 * RTK's own option types do (`| undefined` on optional members). A line marked `// DEFECT:` is a
 * check that fails today.
 */
import { Endpoint, Entity, RestEndpoint, createEntityCache, createResource } from 'rtk-resources'

declare const env: { API?: string; TTL?: number }
class User extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'User'
}

// DEFECT: ResourceOptions.urlPrefix is `?: string`: `urlPrefix: env.API` is TS2379 under exactOptionalPropertyTypes
export const R = createResource({ path: '/users/:id', schema: User, urlPrefix: env.API })
// DEFECT: RestEndpointOptions (urlPrefix, dataExpiryLength) reject `undefined` the same way (TS2379)
export const E = new RestEndpoint({
  path: '/users/:id',
  urlPrefix: env.API,
  dataExpiryLength: env.TTL,
})
// DEFECT: EntityCacheOptions.gcInterval rejects `undefined` (TS2379)
export const C = createEntityCache({ reducerPath: 'data', gcInterval: env.TTL })
// DEFECT: EndpointOptions.dataExpiryLength rejects `undefined` (TS2379)
export const X = new Endpoint(async () => 1, { dataExpiryLength: env.TTL, name: 'x' })
