/**
 * Names from Reactive Data Client's declarations that code written against them imports:
 * `Schema`, `FetchFunction`, `ResolveType`, `EndpointExtraOptions`, `ResourceGenerics` and an
 * argument-less `ResourceOptions`, `Defaults`, `GetEndpoint`, `MutateEndpoint`,
 * `AbstractInstanceType`, `AbortOptimistic`, and the Controller type and `ExpiryStatus`
 * from the React entry.
 */
import { expectTypeOf } from 'expect-type'
import { AbortOptimistic, Entity, RestEndpoint, createResource } from 'rtk-resources'
import type {
  AbstractInstanceType,
  Defaults,
  EndpointExtraOptions,
  GetEndpoint,
  MutateEndpoint,
  RestEndpointConstructorOptions,
  FetchFunction,
  ResolveType,
  ResourceGenerics,
  ResourceOptions,
  RestGenerics,
  Schema,
} from 'rtk-resources'
import { ExpiryStatus, useController } from 'rtk-resources/react'
import type { Controller } from 'rtk-resources/react'

// A cycle: the schema annotated with `Schema`, assigned once both classes exist.
export class Department extends Entity {
  id = ''
  buildings: Building[] = []
  pk() {
    return this.id
  }
  static key = 'Department'
  static schema: { [k: string]: Schema } = {}
}
export class Building extends Entity {
  id = ''
  departments: Department[] = []
  pk() {
    return this.id
  }
  static key = 'Building'
  static schema = { departments: [Department] }
}
Department.schema = { buildings: [Building] }

// A helper generic over the resources it makes (data-client's "function inheritance").
class SameOriginEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  getRequestInit(body?: unknown) {
    return { ...super.getRequestInit(body), credentials: 'same-origin' as const }
  }
}
export function createMyResource<O extends ResourceGenerics = any>({
  schema,
  Endpoint = SameOriginEndpoint,
  ...extraOptions
}: Readonly<O> & ResourceOptions) {
  return createResource({ Endpoint, schema, ...extraOptions })
}
void createMyResource({ path: '/departments/:id', schema: Department })

const expiry: EndpointExtraOptions = { dataExpiryLength: 60_000, pollFrequency: 5_000 }
// @ts-expect-error not one of the extra options
const wrong: EndpointExtraOptions = { schema: Department }
void expiry
void wrong
const load: FetchFunction<[id: number], { id: number }> = async (id) => ({ id })
expectTypeOf<ResolveType<typeof load>>().toEqualTypeOf<{ id: number }>()

expectTypeOf(new AbortOptimistic()).toMatchTypeOf<Error>()
export function useTyped(): Controller {
  return useController()
}
expectTypeOf(ExpiryStatus.Valid).toBeNumber()

// A subclass that supplies defaults (data-client's `Defaults`, `RestEndpointConstructorOptions`).
class WithDefaultSchema<O extends RestGenerics = any> extends RestEndpoint<
  Defaults<O, { schema: typeof Building }>
> {
  constructor(options: Readonly<RestEndpointConstructorOptions<O> & O>) {
    super({ schema: Building, ...options } as never)
  }
}
const getBuilding = new WithDefaultSchema({ path: '/buildings/:id' })
void getBuilding({ id: 1 })
// @ts-expect-error the path's param is required
void getBuilding({})
expectTypeOf<Defaults<{ path: '/x'; schema: undefined }, { schema: 1 }>>().toEqualTypeOf<{
  path: '/x'
  schema: 1
}>()

const readBuilding: GetEndpoint<{ path: '/buildings/:id'; schema: typeof Building }> =
  new RestEndpoint({ path: '/buildings/:id', schema: Building })
void readBuilding({ id: 'b1' })
const addBuilding: MutateEndpoint<{
  path: '/buildings'
  schema: typeof Building
  body: { id: string }
}> = new RestEndpoint({
  path: '/buildings',
  schema: Building,
  method: 'POST',
  body: {} as { id: string },
})
void addBuilding({ id: 'b2' })
expectTypeOf<AbstractInstanceType<typeof Building>>().toEqualTypeOf<Building>()
// A PUT is a MutateEndpoint too, and so is a resource's update (review R10).
const replaceBuilding: MutateEndpoint<{
  path: '/buildings/:id'
  schema: typeof Building
  body: { id: string }
}> = new RestEndpoint({
  path: '/buildings/:id',
  schema: Building,
  method: 'PUT',
  body: {} as { id: string },
})
void replaceBuilding({ id: 'b1' }, { id: 'b1' })
class Fooish {
  foo = 1
}
expectTypeOf<AbstractInstanceType<{ prototype: Fooish }>>().toEqualTypeOf<Fooish>()
