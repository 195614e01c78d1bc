import { undefinedSchemaError } from '../internal/errors'
import { denormalizeMembers, normalizeMembers, queryMembers } from '../normalizr/shorthand'
import type {
  DenormalizeContext,
  NormalizeContext,
  QueryContext,
  SchemaContract,
} from '../normalizr/types'

/**
 * An object whose named members have schemas; other members pass through untouched.
 * `new schema.Object({ results: [User] })` is the same as `{ results: [User] }`.
 * @template TDefinition - the member schemas
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#object
 */
export class ObjectSchema<
  TDefinition extends Record<string, unknown> = Record<string, unknown>,
> implements SchemaContract {
  /** Type-level tag (no runtime value). */
  declare readonly schemaType?: 'Object'
  /** The name messages give this schema. */
  get schemaName(): string {
    return 'schema.Object'
  }
  /** A response for it is an object of members, never a list (see `SchemaContract`). */
  readonly responseShape = 'members'
  /** The member schemas (`undefined` at run time while one made with `undefined` awaits `define()`). */
  schema: TDefinition

  /**
   * `definition` may be `undefined` (an import read before its module finished loading, a
   * circular import) until {@link define} completes it; used before that, it throws a
   * `SchemaDefinitionError`, as `schema.Array` and the others do.
   */
  constructor(definition: TDefinition) {
    this.schema = (definition === undefined ? undefined : { ...definition }) as TDefinition
  }

  /** Merges more member schemas in (completes cyclic definitions, so new members are allowed). */
  define(definition: Partial<TDefinition> & Record<string, unknown>): this {
    this.schema = { ...this.schema, ...definition }
    return this
  }

  /** @internal Engine hook: normalizes a response for this schema (see `SchemaContract`). */
  normalize(input: unknown, _parent: unknown, _key: string | undefined, ctx: NormalizeContext) {
    return normalizeMembers(definedMembers(this.schema), input, ctx)
  }

  /** @internal Engine hook: reads a stored value back (see `SchemaContract`). */
  denormalize(input: unknown, ctx: DenormalizeContext): unknown {
    return denormalizeMembers(definedMembers(this.schema), input, ctx)
  }

  queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    return queryMembers(definedMembers(this.schema), args, ctx)
  }
}

/** The member schemas; throws while the definition is still `undefined`. */
function definedMembers<T>(members: T | undefined): T {
  if (members === undefined) throw undefinedSchemaError('new schema.Object(undefined)')
  return members
}
