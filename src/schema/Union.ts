import { SchemaDefinitionError } from '../internal/errors'
import { isPlainObject } from '../internal/ownKeys'
import type {
  DenormalizeContext,
  NormalizeContext,
  QueryContext,
  SchemaContract,
} from '../normalizr/types'
import type { MappingAttribute } from './Polymorphic'
import { PolymorphicSchema } from './Polymorphic'

/**
 * One value that may be any of several Entities, chosen by a schema attribute (a field name or a
 * function). Stored as `{ id, schema }`; an unknown discriminator leaves the value as it is.
 * @template TDefinition - mapping from discriminator value to Entity
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#union
 */
export class UnionSchema<TDefinition extends Record<string, unknown> = Record<string, unknown>>
  extends PolymorphicSchema<TDefinition>
  implements SchemaContract
{
  /** Type-level tag (no runtime value). */
  declare readonly schemaType?: 'Union'
  /** The name messages give this schema. */
  get schemaName(): string {
    return 'schema.Union'
  }
  constructor(definition: TDefinition, schemaAttribute: MappingAttribute) {
    if (schemaAttribute === undefined || schemaAttribute === null) {
      throw new SchemaDefinitionError(
        'schema.Union needs a schema attribute: new schema.Union({ a: A, b: B }, "type").',
      )
    }
    super(definition, schemaAttribute)
  }

  /** @internal Engine hook: normalizes a response for this schema (see `SchemaContract`). */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext) {
    this.requireDefinition()
    return this.normalizeValue(input, parent, key, ctx)
  }

  /** @internal Engine hook: reads a stored value back (see `SchemaContract`). */
  denormalize(input: unknown, ctx: DenormalizeContext): unknown {
    this.requireDefinition()
    return this.denormalizeValue(input, ctx)
  }

  /**
   * @internal The member entity `value` belongs to by its schema attribute, with its mapping key;
   * `undefined` when the attribute names none (see `schema.Delete` of a Union).
   */
  memberFor(value: unknown, parent: unknown, key: string | undefined) {
    if (!value) return undefined
    const found = this.schemaFor(value, parent, key)
    return found?.name === undefined ? undefined : { schema: found.schema, name: found.name }
  }

  /** Picks the member from the first argument's discriminator, then asks that Entity. */
  queryKey(args: readonly unknown[], ctx: QueryContext): unknown {
    this.requireDefinition()
    const first = args[0]
    if (!isPlainObject(first)) return undefined
    const found = this.schemaFor(first, undefined, undefined)
    if (!found?.name) return undefined
    const id = ctx.queryKey(found.schema, args)
    return id === undefined ? undefined : { id, schema: found.name }
  }
}
