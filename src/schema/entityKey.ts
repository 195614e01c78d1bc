import { isDev } from '../internal/env'
import { SchemaDefinitionError } from '../internal/errors'

/** Classes already warned about (once each). */
const warned = new WeakSet<object>()

/**
 * The table name of an Entity class without `static key`: its class name. Throws when it has
 * none (an anonymous class); in development, warns once per class that minifiers rename classes.
 */
export function keyFromName(entity: object, name: string): string {
  if (!name) {
    throw new SchemaDefinitionError(
      'An Entity class has no `static key` and no class name (an anonymous class, or ' +
        '`schema.Entity(class {})`), so it has no table name. Add `static key = "Name"` to ' +
        'the class, or pass `{ key: "Name" }` to schema.Entity.',
    )
  }
  if (isDev && !warned.has(entity)) {
    warned.add(entity)
    console.warn(
      `rtk-resources: Entity "${name}" has no \`static key\`, so its class name is its table ` +
        'name. Minifiers rename classes: a production build would store it under another name ' +
        `(and unrelated classes could share one). Add \`static key = '${name}'\`.`,
    )
  }
  return name
}
