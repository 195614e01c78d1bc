import { denormalizeItems, normalizeItems } from '../normalizr/shorthand'
import type { DenormalizeContext, NormalizeContext, SchemaContract } from '../normalizr/types'
import type { MappingAttribute } from './Polymorphic'
import { PolymorphicSchema } from './Polymorphic'

/**
 * A list of items: `new schema.Array(User)` is `[User]`; with a schema attribute the items may be
 * of several kinds (`new schema.Array({ user: User, group: Group }, 'type')`). `null` items are
 * left out when normalizing (`[User]` keeps them); missing, deleted and invalid entities are left
 * out when reading.
 * @template TDefinition - the item schema, or a mapping of them
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#array
 */
export class ArraySchema<TDefinition = unknown>
  extends PolymorphicSchema<TDefinition>
  implements SchemaContract
{
  /** Type-level tag (no runtime value). */
  declare readonly schemaType?: 'Array' | 'All'
  /** The name messages give this schema. */
  get schemaName(): string {
    return 'schema.Array'
  }
  /** A response is a list (or an object of records, read as its values). */
  readonly responseShape = 'list'
  constructor(definition: TDefinition, schemaAttribute?: MappingAttribute) {
    super(definition, schemaAttribute)
  }

  /** Normalizes each item; `null` items are left out, as data-client's `schema.Array` does. */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext) {
    this.requireDefinition()
    return normalizeItems(this.schema, input, parent, key, ctx, (item) =>
      item === null ? undefined : this.normalizeValue(item, parent, key, ctx),
    )
  }

  /** @internal Engine hook: reads a stored value back (see `SchemaContract`). */
  denormalize(input: unknown, ctx: DenormalizeContext): unknown {
    return denormalizeItems(this.schema, input, ctx, (item) => this.denormalizeValue(item, ctx))
  }
}
