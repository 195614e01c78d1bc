/**
 * Names for endpoints made from anonymous functions. The name is derived from the function's
 * source text, so the same code gives the same name (and the same cache keys) in every process
 * and whatever order endpoints are made in: a persisted state or an SSR payload keys a call the
 * same way on the server and in the browser, as long as both run the same build.
 */
import { isDev } from '../internal/env'
import { fnv1a } from '../internal/hash'

/** FNV-1a of a string, as 8 hex digits. */
function hexHash(text: string): string {
  return fnv1a(text).toString(16).padStart(8, '0')
}

/** Per derived name: the first function seen with it (to warn when another shares it). */
const firstWithName = new Map<string, WeakRef<object>>()
/** Names already warned about. */
const warned = new Set<string>()

/** `anonymous-<hash of the source text>`. */
export function anonymousName(fn: (...args: any[]) => unknown): string {
  const name = `anonymous-${hexHash(Function.prototype.toString.call(fn))}`
  if (isDev) {
    const first = firstWithName.get(name)?.deref()
    if (first === undefined) firstWithName.set(name, new WeakRef(fn))
    else if (first !== fn && !warned.has(`${name} shared`)) {
      warned.add(`${name} shared`)
      console.warn(
        `rtk-resources: two endpoints are made from different anonymous functions with the same ` +
          `source text, so both are named "${name}" and share cache keys (a factory in a ` +
          'loop, for instance). Give each endpoint its own `name` option.',
      )
    }
  }
  return name
}

/** Warns once per name that an anonymous endpoint's default key depends on its source text. */
export function warnUnnamedKey(name: string): void {
  if (!isDev || warned.has(name)) return
  warned.add(name)
  console.warn(
    `rtk-resources: an endpoint made from an anonymous function has no name, so its cache keys ` +
      `use "${name}", derived from the function's source text. That changes whenever the code ` +
      'changes or is minified differently, and a persisted state or an SSR payload would no ' +
      "longer match. Pass a name: new Endpoint(fn, { name: 'getTodo' }).",
  )
}
