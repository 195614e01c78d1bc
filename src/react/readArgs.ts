import type { EndpointArgs, EndpointInterface } from '../redux/endpointTypes'

/**
 * What a reading hook says, as a type error, when given a mutation: the first argument is
 * checked against this text, so the error shows it.
 */
export type MutationInReader =
  'This endpoint is a mutation (sideEffect: true): a reading hook would send it at every mount. Send it from an event with useController().fetch(endpoint, ...args).'

/**
 * The arguments of a reading hook (`useSuspense`, `useDLE`, `useLive`): the endpoint's own,
 * unless it is a mutation (its `sideEffect` typed `true`), which, as in data-client, a reading
 * hook refuses. An endpoint whose `sideEffect` is only known as a `boolean` is taken.
 */
export type ReadArgs<TEndpoint extends EndpointInterface<any, any, any>> = TEndpoint extends {
  readonly sideEffect: true
}
  ? [mutation: MutationInReader, ...rest: unknown[]]
  : EndpointArgs<TEndpoint>
