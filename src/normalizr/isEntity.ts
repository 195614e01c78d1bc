import { entityInstanceSchemaError } from '../internal/errors'
import type { EntitySchemaContract, SchemaContract } from './types'

/** True for an Entity class (anything with the entity side of the contract). */
export function isEntitySchema(schema: unknown): schema is EntitySchemaContract {
  return (
    typeof schema === 'function' &&
    typeof (schema as Partial<EntitySchemaContract>).denormalizeFields === 'function' &&
    typeof (schema as Partial<EntitySchemaContract>).key === 'string'
  )
}

/**
 * Throws a SchemaDefinitionError when `schema` is an instance of an Entity class (`new User()`
 * written where `User` belongs); anything else passes.
 */
export function refuseEntityInstance(schema: object): void {
  // The class it was made by, through its prototype: an own member named `constructor` (a
  // plain-object schema or mapping with such a member) is a member, not the class.
  const prototype: unknown = Object.getPrototypeOf(schema)
  if (prototype === null || prototype === Object.prototype) return
  const made = (prototype as { constructor?: unknown }).constructor
  if (isEntitySchema(made))
    throw entityInstanceSchemaError((made as { name?: string }).name || made.key)
}

/** True for a schema object implementing {@link SchemaContract} (Array, Values, Union, ...). */
export function isSchemaObject(schema: unknown): schema is SchemaContract {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    typeof (schema as Partial<SchemaContract>).normalize === 'function' &&
    typeof (schema as Partial<SchemaContract>).denormalize === 'function'
  )
}

/** True when an entity class's `schema` names at least one member (it has nested schemas). */
export function hasSchemaMembers(schema: Record<string, unknown>): boolean {
  for (const member in schema) {
    if (Object.prototype.hasOwnProperty.call(schema, member)) return true
  }
  return false
}
