/**
 * The members of the `schema` namespace (`import { schema } from 'rtk-resources'`).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md
 */
// Each class is declared under another name and exported under its public one: a member
// exported under its own name became `declare const X: typeof X` in the bundled declarations
// (a value only, so `schema.All<typeof Todo>` did not name a type for a consumer).
export { AllSchema as All } from './All'
export { ArraySchema as Array } from './ArraySchema'
export { DeleteEntitySchema as Delete } from './Delete'
export { EntitySchema as Entity } from './EntitySchema'
export { ObjectSchema as Object } from './ObjectSchema'
export { UnionSchema as Union } from './Union'
export { ValuesSchema as Values } from './Values'
import type { MappingAttribute } from './Polymorphic'

/**
 * Which member of a mapping an item belongs to: a field name, or a function of the item, its
 * parent and its key there. (Declared here, not re-exported: a type-only re-export inside this
 * namespace does not survive the declaration bundler.)
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md
 */
export type SchemaAttribute = MappingAttribute
