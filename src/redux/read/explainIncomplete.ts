/**
 * Which record makes a call's stored data unusable, in words, for `UnusableResponseError`'s
 * message: the first record the call's result reaches whose Entity's `validate` rejects it as
 * stored (`Item 1 fails Item.validate() when read: "author must be an object"`). Run only when
 * that error is made, never on a normal read.
 */
import { clipText } from '../../internal/describe'
import { collectReferences } from '../../normalizr/references'
import type { EntitySchemaContract } from '../../normalizr/types'
import { readSourceOf } from '../slice/entitySource'
import { getResult } from '../slice/requests'
import type { EntityCacheState } from '../slice/state'

/** An Entity class, as far as a message needs it. */
interface Validated {
  readonly name?: string
  validate?(record: Record<string, unknown>): unknown
}

/**
 * The first record reached from the result stored under `key` that fails its class's
 * `validate` on read, described; `undefined` when none does (or nothing is stored).
 */
export function explainIncomplete(
  schema: unknown,
  key: string,
  slice: EntityCacheState,
): string | undefined {
  const result = getResult(slice, key)
  if (result === undefined || schema === undefined) return undefined
  const source = readSourceOf(slice)
  const seen = new Set<string>()
  let found: string | undefined
  collectReferences(schema, result, source, (entity: EntitySchemaContract, pk: string) => {
    const id = `${entity.key}\u0000${pk}`
    if (found !== undefined || seen.has(id)) return false
    seen.add(id)
    const record = source.getEntity(entity.key, pk)
    if (record === undefined) return false
    const cls = entity as unknown as Validated
    let reason: unknown
    try {
      reason = cls.validate?.(record)
    } catch (error) {
      reason = error instanceof Error ? `it threw ${error.message}` : 'it threw'
    }
    if (typeof reason === 'string') {
      const name = cls.name || entity.key
      found =
        `${name} ${clipText(pk, 100)} fails ${name}.validate() when read: ` +
        JSON.stringify(clipText(reason, 300))
      return false
    }
    return true
  })
  return found
}
