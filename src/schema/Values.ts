import { isPlainObject, setOwn } from '../internal/ownKeys'
import type { DenormalizeContext, NormalizeContext, SchemaContract } from '../normalizr/types'
import { INVALID } from '../normalizr/types'
import type { MappingAttribute } from './Polymorphic'
import { PolymorphicSchema } from './Polymorphic'

/**
 * A map whose keys are data (ids, names, `__proto__` included) and whose values share a schema,
 * or one of a mapping's schemas chosen by a schema attribute. Deleted entities drop out.
 * @template TDefinition - the value schema, or a mapping of them
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#values
 */
export class ValuesSchema<TDefinition = unknown>
  extends PolymorphicSchema<TDefinition>
  implements SchemaContract
{
  /** Type-level tag (no runtime value). */
  declare readonly schemaType?: 'Values'
  /** The name messages give this schema. */
  get schemaName(): string {
    return 'schema.Values'
  }
  constructor(definition: TDefinition, schemaAttribute?: MappingAttribute) {
    super(definition, schemaAttribute)
  }

  /** @internal Engine hook: normalizes a response for this schema (see `SchemaContract`). */
  normalize(input: unknown, _parent: unknown, _key: string | undefined, ctx: NormalizeContext) {
    this.requireDefinition()
    if (!isPlainObject(input)) return input
    const out: Record<string, unknown> = {}
    for (const member of Object.keys(input)) {
      const value = input[member]
      // Empty members are left out, as data-client leaves them out (JSON has no `undefined`).
      if (value === null || value === undefined) continue
      const normalized = this.normalizeValue(value, input, member, ctx)
      if (normalized !== undefined) setOwn(out, member, normalized)
    }
    return out
  }

  /** @internal Engine hook: reads a stored value back (see `SchemaContract`). */
  denormalize(input: unknown, ctx: DenormalizeContext): unknown {
    if (!isPlainObject(input)) return input
    const out: Record<string, unknown> = {}
    for (const member of Object.keys(input)) {
      const item = input[member]
      // `null` too: a state stored before nulls were left out on write reads the same as now.
      if (item === null) continue
      const value = this.denormalizeValue(item, ctx)
      if (value === INVALID || value === undefined) continue
      setOwn(out, member, value)
    }
    return out
  }
}
