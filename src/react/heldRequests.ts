/**
 * Requests held by mounted components: each holder waits with a signal of its own, aborted one
 * task after it unmounts (so StrictMode's unmount-and-remount, or a component handing over to
 * another in the same commit, keeps the request). The request itself is aborted only when no
 * caller waits for it any more: a `controller.fetch` that joined it always gets its answer.
 */
import { fetchForReader } from '../redux/controllerSymbols'
import type { Controller } from '../redux/Controller'
import type { EndpointInterface } from '../redux/endpointTypes'

const ignore = () => {}

/**
 * Fetches `endpoint(...args)` (or joins the request in flight) on behalf of a mounted
 * component; returns the release to call on unmount.
 */
export function holdRequest(
  controller: Controller,
  endpoint: EndpointInterface,
  args: readonly unknown[],
): () => void {
  const holder = new AbortController()
  controller[fetchForReader](holder.signal, endpoint, args).catch(ignore)
  let released = false
  return () => {
    if (released) return
    released = true
    setTimeout(() => holder.abort(), 0)
  }
}
