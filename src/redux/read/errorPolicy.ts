/**
 * Soft or hard: whether a call's error replaces the data readers show. The endpoint's
 * `errorPolicy` decides when it gave a verdict (recorded in the meta); else the status does.
 */
import type { ErrorPolicy, RequestMeta, SerializedError } from '../slice/state'

/**
 * The rule when the endpoint's `errorPolicy` gave no verdict (or it has none): hard, as in
 * data-client. `RestEndpoint`'s own `errorPolicy` says soft for a 5xx or a network failure.
 */
export function defaultErrorPolicy(_error: SerializedError): ErrorPolicy {
  return 'hard'
}

/** How the error recorded in `meta` counts; `undefined` when there is none. */
export function errorPolicyIn(meta: RequestMeta | undefined): ErrorPolicy | undefined {
  if (!meta?.error) return undefined
  return meta.errorPolicy === 'soft' || meta.errorPolicy === 'hard'
    ? meta.errorPolicy
    : defaultErrorPolicy(meta.error)
}
