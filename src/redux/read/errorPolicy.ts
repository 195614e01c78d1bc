/**
 * Soft or hard: whether a call's error replaces the data readers show. The endpoint's
 * `errorPolicy` decides when it gave a verdict (recorded in the meta); without one the error is
 * hard, as in data-client (`RestEndpoint`'s own policy says soft for a 5xx or a network failure).
 */
import type { ErrorPolicy, RequestMeta } from '../slice/state'

/** How the error recorded in `meta` counts; `undefined` when there is none. */
export function errorPolicyIn(meta: RequestMeta | undefined): ErrorPolicy | undefined {
  if (!meta?.error) return undefined
  return meta.errorPolicy === 'soft' ? 'soft' : 'hard'
}
