import type { ErrorTypes } from '../internal/errors'
import type { EndpointArgs, EndpointInterface } from '../redux/endpointTypes'
import type { Verdict } from './useCallState'
import { useCallState } from './useCallState'

/** `useError` returns the error alone: nothing else about the call renders it again. */
const sameError = (a: Verdict, b: Verdict) => a.error === b.error

/**
 * The call's error as readers report it (`controller.getError`): the error of its last request
 * while it stands (until `errorExpiryLength` passes or a request succeeds), but `undefined` for a
 * soft error while usable data shows; a hard error beside usable data stays past its expiry,
 * until a refetch replaces it (this hook never fetches). Else `undefined`.
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
