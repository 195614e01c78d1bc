/**
 * A response as the state stores it: plain JSON data, normalized. A Date in a member no schema
 * converts is stored as its ISO string, an instance as an object (what `JSON.stringify` would
 * write); an `undefined` member is left out, after the merge it takes part in (so a response
 * that says `deletedAt: undefined` clears the stored record's `deletedAt`, as data-client's
 * merge does, and the state still equals its JSON copy). Used by responses (fetches,
 * `setResponse`, fixtures) and optimistic writes alike.
 */
import { cyclePath } from '../../internal/cycles'
import { clipText } from '../../internal/describe'
import { HOLDS_UNDEFINED, MAX_DEPTH, NOT_PLAIN, PLAIN, plainStatus } from '../../internal/depth'
import type { PlainStatus } from '../../internal/depth'
import { InputTooDeepError } from '../../internal/errors'
import { setOwn } from '../../internal/ownKeys'
import { toPlainData, withoutUndefined } from '../../internal/plainData'
import { normalize } from '../../normalizr/normalize'
import type { NormalizeMeta } from '../../normalizr/normalize'
import type { EntitySource, NormalizedResponse } from '../../normalizr/types'

/** `response` (with `schema`, when it has one) normalized as the state stores it. */
export function normalizeToStore(
  schema: unknown,
  response: unknown,
  args: readonly unknown[],
  source: EntitySource,
  times: NormalizeMeta,
): NormalizedResponse {
  const hasSchema = schema !== undefined && schema !== null
  let status: PlainStatus
  let deep = false
  const met = { again: false }
  try {
    status = plainStatus(response, MAX_DEPTH, met)
  } catch (error) {
    // Entities nested deep (a chain given nested) are stored flat: what is stored is checked.
    if (!(error instanceof InputTooDeepError) || !hasSchema) throw error
    status = plainStatus(response, Infinity, met)
    deep = true
  }
  // Undefined members are kept through the merge (they clear what they name), left out after.
  const value = status === NOT_PLAIN ? toPlainData(response, true) : response
  const normalized: NormalizedResponse = hasSchema
    ? normalize(schema, value, args, source, times)
    : { result: value, entities: {}, entitiesMeta: {} }
  if (deep) {
    plainStatus(normalized.result)
    // entities → table → record: two levels above the records'.
    plainStatus(normalized.entities, MAX_DEPTH + 2)
  }
  // An object met twice: shared, or a cycle. Entities end cycles (a record holds a pk, not the
  // object); one outside them would be stored as it is, and JSON cannot write it.
  if (met.again) refuseCycles(normalized)
  if (status === PLAIN) return normalized
  dropUndefinedMembers(normalized.entities)
  const result = withoutUndefined(normalized.result)
  // A function or a Symbol returned without a schema: nothing JSON can write, stored as an
  // answer without content is (null), not as an undefined result a JSON copy would drop.
  return { ...normalized, result: result === undefined && !hasSchema ? null : result }
}

/** Throws {@link InputTooDeepError} naming the member where what is stored contains itself. */
function refuseCycles({ result, entities }: NormalizedResponse): void {
  const inResult = cyclePath(result)
  if (inResult !== undefined) throw new InputTooDeepError(undefined, undefined, inResult)
  for (const key of Object.keys(entities)) {
    const table = entities[key] as Record<string, unknown>
    for (const pk of Object.keys(table)) {
      const inRecord = cyclePath(table[pk])
      if (inRecord !== undefined) {
        const record = `${key} ${clipText(pk, 100)}`
        throw new InputTooDeepError(undefined, undefined, `${record}: ${inRecord}`)
      }
    }
  }
}

/**
 * A value a user's function returned for the state (a `mergeResult`'s): JSON data as
 * `JSON.stringify` would write it.
 */
export function storableValue<T>(value: T): T {
  const met = { again: false }
  const status = plainStatus(value, MAX_DEPTH, met)
  const inValue = met.again ? cyclePath(value) : undefined
  if (inValue !== undefined) throw new InputTooDeepError(undefined, undefined, inValue)
  if (status === PLAIN) return value
  return (status === HOLDS_UNDEFINED ? withoutUndefined(value) : toPlainData(value)) as T
}

/** Replaces each written record that holds `undefined` with its copy without (in place). */
function dropUndefinedMembers(entities: NormalizedResponse['entities']): void {
  for (const key of Object.keys(entities)) {
    const table = entities[key] as Record<string, Record<string, unknown>>
    for (const pk of Object.keys(table)) {
      const record = table[pk]
      const plain = withoutUndefined(record)
      if (plain !== record) setOwn(table, pk, plain)
    }
  }
}
