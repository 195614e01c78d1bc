/**
 * What a failed request records: its error as plain data and, when the endpoint has an
 * `errorPolicy`, its verdict on the error (asked once, with the error as thrown), so that the
 * reducer and every later read need no endpoint.
 */
import { describeValue } from '../../internal/describe'
import { isDev } from '../../internal/env'
import type { EndpointInterface } from '../endpointTypes'
import type { FailedPayload, ResponseTimes } from '../slice/actions'
import { serializeError } from '../slice/serializeError'
import type { ErrorPolicy } from '../slice/state'

/**
 * The endpoint's `errorPolicy` verdict on `error`: `'soft'`, `'hard'`, or `undefined` (no
 * policy, no opinion, or a policy that threw or answered something else: the error is hard).
 */
export function errorPolicyOf(
  endpoint: EndpointInterface,
  error: unknown,
): ErrorPolicy | undefined {
  if (typeof endpoint.errorPolicy !== 'function') return undefined
  let verdict: unknown
  try {
    verdict = endpoint.errorPolicy(error)
  } catch (thrown) {
    if (isDev) {
      console.error(
        `rtk-resources: the errorPolicy of endpoint ${describeValue(endpoint.name)} threw, so ` +
          'the error it was given counts as hard. errorPolicy(error) must return "soft" or ' +
          '"hard" for any error, a network failure or an abort included: check what it reads ' +
          'before reading it (error.status may be undefined).',
        thrown,
      )
    }
    return undefined
  }
  return verdict === 'soft' || verdict === 'hard' ? verdict : undefined
}

/**
 * The `failed` payload of `error` for `endpoint`'s call `key`; `policy`, when given, is the
 * verdict instead of the endpoint's (a poll's failures are soft).
 */
export function failedPayload(
  endpoint: EndpointInterface,
  key: string,
  error: unknown,
  times: ResponseTimes,
  policy?: ErrorPolicy,
): FailedPayload {
  const errorPolicy = policy ?? errorPolicyOf(endpoint, error)
  const payload = { key, error: serializeError(error), times }
  return errorPolicy === undefined ? payload : { ...payload, errorPolicy }
}
