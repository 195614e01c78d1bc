/**
 * Soft or hard: whether a call's error replaces the data readers show. The endpoint's
 * `errorPolicy` decides when it gave a verdict (recorded in the meta); else the status does.
 */
import type { ErrorPolicy, RequestMeta, SerializedError } from '../slice/state'

/**
 * The rule without an `errorPolicy`: a client error (status 400–499) is hard; a server error
 * (5xx), a network failure or any error without a status is soft.
 */
export function defaultErrorPolicy(error: SerializedError): ErrorPolicy {
  const { status } = error
  return typeof status === 'number' && status >= 400 && status < 500 ? 'hard' : 'soft'
}

/** How the error recorded in `meta` counts; `undefined` when there is none. */
export function errorPolicyIn(meta: RequestMeta | undefined): ErrorPolicy | undefined {
  if (!meta?.error) return undefined
  return meta.errorPolicy === 'soft' || meta.errorPolicy === 'hard'
    ? meta.errorPolicy
    : defaultErrorPolicy(meta.error)
}
