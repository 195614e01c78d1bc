import type { AllSchema } from './All'
import type { ArraySchema } from './ArraySchema'
import type { DeleteEntitySchema } from './Delete'
import type { ObjectSchema } from './ObjectSchema'
import type { UnionSchema } from './Union'
import type { ValuesSchema } from './Values'

/**
 * The type a schema reads as: an Entity class reads as its instance, `[S]` as an array, plain
 * objects member by member (non-schema members keep their type). A field conversion reads as
 * what it makes: a class (`Date`, `BigNumber`) as its instance, a function
 * (`Temporal.Instant.from`, `Number`) as its return type.
 * @template TSchema - any schema
 */
export type Denormalize<TSchema> = [TSchema] extends [Primitive | null | undefined]
  ? PassThrough<TSchema>
  : DenormalizeValue<TSchema>

/** {@link Denormalize} for schemas and members that are not primitives. */
type DenormalizeValue<TSchema> = TSchema extends DateConstructor
  ? Date
  : TSchema extends CalledConstructor
    ? ReturnType<TSchema>
    : TSchema extends abstract new (...args: any[]) => infer TInstance
      ? TInstance
      : TSchema extends (...args: any[]) => infer TValue
        ? TValue
        : DenormalizeSchema<TSchema>

/** Built-in constructors a field conversion calls rather than constructs (`Number`, ...). */
type CalledConstructor =
  NumberConstructor | StringConstructor | BooleanConstructor | BigIntConstructor

/** {@link Denormalize} for schemas that are not functions. */
type DenormalizeSchema<TSchema> =
  TSchema extends DeleteEntitySchema<infer TEntity>
    ? Denormalize<TEntity> | undefined
    : TSchema extends AllSchema<infer TDefinition>
      ? DenormalizeMember<TDefinition>[]
      : TSchema extends ArraySchema<infer TDefinition>
        ? DenormalizeMember<TDefinition>[]
        : TSchema extends ValuesSchema<infer TDefinition>
          ? Record<string, DenormalizeMember<TDefinition>>
          : TSchema extends UnionSchema<infer TDefinition>
            ? Denormalize<TDefinition[keyof TDefinition]>
            : TSchema extends ObjectSchema<infer TDefinition>
              ? DenormalizeObject<TDefinition>
              : TSchema extends readonly [infer TItem]
                ? Denormalize<TItem>[]
                : TSchema extends readonly (infer TItem)[]
                  ? // `[]`: a list whose items pass through as they are.
                    [TItem] extends [never]
                    ? unknown[]
                    : Denormalize<TItem>[]
                  : TSchema extends Record<string, unknown>
                    ? DenormalizeObject<TSchema>
                    : TSchema

/** Values a non-schema member can hold that {@link PassThrough} widens. */
type Primitive = string | number | bigint | boolean

/** `true` when `T` is one type, not a union (`boolean` is `true | false`). */
type IsLone<T, TAll = T> = T extends unknown ? ([TAll] extends [T] ? true : false) : never

/** A lone literal widened to its primitive; anything else kept. */
type WidenLone<T> = [T] extends [never]
  ? never
  : [T] extends [boolean]
    ? boolean
    : IsLone<T> extends true
      ? T extends string
        ? string
        : T extends number
          ? number
          : T extends bigint
            ? bigint
            : T
      : T

/**
 * The type of a non-schema member (`nextPage: ''`): what its value stands for. A lone literal,
 * which is what `const` inference makes of `''`, `0` or `true` (`new RestEndpoint({...})` and
 * `extend({...})` infer their options `const`), reads as its primitive (`string`, `number`,
 * `boolean`, `bigint`), as it does when inferred without `const`. Declared types are kept:
 * `'' as string | null`, `'open' as 'open' | 'closed'` (`null` and `undefined` stay beside the
 * widened literal: `'' as '' | null` is `string | null`).
 */
export type PassThrough<T> = WidenLone<Exclude<T, null | undefined>> | Extract<T, null | undefined>

/** Member schemas of a polymorphic definition (one schema, or a mapping of them). */
type DenormalizeMember<TDefinition> = TDefinition extends abstract new (...args: any[]) => unknown
  ? Denormalize<TDefinition>
  : TDefinition extends Record<string, abstract new (...args: any[]) => unknown>
    ? Denormalize<TDefinition[keyof TDefinition]>
    : Denormalize<TDefinition>

/**
 * A plain-object schema, member by member. Intersected with `{}` so that editors show the data
 * (`{ results: Todo[]; next: string }`), not this alias over the schema.
 */
export type DenormalizeObject<TDefinition> = {
  -readonly [K in keyof TDefinition]: Denormalize<TDefinition[K]>
} & {}

/**
 * The type of `normalize(schema, input).result`: every entity replaced by its primary key,
 * `string | number` (a number when `pk()` returned one, as in rest-hooks, or when the input held
 * the reference as a number; else a string: compare references with `String(a) === String(b)`),
 * polymorphic items by `{ id, schema }`, plain members kept, field conversions as the plain JSON
 * stored. (A `null` or empty response normalizes to `null`.)
 * @template TSchema - any schema
 */
export type Normalize<TSchema> = [TSchema] extends [Primitive | null | undefined]
  ? PassThrough<TSchema>
  : NormalizeValue<TSchema>

/** {@link Normalize} for schemas and members that are not primitives. */
type NormalizeValue<TSchema> = TSchema extends DateConstructor
  ? string
  : TSchema extends { readonly key: string; denormalizeFields(...args: any[]): void }
    ? PkReference
    : TSchema extends (abstract new (...args: any[]) => unknown) | ((...args: any[]) => unknown)
      ? unknown
      : TSchema extends DeleteEntitySchema<any>
        ? PkReference
        : TSchema extends UnionSchema<infer TDefinition>
          ? Reference<TDefinition>
          : TSchema extends AllSchema<infer TDefinition>
            ? NormalizeMember<TDefinition>[]
            : TSchema extends ArraySchema<infer TDefinition>
              ? NormalizeMember<TDefinition>[]
              : TSchema extends ValuesSchema<infer TDefinition>
                ? Record<string, NormalizeMember<TDefinition>>
                : TSchema extends ObjectSchema<infer TDefinition>
                  ? NormalizeObject<TDefinition>
                  : TSchema extends readonly [infer TItem]
                    ? Normalize<TItem>[]
                    : TSchema extends readonly (infer TItem)[]
                      ? [TItem] extends [never]
                        ? unknown[]
                        : Normalize<TItem>[]
                      : TSchema extends Record<string, unknown>
                        ? NormalizeObject<TSchema>
                        : TSchema

/**
 * What a result holds for an entity: its pk as `pk()` returned it (a number stays a number), or as
 * the input held it when it was already a reference; the tables key both by the string.
 */
type PkReference = string | number

/** How a polymorphic item is stored: its primary key and its mapping key. */
type Reference<TDefinition> = { id: PkReference; schema: keyof TDefinition & string }

/** Member schemas of a polymorphic definition, normalized. */
type NormalizeMember<TDefinition> = TDefinition extends abstract new (...args: any[]) => unknown
  ? Normalize<TDefinition>
  : TDefinition extends Record<string, abstract new (...args: any[]) => unknown>
    ? Reference<TDefinition>
    : Normalize<TDefinition>

/** A plain-object schema, member by member (shown as the result, see {@link DenormalizeObject}). */
type NormalizeObject<TDefinition> = {
  -readonly [K in keyof TDefinition]: Normalize<TDefinition[K]>
} & {}
