import { Entity } from '../schema/Entity'

/**
 * An Entity for GraphQL types with an `id`: `pk()` is the id. Subclasses set `static key`
 * (usually the `__typename`); the same key as a REST entity means the same table and records.
 *
 * @example
 * ```ts
 * class User extends GQLEntity {
 *   name = ''
 *   static key = 'User'
 * }
 * ```
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/GQLEndpoint.md#gqlentity
 */
export abstract class GQLEntity extends Entity {
  /** The GraphQL id. */
  id = ''

  pk(): string {
    return this.id
  }
}
