import { describeValue } from '../internal/describe'
import { isDev } from '../internal/env'
import { SchemaDefinitionError, UNLOADED_IMPORT } from '../internal/errors'
import { getOwn, isPlainObject } from '../internal/ownKeys'
import { Entity } from './Entity'
import { keyFromName } from './entityKey'

/** The lifecycle statics `schema.Entity` takes as options (as data-client's mixin does). */
type LifecycleOptions = Partial<
  Pick<typeof Entity, 'process' | 'merge' | 'validate' | 'useIncoming' | 'createIfValid'>
>

/**
 * Options of {@link EntitySchema}. Each is optional: without it, the class's own static member
 * (or its subclass's) is used.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#entity
 */
export interface EntitySchemaOptions<TInstance> extends LifecycleOptions {
  /** Table name; default: `static key` of the class, else the name of the (sub)class. */
  key?: string
  /** Primary key: a field name, or a function of the record (default: a `pk()` method, else `id`). */
  pk?:
    | (keyof TInstance & string)
    | ((
        value: TInstance,
        parent?: unknown,
        key?: string,
        args?: readonly unknown[],
      ) => string | number | undefined)
  /** Nested member schemas (default: the class's `static schema`, else none). */
  schema?: Record<string, unknown>
}

/** Static members every Entity has, as seen on a class made by {@link EntitySchema}. */
export type EntityStatics = Omit<typeof Entity, 'prototype'>

/** Option names `schema.Entity` understands. */
const KNOWN = new Set(['key', 'pk', 'schema', 'process', 'merge', 'validate', 'useIncoming'])
KNOWN.add('createIfValid')

/** Defines a writable, configurable own member. */
function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, configurable: true })
}

/**
 * Turns any class into an Entity without extending `Entity` (data-client's mixin):
 * `schema.Entity(Todo, { key: 'Todo', pk: 'id' })`, or as a base class,
 * `class TodoEntity extends schema.Entity(Todo) {}`, whose table is then `TodoEntity` and whose
 * own `pk()` and statics win over the options.
 * @template TBase - the class to wrap
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md#entity
 */
export function EntitySchema<TBase extends abstract new (...args: any[]) => object>(
  Base: TBase,
  options: EntitySchemaOptions<InstanceType<TBase>> = {},
): TBase &
  EntityStatics &
  (abstract new (...args: any[]) => InstanceType<TBase> & { pk(): string | number | undefined }) {
  if (typeof Base !== 'function') {
    throw new SchemaDefinitionError(
      `schema.Entity takes a class (schema.Entity(Todo, { pk: 'id' })); it was given ` +
        `${describeValue(Base, 80)}. An undefined class is most often ${UNLOADED_IMPORT}: ` +
        'import the class from its own module.',
    )
  }
  const base = Base as unknown as { schema?: unknown; prototype: { pk?: unknown } }
  const Wrapped = class extends (Base as unknown as new (...args: any[]) => object) {}
  define(Wrapped, 'name', Base.name)
  // Every static member of Entity (the engine's hooks and the lifecycle defaults)...
  for (const name of Object.getOwnPropertyNames(Entity)) {
    if (['prototype', 'length', 'name', 'key', 'schema'].includes(name)) continue
    // A static the class already has (its own `process`, `validate`, ...); `toString` is
    // inherited from Function by every class, so only one of its own counts.
    const own =
      name === 'toString' ? Object.prototype.hasOwnProperty.call(Base, name) : name in Base
    if (own && typeof (Base as unknown as Record<string, unknown>)[name] === 'function') continue
    Object.defineProperty(
      Wrapped,
      name,
      Object.getOwnPropertyDescriptor(Entity, name) as PropertyDescriptor,
    )
  }
  // ...then the lifecycle options.
  for (const name of Object.keys(options)) {
    if (!KNOWN.has(name)) {
      if (isDev) {
        console.warn(
          `rtk-resources: schema.Entity(${Base.name || 'class'}) ignores the option "${name}". ` +
            `It takes ${[...KNOWN].join(', ')}; for data-client's shouldUpdate/shouldReorder ` +
            'use useIncoming.',
        )
      }
      continue
    }
    if (name !== 'key' && name !== 'pk' && name !== 'schema') {
      define(Wrapped, name, (options as Record<string, unknown>)[name])
    }
  }

  define(Wrapped, 'schema', options.schema ?? (isPlainObject(base.schema) ? base.schema : {}))

  if (options.key !== undefined) {
    define(Wrapped, 'key', options.key)
  } else if (!('key' in Base)) {
    // The name of the class asked: a subclass (`class Sub extends schema.Entity(Base)`) is its
    // own table. A subclass may assign `Sub.key = ...` too.
    Object.defineProperty(Wrapped, 'key', {
      get(this: { name: string }) {
        return keyFromName(this, this.name)
      },
      set(this: object, value: unknown) {
        define(this, 'key', value)
      },
      configurable: true,
    })
  }

  // The instance `pk()`: from the option, else the class's own, else `id`. A subclass's own
  // `pk()` overrides it (the static `pk` calls the prototype's).
  const pkOption = options.pk
  if (typeof pkOption === 'function') {
    define(Wrapped.prototype, 'pk', function pk(this: any, ...rest: unknown[]) {
      return (pkOption as (...a: unknown[]) => unknown)(this, ...rest)
    })
  } else if (typeof pkOption === 'string') {
    define(Wrapped.prototype, 'pk', function pk(this: object) {
      return getOwn(this, pkOption)
    })
  } else if (typeof base.prototype.pk !== 'function') {
    define(Wrapped.prototype, 'pk', function pk(this: object) {
      return getOwn(this, 'id')
    })
  }
  return Wrapped as never
}
