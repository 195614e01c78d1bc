import { mergeHeaders, toHeaderRecord } from '../endpoint/headers'
import { describeValue } from '../internal/describe'
import { SetupError, UNLOADED_IMPORT } from '../internal/errors'
import { stableStringify } from '../internal/stableStringify'
import type { RestEndpoint } from './RestEndpoint'

/**
 * The hooks of a resource: `get` → `useGet`, `getList` → `useGetList`, ... each returning its
 * endpoint with the request settings of `useInit()` merged in.
 * @template R - the resource (an object of endpoints)
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hookifyResource.md#hookresource
 */
export type HookResource<R> = {
  [
    K in keyof R & string as R[K] extends { extend(options: any): unknown }
      ? `use${Capitalize<K>}`
      : never
  ]: () => R[K]
}

/** A memo key for request settings made of plain values only (else `undefined`). */
function signatureOf(init: RequestInit): string | undefined {
  for (const [member, value] of Object.entries(init)) {
    if (member === 'headers') continue
    if (value !== null && typeof value === 'object') return undefined
    if (typeof value === 'function') return undefined
  }
  return stableStringify({ ...init, headers: toHeaderRecord(init.headers) })
}

/** Builds the hook of one endpoint: the last extended endpoint is reused for equal settings. */
function buildHook(endpoint: RestEndpoint, useInit: () => RequestInit) {
  let last: { init: RequestInit; signature: string | undefined; endpoint: RestEndpoint } | undefined
  return function useEndpoint(): RestEndpoint {
    const init = useInit()
    const signature = signatureOf(init)
    if (last && (last.init === init || (signature !== undefined && last.signature === signature))) {
      return last.endpoint
    }
    const base = endpoint.requestInit ?? {}
    const extended = endpoint.extend({
      requestInit: { ...base, ...init, headers: mergeHeaders(base.headers, init.headers) },
    })
    last = { init, signature, endpoint: extended }
    return extended
  }
}

/**
 * Turns each endpoint of a resource into a hook that returns it with `useInit()`'s request
 * settings (such as `headers` from a context, or `credentials`) merged into its `requestInit`.
 * `useInit` is called on every call of a hook, so it may use React hooks; the hooks themselves
 * need no React import.
 *
 * @example
 * ```ts
 * const TodoHooks = hookifyResource(TodoResource, function useInit() {
 *   return { headers: { 'Access-Token': useToken() } }
 * })
 * const getTodo = TodoHooks.useGet() // in a component
 * ```
 * @template R - the resource (an object of endpoints)
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hookifyResource.md
 */
export function hookifyResource<R extends object>(
  resource: R,
  useInit: () => RequestInit,
): HookResource<R> {
  // An object of endpoints, or a class holding them as static members.
  if ((typeof resource !== 'object' && typeof resource !== 'function') || resource === null) {
    const cause =
      resource === undefined
        ? ` undefined usually means ${UNLOADED_IMPORT}: import the resource from its own module.`
        : ''
    throw new SetupError(
      'hookifyResource needs a resource (what createResource returns); it was given ' +
        `${describeValue(resource, 80)}.${cause}`,
    )
  }
  if (typeof useInit !== 'function') {
    throw new SetupError(
      'hookifyResource needs a hook as its second argument, `() => RequestInit` (such as ' +
        'function useInit() { return { headers: { Authorization: useToken() } } }); it was given ' +
        `${describeValue(useInit, 80)}.`,
    )
  }
  const hooks: Record<string, () => RestEndpoint> = {}
  for (const [name, endpoint] of Object.entries(resource)) {
    if (typeof (endpoint as Partial<RestEndpoint> | undefined)?.extend !== 'function') continue
    hooks[`use${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`] = buildHook(endpoint, useInit)
  }
  return hooks as HookResource<R>
}
