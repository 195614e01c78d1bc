/**
 * The members of the `schema` namespace (`import { schema } from 'rtk-resources'`).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/schema.md
 */
export { All } from './All'
export { ArraySchema as Array } from './ArraySchema'
export { Delete } from './Delete'
export { EntitySchema as Entity } from './EntitySchema'
export { ObjectSchema as Object } from './ObjectSchema'
export { Union } from './Union'
export { Values } from './Values'
export type { SchemaAttribute } from './Polymorphic'
