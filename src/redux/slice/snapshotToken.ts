/**
 * The snapshot token of an `entities` object: the identity the engine's memo and change log
 * know a snapshot of the tables by. An object of its own, not the tables, so that whoever keeps
 * a token (the memo, the change log) does not keep the tables alive with it.
 */
const tokens = new WeakMap<object, object>()

/** The token of the snapshot whose `entities` object this is (the same one every time). */
export function tokenOf(entities: object): object {
  let token = tokens.get(entities)
  if (!token) tokens.set(entities, (token = {}))
  return token
}
