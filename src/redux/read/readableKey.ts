/**
 * The key of a call, after checking that what was given can be read at all: the first wrong
 * argument of a new user (`undefined` from a misspelled member or a circular import, a whole
 * resource instead of one of its endpoints) gets a SetupError naming the fix, not a TypeError
 * from deep inside.
 */
import { SetupError, UNLOADED_IMPORT } from '../../internal/errors'
import type { Readable } from './readCall'

const RESOURCE_MEMBERS = ['get', 'getList', 'create', 'update', 'partialUpdate', 'delete']

/** What was given instead of an endpoint, in words. */
function givenAs(value: unknown): string {
  if (value === undefined || value === null) return String(value)
  const members = value as Record<string, unknown>
  if (RESOURCE_MEMBERS.every((name) => typeof members[name] === 'function')) {
    return 'a resource (what createResource returns), not one of its endpoints'
  }
  return typeof value === 'function' ? 'a function without key()' : `a ${typeof value}`
}

/** Throws a SetupError naming the fix unless `value` is an endpoint or a Query. */
export function assertReadable(value: unknown, where: string): asserts value is Readable {
  const readable = value as { key?: unknown } | null | undefined
  if ((typeof value === 'object' || typeof value === 'function') && readable !== null) {
    if (typeof readable?.key === 'function') return
  }
  throw new SetupError(
    `${where} needs an endpoint (such as TodoResource.get, or a new Endpoint) or a Query; it ` +
      `was given ${givenAs(value)}. Pass one endpoint of a resource (TodoResource.getList). ` +
      `undefined usually means a misspelled member, or ${UNLOADED_IMPORT}.`,
  )
}

/**
 * Throws a SetupError naming the fix unless `options` has a `testKey` function, as
 * `invalidateAll` and `expireAll` need (`where`: the method, for the message).
 */
export function assertTestKey(
  options: unknown,
  where: string,
): asserts options is { testKey: (key: string) => boolean } {
  const testKey = (options as { testKey?: unknown } | null | undefined)?.testKey
  if (typeof testKey === 'function') return
  const given =
    options === undefined || options === null
      ? String(options)
      : testKey === undefined
        ? 'an object without testKey'
        : `testKey: ${givenAs(testKey)}`
  throw new SetupError(
    `${where} needs { testKey: (key) => boolean }, which picks the keys it acts on; it was ` +
      `given ${given}. ` +
      "Pass an endpoint's own test to act on all its calls ({ testKey: TodoResource.get.testKey }), " +
      'or a function of the key.',
  )
}

/**
 * True for the "no call" form, `null` in place of the arguments (as data-client takes it): a
 * hook reads nothing and fetches nothing; `invalidate`, `subscribe` and `unsubscribe` do nothing.
 */
export function isNoCall(args: readonly unknown[]): boolean {
  return args.length > 0 && args[0] === null
}

/** `readable.key(...args)`, once `readable` is known to be an endpoint or a Query. */
export function keyOf(readable: unknown, args: readonly unknown[], where: string): string {
  assertReadable(readable, where)
  return readable.key(...args)
}
