/**
 * An endpoint's `update` option (data-client's Endpoint `update`), run where a response is
 * stored (receive.ts): `update(normalizedResult, ...args)` names other request keys, and each
 * key's updater turns its stored result into the new one. The new results are plain data in the
 * `received` payload, so the reducer only writes them and a replay rebuilds them.
 *
 * - Only keys that hold a result are updated; the others are skipped (their updater is not
 *   called): a list nobody fetched is fetched whole by its first reader, never shown as the one
 *   item a mutation added, and an updater cannot add keys to the state.
 * - An updater that returns `undefined`, or the result it was given, changes nothing.
 * - Any failure (`update` or an updater throws, returns something else than described, or a
 *   value that cannot be stored) drops every update of this response: the response itself is
 *   stored, and development builds log an {@link EndpointUpdateError}.
 */
import { cyclePath } from '../../internal/cycles'
import { assertNotTooDeep } from '../../internal/depth'
import { describeValue } from '../../internal/describe'
import { isDev } from '../../internal/env'
import { EndpointUpdateError } from '../../internal/errors'
import { getOwn, setOwn } from '../../internal/ownKeys'
import { toPlainData } from '../../internal/plainData'
import type { EndpointInterface } from '../endpointTypes'
import { getResult, hasResult } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'

/** What one response is being stored as: its key and its results. */
export interface UpdateInput {
  /** The request key of the response. */
  readonly key: string
  /** The response's own normalized result (what `update` gets). */
  readonly normalizedResult: unknown
  /** What the key will hold (the normalized result, or a page merged into its list). */
  readonly ownResult: unknown
}

/**
 * The other results `endpoint(...args)`'s response changes: what the endpoint's `update` gives
 * for the keys `slice` holds (updaters get the stored results); `undefined` when it has none or it
 * fails. A growing list's push is added after, on what this returns (receive.ts).
 */
export function runUpdate(
  endpoint: EndpointInterface,
  args: readonly unknown[],
  slice: EntityCacheState,
  input: UpdateInput,
): Readonly<Record<string, unknown>> | undefined {
  const { key, normalizedResult, ownResult } = input
  const update = endpoint.update
  if (update === undefined) return undefined
  let target: string | undefined
  try {
    if (typeof update !== 'function') throw new TypeError(`update is ${describeValue(update)}`)
    const updaters: unknown = Reflect.apply(update, endpoint, [normalizedResult, ...args])
    if (updaters === undefined || updaters === null) return undefined
    if (typeof updaters !== 'object' || Array.isArray(updaters)) {
      throw new TypeError(`it returned ${describeValue(updaters)}, not an object of updaters`)
    }
    const out: Record<string, unknown> = {}
    for (const name of Object.keys(updaters)) {
      target = name
      const updater = getOwn(updaters, name)
      if (typeof updater !== 'function') {
        throw new TypeError(`its updater is ${describeValue(updater)}, not a function`)
      }
      let previous: unknown
      if (name === key) previous = ownResult
      else if (hasResult(slice, name)) previous = getResult(slice, name)
      else continue
      const next: unknown = (updater as (previousResult: unknown) => unknown)(previous)
      if (next === undefined || next === previous) continue
      setOwn(out, name, storable(next))
    }
    return out
  } catch (error) {
    if (isDev) console.error(new EndpointUpdateError(key, target, error))
    return undefined
  }
}

/** An updater's return value as plain JSON data; throws when it cannot be stored. */
function storable(value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError(`the updater returned ${describeValue(value)}, which is not data`)
  }
  // Too deep throws (InputTooDeepError); a Date or an instance becomes what JSON would write.
  const plain = assertNotTooDeep(value) ? value : toPlainData(value)
  if (cyclePath(plain) !== undefined) {
    throw new TypeError('the updater returned a value that contains itself (a cycle)')
  }
  return plain
}
