import { getOwn, isPlainObject } from '../internal/ownKeys'
import { Entity } from './Entity'

/** Options of {@link EntitySchema}. */
export interface EntitySchemaOptions<TInstance> {
  /** Table name (required unless the class has `static key`). */
  key?: string
  /** Primary key: a field name, or a function of the processed record. */
  pk?: string | ((value: TInstance, parent?: unknown, key?: string) => string | number | undefined)
  /** Nested member schemas (defaults to the class's `static schema`, if any). */
  schema?: Record<string, unknown>
}

/** Static members every Entity has, as seen on a class made by {@link EntitySchema}. */
export type EntityStatics = Omit<typeof Entity, 'prototype'>

/**
 * Turns any class (or a plain record type's class) into an Entity without extending `Entity`:
 * `schema.Entity(Todo, { key: 'Todo', pk: 'id' })`.
 * @template TBase - the class to wrap
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#entity
 */
export function EntitySchema<TBase extends abstract new (...args: any[]) => object>(
  Base: TBase,
  options: EntitySchemaOptions<InstanceType<TBase>> = {},
): TBase &
  EntityStatics &
  (abstract new (...args: any[]) => InstanceType<TBase> & { pk(): string | number | undefined }) {
  const base = Base as unknown as { key?: unknown; schema?: unknown; prototype: { pk?: unknown } }
  const key = options.key ?? (typeof base.key === 'string' ? base.key : Base.name)
  const schema = options.schema ?? (isPlainObject(base.schema) ? base.schema : {})
  const pkOption = options.pk
  const readPk: (value: any, parent?: unknown, key?: string) => unknown =
    typeof pkOption === 'function'
      ? pkOption
      : typeof pkOption === 'string'
        ? (value) => getOwn(value, pkOption)
        : typeof base.prototype.pk === 'function'
          ? (value, parent, k) =>
              (base.prototype.pk as (...a: unknown[]) => unknown).call(value, parent, k)
          : (value) => getOwn(value, 'id')

  const Wrapped = class extends (Base as unknown as new (...args: any[]) => object) {}
  // Give the class every static member of Entity, then the options.
  for (const name of Object.getOwnPropertyNames(Entity)) {
    if (name === 'prototype' || name === 'length' || name === 'name' || name === 'key') continue
    Object.defineProperty(
      Wrapped,
      name,
      Object.getOwnPropertyDescriptor(Entity, name) as PropertyDescriptor,
    )
  }
  Object.defineProperty(Wrapped, 'name', { value: Base.name })
  Object.defineProperty(Wrapped, 'key', { value: key, writable: true, configurable: true })
  Object.defineProperty(Wrapped, 'schema', { value: schema, writable: true, configurable: true })
  Object.defineProperty(Wrapped, 'pk', {
    value: (value: unknown, parent?: unknown, k?: string) => readPk(value, parent, k),
    writable: true,
    configurable: true,
  })
  if (typeof (Wrapped.prototype as { pk?: unknown }).pk !== 'function') {
    Object.defineProperty(Wrapped.prototype, 'pk', {
      value(this: unknown) {
        return readPk(this)
      },
      writable: true,
      configurable: true,
    })
  }
  return Wrapped as never
}
