import { describeValue } from '../internal/describe'
import { SchemaDefinitionError } from '../internal/errors'
import { isEntitySchema } from '../normalizr/isEntity'
import type {
  DenormalizeContext,
  EntitySchemaContract,
  NormalizeContext,
  SchemaContract,
} from '../normalizr/types'
import type { EntityClass } from './Entity'
import { UnionSchema } from './Union'
import { referenceTo, toPrimaryKey, usablePrimaryKey } from './primaryKey'

/**
 * Marks the entity a response names as deleted (a plain tombstone in the cache). Afterwards it
 * reads as `undefined` (a record whose required member names it reads as incomplete, and is
 * fetched again) and leaves every list, `All`, `Values` and query. A response may be the
 * record, or anything `pk()` can read an id from (such as the call's params). When the response
 * as a whole names no record (`{ success: true }`), the call's first argument does: an object
 * `pk()` reads, or a bare pk. When neither names one, a response with a body throws
 * MissingPrimaryKeyError; a `null` one (204) deletes nothing and is kept as it is.
 * @template TEntity - the Entity class, or a `schema.Union` of Entity classes
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#delete
 */
export class DeleteEntitySchema<
  TEntity extends EntityClass | UnionSchema<any> = EntityClass,
> implements SchemaContract {
  /** Type-level tag (no runtime value). */
  declare readonly schemaType?: 'Delete'
  /** The name messages give this schema. */
  get schemaName(): string {
    return 'schema.Delete'
  }
  /** The entity (or Union) whose records this schema deletes. */
  readonly schema: TEntity
  /** A response may be the record, or the bare pk of the deleted entity. */
  readonly responseShape = 'object-or-id'
  /** A 204 deletes too: the call's params name the record. */
  readonly normalizesNoContent = true

  constructor(entity: TEntity) {
    if (!isEntitySchema(entity) && !((entity as unknown) instanceof UnionSchema)) {
      throw new SchemaDefinitionError(
        `schema.Delete takes an Entity class, like new schema.Delete(User), or a schema.Union; ` +
          `got ${describeValue(entity)}.`,
      )
    }
    this.schema = entity
  }

  /** @internal Engine hook: normalizes a response for this schema (see `SchemaContract`). */
  normalize(input: unknown, parent: unknown, key: string | undefined, ctx: NormalizeContext) {
    const union = this.schema as unknown
    if (union instanceof UnionSchema) return this.normalizeMember(union, input, parent, key, ctx)
    return this.normalizeEntity(this.schema as EntityClass, input, parent, key, ctx)
  }

  /**
   * A Union's deletion: of the member the response (or the call's params) names by its schema
   * attribute. When neither names one (a 204 to \`DELETE /feed/5\`), the pk is deleted from every
   * member's table: the path named the item by its pk alone, so no other item has it.
   */
  private normalizeMember(
    union: UnionSchema,
    input: unknown,
    parent: unknown,
    key: string | undefined,
    ctx: NormalizeContext,
  ): unknown {
    const whole = parent === input && key === undefined
    const named =
      union.memberFor(input, parent, key) ??
      (whole ? union.memberFor(ctx.args[0], ctx.args[0], undefined) : undefined)
    const members = named
      ? [named]
      : Object.entries(union.schema).map(([name, schema]) => ({ schema, name }))
    let first: unknown
    for (const { schema, name } of members) {
      if (!isEntitySchema(schema)) continue
      const id = this.normalizeEntity(schema as EntityClass, input, parent, key, ctx)
      if (id === null || id === undefined) continue // no content, no pk: nothing deleted
      first ??= { id, schema: name }
    }
    return first
  }

  private normalizeEntity(
    entity: EntityClass,
    input: unknown,
    parent: unknown,
    key: string | undefined,
    ctx: NormalizeContext,
  ): unknown {
    let id = this.idOf(entity, input, parent, key, ctx.args)
    // The whole response (its own parent, no key) names no record: the call's params do, as
    // data-client's `pk(params)`. Not for a Delete nested in a list or object: there the params
    // name the call, not each item.
    const whole = parent === input && key === undefined
    if (whole && usablePrimaryKey(id) === undefined && ctx.args[0] !== undefined) {
      const params = ctx.args[0]
      const fromParams = this.idOf(entity, params, params, undefined, ctx.args)
      if (usablePrimaryKey(fromParams) !== undefined) id = fromParams
    }
    // No content, and params that name no record (`{ userId, postId }` for a pk `id`): nothing
    // is deleted and the response is kept as it is, as before a 204 was read through params.
    if ((input === null || input === undefined) && usablePrimaryKey(id) === undefined) return input
    const pk = toPrimaryKey(entity.key, id, input)
    ctx.deleteEntity(entity as unknown as EntitySchemaContract, pk)
    return referenceTo(id, pk)
  }

  /** The id `value` names: what `pk()` reads from an object, else the value itself. */
  private idOf(
    entity: EntityClass,
    value: unknown,
    parent: unknown,
    key: string | undefined,
    args: readonly unknown[],
  ): unknown {
    if (typeof value !== 'object' || value === null) return value
    const processed = (entity.process(value, parent, key, args) ?? value) as object
    return entity.pk(processed as never, parent, key, args)
  }

  /** @internal Engine hook: reads a stored value back (see `SchemaContract`). */
  denormalize(input: unknown, ctx: DenormalizeContext): unknown {
    return ctx.unvisit(this.schema, input)
  }
}
