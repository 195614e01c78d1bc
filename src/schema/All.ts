import { isEntitySchema } from '../normalizr/isEntity'
import { denormalizeItems } from '../normalizr/shorthand'
import type {
  DenormalizeContext,
  EntitySchemaContract,
  QueryContext,
  SchemaContract,
} from '../normalizr/types'
import { ArraySchema } from './ArraySchema'
import type { MappingAttribute } from './Polymorphic'

/**
 * Every stored entity of a kind (or of each kind in a mapping), read from the tables rather
 * than from a response: entities added by any endpoint appear, deleted ones disappear. A response
 * with this schema is normalized like an array. Order: table order; sort it with a `Query`.
 * @template TDefinition - an Entity class, or a mapping of them
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#all
 */
export class AllSchema<TDefinition = unknown>
  extends ArraySchema<TDefinition>
  implements SchemaContract
{
  /** Type-level tag (no runtime value). */
  declare readonly schemaType?: 'All'
  /** The name messages give this schema. */
  override get schemaName(): string {
    return 'schema.All'
  }
  constructor(definition: TDefinition, schemaAttribute?: MappingAttribute) {
    super(definition, schemaAttribute)
  }

  /** The Entity classes this reads, one per table (the first class named for a key wins). */
  private entityClasses(): EntitySchemaContract[] {
    this.requireDefinition()
    const candidates = this.isSingleSchema
      ? [this.schema]
      : Object.values(this.schema as Record<string, unknown>)
    const byKey = new Map<string, EntitySchemaContract>()
    for (const candidate of candidates) {
      if (isEntitySchema(candidate) && !byKey.has(candidate.key))
        byKey.set(candidate.key, candidate)
    }
    return [...byKey.values()]
  }

  /** @internal Engine hook: reads a stored value back (see `SchemaContract`). */
  override denormalize(input: unknown, ctx: DenormalizeContext): unknown {
    if (input === undefined || input === null) return input // no response, or no table yet
    const refs: Array<[EntitySchemaContract, string]> = []
    for (const entity of this.entityClasses()) {
      ctx.forEachEntity(entity.key, (pk) => refs.push([entity, pk]))
    }
    return denormalizeItems(undefined, refs, ctx, (ref) => {
      const [entity, pk] = ref as [EntitySchemaContract, string]
      return ctx.unvisit(entity, pk)
    })
  }

  /** Has data once any of its tables exists (even if empty). */
  queryKey(_args: readonly unknown[], ctx: QueryContext): unknown {
    const found = this.entityClasses().some((entity) => ctx.source.getTable(entity.key))
    return found ? ALL_INPUT : undefined
  }
}

/** The (ignored) input `All` reads with when queried. */
const ALL_INPUT: readonly never[] = Object.freeze([])
