import { describeValue } from '../internal/describe'
import { isDev } from '../internal/env'
import { UNLOADED_IMPORT, undefinedSchemaError } from '../internal/errors'
import { getOwn, hasOwn, isPlainObject } from '../internal/ownKeys'
import { isEntitySchema, isSchemaObject, refuseEntityInstance } from '../normalizr/isEntity'
import type { DenormalizeContext, NormalizeContext } from '../normalizr/types'
import { isUnionReference } from './primaryKey'

/**
 * A function of the item, its parent and its key in the parent (`undefined` at the top of a
 * response) that names the member of a mapping the item belongs to. Declared as a method, whose
 * parameters TypeScript checks both ways, so that a function written for data-client's type,
 * `(value, parent, key: string) => string`, is accepted too.
 */
type MappingFunction = {
  attribute(value: any, parent: any, key: string | undefined): string
}['attribute']

/**
 * Which member of a mapping an item belongs to: the name of a field, or a {@link MappingFunction}.
 */
export type MappingAttribute = string | MappingFunction

/** Schema attribute values already warned about, per schema. */
const warnedValues = new WeakMap<object, Set<unknown>>()

/** True for a plain `{ a: A, b: B }` definition (not a schema instance, array or class). */
function isPlainDefinition(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && !isSchemaObject(value)
}

/**
 * Shared base of Array, Values, All and Union: one schema for every item, or a mapping from a
 * discriminator value to a schema. Polymorphic items are stored as `{ id, schema }`; an item
 * whose discriminator is not in the mapping is left as it is (no entity).
 */
export abstract class PolymorphicSchema<TDefinition = unknown> {
  /** The item schema, or the mapping when a schema attribute is set. */
  schema!: TDefinition
  protected readonly getAttribute:
    ((value: any, parent: any, key: string | undefined) => unknown) | undefined
  /** How a message names the attribute: `"type"` for a field, else `the schema attribute`. */
  private readonly attributeName: string
  /** The schema attribute as given. */
  private readonly givenAttribute: MappingAttribute | undefined

  constructor(definition: TDefinition, schemaAttribute?: MappingAttribute) {
    this.givenAttribute = schemaAttribute
    if (typeof schemaAttribute === 'string') {
      const field = schemaAttribute
      this.getAttribute = (value) => (isPlainObject(value) ? getOwn(value, field) : undefined)
      this.attributeName = `the schema attribute "${field}"`
    } else {
      this.getAttribute = schemaAttribute
      this.attributeName = 'the schema attribute (the function given)'
    }
    this.define(definition)
  }

  /** The name messages give this schema (`schema.Array`, ...). */
  abstract get schemaName(): string

  /**
   * Throws where the schema is used while its definition is still `undefined`: made from an
   * import read before its module finished loading (a circular import), and never completed by
   * {@link define}. It may be made so; it may not be used so.
   */
  protected requireDefinition(): void {
    if (this.schema === undefined) throw undefinedSchemaError(`new ${this.schemaName}(undefined)`)
  }

  /** True when every item has the same schema (no schema attribute). */
  get isSingleSchema(): boolean {
    return this.getAttribute === undefined
  }

  /**
   * @internal The schema attribute as given (a field name or a function); `undefined` without
   * one.
   */
  get attribute(): MappingAttribute | undefined {
    return this.givenAttribute
  }

  /**
   * Sets the definition; a mapping (or object definition) is merged into the current one, which
   * is how cyclic definitions are completed after both sides exist.
   */
  define(definition: TDefinition | Record<string, unknown>): this {
    // `new schema.All(new User())`: refused where it is written.
    if (typeof definition === 'object' && definition !== null) refuseEntityInstance(definition)
    const current = this.schema as unknown
    this.schema =
      isPlainDefinition(current) && isPlainDefinition(definition) && !isEntitySchema(definition)
        ? ({ ...current, ...definition } as TDefinition)
        : (definition as TDefinition)
    return this
  }

  /** The schema an item belongs to, with its mapping key; `undefined` when not in the mapping. */
  protected schemaFor(value: unknown, parent: unknown, key: string | undefined) {
    if (this.getAttribute === undefined) return { schema: this.schema as unknown, name: undefined }
    return this.mapped(this.getAttribute(value, parent, key))
  }

  /**
   * The mapping's schema for a schema-attribute value; `undefined` when not in the mapping. A
   * member that is `undefined` (an import read before its module finished loading: a circular
   * import) counts as not in it.
   */
  private mapped(name: unknown) {
    if (typeof name !== 'string' && typeof name !== 'number') return undefined
    const member = memberOf(this.schema, String(name))
    return member === undefined ? undefined : { schema: member, name: String(name) }
  }

  protected normalizeValue(
    value: unknown,
    parent: unknown,
    key: string | undefined,
    ctx: NormalizeContext,
  ): unknown {
    if (this.getAttribute === undefined) return ctx.visit(this.schema, value, parent, key)
    // An empty item (`null` in a list, `0`) has no schema attribute to ask: kept as it is, as
    // data-client keeps it, without calling a function attribute on it or warning.
    if (!value) return value
    const name = this.getAttribute(value, parent, key)
    const found = this.mapped(name)
    if (!found) {
      if (isDev) this.warnUnknown(name, value)
      return value
    }
    const normalized = ctx.visit(found.schema, value, parent, key)
    if (normalized === undefined || normalized === null) return normalized
    return { id: normalized, schema: found.name }
  }

  /** Warns once per schema and value that an item's schema attribute is not in the mapping. */
  private warnUnknown(name: unknown, value: unknown): void {
    const seen = warnedValues.get(this) ?? new Set<unknown>()
    warnedValues.set(this, seen)
    if (seen.has(name)) return
    seen.add(name)
    const mapping = this.schema as Record<string, unknown>
    const expected = Object.keys(mapping)
      .filter((k) => mapping[k] !== undefined)
      .map((k) => `"${k}"`)
      .join(', ')
    const missing =
      (typeof name === 'string' || typeof name === 'number') && hasOwn(mapping, String(name))
        ? ` The mapping's "${String(name)}" is undefined: ${UNLOADED_IMPORT}. Import the ` +
          'Entity from its own module, or complete the mapping later with define().'
        : ''
    console.warn(
      `rtk-resources: ${this.attributeName} of an item is ${describeValue(name)}, which is not ` +
        `in the mapping (expected one of ${expected}). The item is kept as it is, not stored as ` +
        `an entity.${missing} Item: ${describeValue(value)}`,
    )
  }

  protected denormalizeValue(value: unknown, ctx: DenormalizeContext): unknown {
    if (this.getAttribute === undefined) return ctx.unvisit(this.schema, value)
    // A reference is exactly `{ id, schema }`; an unknown item stored as-is may have more.
    if (!isPlainObject(value) || !isUnionReference(value)) return value
    const member = memberOf(this.schema, value.schema)
    return member === undefined ? value : ctx.unvisit(member, value.id)
  }
}

/** The mapping's own member `name`; `undefined` when it has none, or it is `undefined`. */
function memberOf(mapping: unknown, name: string): unknown {
  return hasOwn(mapping as object, name) ? (mapping as Record<string, unknown>)[name] : undefined
}
