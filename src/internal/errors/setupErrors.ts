/** Errors in what the app declares or sets up: schemas, Entities, the store, the provider. */
import { RtkResourcesError } from './base'

/**
 * A schema was declared in a way the library cannot use (an Entity without `key`, a Union without
 * a schema attribute, ...).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-schema
 */
export class SchemaDefinitionError extends RtkResourcesError {
  constructor(message: string) {
    super('bad-schema', message)
    this.name = 'SchemaDefinitionError'
  }
}

/**
 * Why a class, schema or function reads `undefined` where it is used, for messages: it is
 * usually "an import read before its module finished loading (a circular import: ...)".
 */
export const UNLOADED_IMPORT =
  'an import read before its module finished loading (a circular import: two modules that ' +
  'import each other)'

/**
 * The {@link SchemaDefinitionError} of a schema used while it holds `undefined` where a schema
 * belongs (`written`: how it reads in code, `[undefined]`), most often a circular import.
 */
export function undefinedSchemaError(written: string): SchemaDefinitionError {
  return new SchemaDefinitionError(
    `A schema is used while it is ${written}: it holds undefined where a schema belongs. That ` +
      `is most often ${UNLOADED_IMPORT}. Import the Entity from its own module, or complete the ` +
      'schema with define() before it is used.',
  )
}

/**
 * The {@link SchemaDefinitionError} of an Entity instance (`new User()`) given where a schema
 * belongs: its fields are data, not schemas, so nothing would be normalized (`className`: the
 * instance's class).
 */
export function entityInstanceSchemaError(className: string): SchemaDefinitionError {
  return new SchemaDefinitionError(
    `A schema is an instance of ${className} (new ${className}()), where the class belongs: pass ` +
      `${className} itself. An instance's fields are data, not schemas: nothing would be stored ` +
      `in the ${className} table, and reads would give plain objects.`,
  )
}

/**
 * The library is set up or called in a way it cannot work with: the cache's reducer is not
 * mounted at `cache.reducerPath`, a hook is used outside `<EntityCacheProvider>`, something that
 * is not an endpoint or a Query is read or fetched, `cache.controller` is given something that is
 * not a store, a state is in another storage format, `hookifyResource` or `bridgeRtkQuery` get
 * what they cannot use... The message names the fix.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-setup
 */
export class SetupError extends RtkResourcesError {
  constructor(message: string) {
    super('bad-setup', message)
    this.name = 'SetupError'
  }
}
