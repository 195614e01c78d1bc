/**
 * Copying a record's members onto an instance when some cannot be set: the class has a getter
 * without a setter (or a read-only member) of the same name, say a computed `fullName` that the
 * server also sends. The class's member wins; the record's is left out, and a development
 * warning names both and the fix. Every other member is copied as usual.
 */
import { isDev } from '../internal/env'
import { setOwn } from '../internal/ownKeys'

const warned = new Set<string>()

/** Sets each member of `record` on `instance` that can be set; returns `instance`. */
export function assignSettable<T extends object>(instance: T, record: object): T {
  for (const member of Object.keys(record)) {
    try {
      setOwn(instance, member, (record as Record<string, unknown>)[member])
    } catch {
      warnUnsettable(instance, member)
    }
  }
  return instance
}

function warnUnsettable(instance: object, member: string): void {
  const name = (instance.constructor as { name?: string } | undefined)?.name || 'An entity class'
  const id = `${name}\u0000${member}`
  if (!isDev || warned.has(id)) return
  warned.add(id)
  console.warn(
    `rtk-resources: ${name} has a member "${member}" that cannot be set (a getter without a ` +
      `setter, or read-only), so the record's "${member}" is not copied onto its instances: ` +
      `the class's value shows. Rename the record's member in static process, or give the ` +
      `getter a setter.`,
  )
}
