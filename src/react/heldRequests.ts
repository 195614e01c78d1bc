/**
 * Requests started by mounted components, aborted when the last component holding them goes
 * away. The abort waits one task, so StrictMode's unmount-and-remount (or a component handing
 * over to another in the same commit) keeps the request.
 */
import type { Controller } from '../redux/Controller'
import type { EndpointInterface } from '../redux/endpointTypes'

interface Held {
  readonly abort: AbortController
  holders: number
  settled: boolean
}

const byController = new WeakMap<Controller, Map<string, Held>>()
const ignore = () => {}

/**
 * Fetches `endpoint(...args)` (or joins the request already held for `key`) on behalf of a
 * mounted component; returns the release to call on unmount.
 */
export function holdRequest(
  controller: Controller,
  key: string,
  endpoint: EndpointInterface,
  args: readonly unknown[],
): () => void {
  let held = byController.get(controller)
  if (!held) {
    held = new Map()
    byController.set(controller, held)
  }
  const requests = held
  let entry = requests.get(key)
  if (!entry || entry.settled) {
    const created: Held = { abort: new AbortController(), holders: 0, settled: false }
    entry = created
    requests.set(key, created)
    const done = () => {
      created.settled = true
      if (requests.get(key) === created) requests.delete(key)
    }
    controller
      .fetchWithSignal(created.abort.signal, endpoint, ...(args as never[]))
      .then(done, done)
      .catch(ignore)
  }
  const mine = entry
  mine.holders += 1
  let released = false
  return () => {
    if (released) return
    released = true
    mine.holders -= 1
    if (mine.holders > 0) return
    setTimeout(() => {
      if (mine.holders === 0 && !mine.settled) mine.abort.abort()
    }, 0)
  }
}
