import type { Controller } from '../redux/Controller'
import type { EndpointInterface } from '../redux/endpointTypes'

const scheduled = new WeakMap<Controller, Map<string, Promise<unknown>>>()

/**
 * Starts a fetch on behalf of a rendering component without dispatching during render (React
 * forbids updating other components while rendering): the request starts in a microtask, and
 * renders of the same key before it settles share the same promise.
 */
export function fetchFromRender(
  controller: Controller,
  key: string,
  endpoint: EndpointInterface,
  args: readonly unknown[],
): Promise<unknown> {
  let byKey = scheduled.get(controller)
  if (!byKey) {
    byKey = new Map()
    scheduled.set(controller, byKey)
  }
  const existing = byKey.get(key)
  if (existing) return existing
  const request = Promise.resolve().then(() => controller.fetch(endpoint, ...(args as never[])))
  byKey.set(key, request)
  const clear = () => {
    if (byKey.get(key) === request) byKey.delete(key)
  }
  request.then(clear, clear)
  return request
}
