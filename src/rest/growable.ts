/**
 * The mark of a list that grows (`getList.push` / `getList.unshift`): a function, kept on the
 * list under this symbol, that gives an endpoint made from it by `extend` its own `push` and
 * `unshift` (built from the new list: its path, schema, headers). A symbol of its own module, so
 * that `RestEndpoint.extend` can call it without importing how lists grow.
 */
export const GROWS: unique symbol = Symbol('rtk-resources: list grows')

/** What {@link GROWS} holds. */
export type Grow = (extended: object) => void
