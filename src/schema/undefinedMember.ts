import { isDev } from '../internal/env'
import { UNLOADED_IMPORT } from '../internal/errors'

/** The members already warned about, per Entity class (once each). */
const warned = new WeakMap<object, Set<string>>()

/**
 * Warns, in development and once per class and member, that a member of an Entity's `static schema` is
 * `undefined` (`static schema = { author: User }` with `User` not loaded yet: a circular import),
 * or a list of it (`tags: [Tag]` read as `[undefined]`, when `list` is true). Its values are then
 * stored as they are, nested in the record, not as entities of their own.
 */
export function warnUndefinedMember(
  cls: { readonly name: string; readonly key: string },
  member: string,
  list = false,
): void {
  if (!isDev) return
  const members = warned.get(cls) ?? new Set<string>()
  if (members.has(member)) return
  warned.set(cls, members.add(member))
  // The class as the code names it (`static key` may be a table name such as 'posts').
  const name = cls.name || cls.key
  console.warn(
    `rtk-resources: Entity ${name} (key "${cls.key}") has static schema member "${member}" ` +
      `set to ${list ? '[undefined]' : 'undefined'}, so ` +
      `its "${member}" is stored as it is, nested in the record, not as an entity. That is most ` +
      `often ${UNLOADED_IMPORT}. Import each Entity from its own module, or give the ` +
      `schema member once both classes exist: \`${name}.schema = { ...${name}.schema, ` +
      `${member}: ${list ? '[Other]' : 'Other'} }\` (see ` +
      'docs/concepts/schemas.md#cycles-and-define).',
  )
}
