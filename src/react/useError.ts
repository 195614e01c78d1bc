import type { ErrorTypes } from '../internal/errors'
import type { EndpointArgs, EndpointInterface } from '../redux/endpointTypes'
import type { Verdict } from './useCallState'
import { useCallState } from './useCallState'

/** `useError` returns the error alone: nothing else about the call renders it again. */
const sameError = (a: Verdict, b: Verdict) => a.error === b.error

/**
 * The error of the call's last request while it stands (until `errorExpiryLength` passes or a
 * request succeeds), else `undefined`.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#useerror
 */
export function useError<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: EndpointArgs<TEndpoint>
): ErrorTypes | undefined
export function useError<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): ErrorTypes | undefined
export function useError<TEndpoint extends EndpointInterface<any, any, any>>(
  endpoint: TEndpoint,
  ...args: [null] | EndpointArgs<TEndpoint>
): ErrorTypes | undefined {
  return useCallState(endpoint, args, sameError).error
}
