/**
 * One task of grace for a record a `useSuspense` reader showed and that was deleted since.
 *
 * Whoever sends a delete often navigates away right after it lands (`await fetch(delete);
 * navigate('/posts')`), in the microtask after the store changed. react-redux renders the store
 * change on its own first (`useSyncExternalStore` is not batched with the navigation's state
 * update), so the reader of the deleted record rendered once more, suspended (the fallback
 * showed) and asked for the record again, for a view about to go. data-client batches the two
 * and never renders that state. So for a deletion, the reader keeps what it showed and asks
 * again one task later, only if it still reads that call then (the navigation unmounted it, or
 * changed its args, by then).
 */
import { useEffect, useRef } from 'react'
import type { EndpointInterface } from '../redux/endpointTypes'
import { fetchFromRender } from '../redux/Controller'
import type { Controller } from '../redux/Controller'
import type { CallVerdict } from './useCallState'

/** What to show instead of suspending, if anything (see the module comment). */
export interface DeletedGrace {
  /** True while the deleted record's last shown data is shown, for one task. */
  readonly keep: boolean
  readonly data: unknown
}

const NO_GRACE: DeletedGrace = { keep: false, data: undefined }

/**
 * Notes what a reader shows, and, when the call became idle by a deletion of what it showed,
 * gives it one task of grace: the data it showed, and a request one task later if the component
 * still reads the same key.
 */
export function useDeletedGrace(
  controller: Controller,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  state: CallVerdict,
): DeletedGrace {
  const shown = useRef<{ key: string; data: unknown } | undefined>(undefined)
  // The key the last committed render read; `undefined` once unmounted.
  const reading = useRef<string | undefined>(undefined)
  // The deletion (its time) a request is already planned for.
  const planned = useRef(-1)
  const { key } = state
  useEffect(() => {
    reading.current = key
    return () => {
      reading.current = undefined
    }
  }, [key])
  if (key === undefined) return NO_GRACE
  if (!state.mustFetch) {
    if (state.data !== undefined) shown.current = { key, data: state.data }
    return NO_GRACE
  }
  const last = shown.current
  if (!state.deleted || last?.key !== key) return NO_GRACE
  if (planned.current !== state.idleSince) {
    planned.current = state.idleSince
    setTimeout(() => {
      if (reading.current === key) controller[fetchFromRender](endpoint, args).catch(ignore)
    }, 0)
  }
  return { keep: true, data: last.data }
}

const ignore = () => {}
