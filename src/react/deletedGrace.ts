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
import { fetchFromRender } from '../redux/controllerSymbols'
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
 * gives it one task of grace: the data it showed, and a request one task after that render
 * commits, if the component still reads the same key then (its latest render, committed or
 * not: a navigation to another record that suspends counts as leaving). A change of the call
 * meanwhile (the record stored again, an invalidation) or an unmount cancels the request.
 */
export function useDeletedGrace(
  controller: Controller,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  state: CallVerdict,
): DeletedGrace {
  const shown = useRef<{ key: string; data: unknown } | undefined>(undefined)
  // The key of the latest render, and the deletion (its time) whose grace ended unused.
  const rendered = useRef<string | undefined>(undefined)
  const spent = useRef(-1)
  const { key } = state
  rendered.current = key
  let grace = NO_GRACE
  const last = shown.current
  // `null` args (no key): nothing shown, nothing to keep.
  if (key !== undefined) {
    if (!state.mustFetch) {
      if (state.data !== undefined) shown.current = { key, data: state.data }
    } else if (state.deleted && last?.key === key && spent.current !== state.idleSince) {
      grace = { keep: true, data: last.data }
    }
  }
  const deletedAt = grace.keep ? state.idleSince : -1
  useEffect(() => {
    if (deletedAt < 0 || key === undefined) return undefined
    const timer = setTimeout(() => {
      // Left (another key rendered since): the grace is spent, a return suspends and asks.
      if (rendered.current !== key) spent.current = deletedAt
      else controller[fetchFromRender](endpoint, args).catch(ignore)
    }, 0)
    return () => clearTimeout(timer)
    // The key identifies endpoint + args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key, deletedAt])
  return grace
}

const ignore = () => {}
