import type {
  DenormalizeContext,
  EntitySchemaContract,
  NormalizeContext,
  SchemaContract,
} from '../normalizr/types'
import type { EntityClass } from './Entity'
import { referenceTo, toPrimaryKey } from './primaryKey'

/**
 * Marks the entity a response names as deleted (a plain tombstone in the cache). Afterwards it
 * reads as `undefined` and leaves every list, `All`, `Values` and query. A response may be the
 * record, or anything `pk()` can read an id from (such as the call's params).
 * @template TEntity - the Entity class
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#delete
 */
export class Delete<TEntity extends EntityClass = EntityClass> implements SchemaContract {
  /** Type-level tag (no runtime value). */
  declare readonly schemaType?: 'Delete'
  readonly schema: TEntity
  /** A response may be the record, or the bare pk of the deleted entity. */
  readonly responseShape = 'object-or-id'

  constructor(entity: TEntity) {
    this.schema = entity
  }

  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext) {
    const entity = this.schema
    let id: unknown = input
    if (typeof input === 'object' && input !== null) {
      const processed = (entity.process(input, parent, key, ctx.args) ?? input) as object
      id = entity.pk(processed as never, parent, key, ctx.args)
    }
    const pk = toPrimaryKey(entity.key, id, input)
    ctx.deleteEntity(entity as unknown as EntitySchemaContract, pk)
    return referenceTo(id, pk)
  }

  denormalize(input: unknown, ctx: DenormalizeContext): unknown {
    return ctx.unvisit(this.schema, input)
  }
}
