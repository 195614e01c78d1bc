/**
 * The types of the `update` option: a response that changes the stored results of other calls
 * (a created record joining the lists it belongs to), as data-client's Endpoint `update`.
 */

/**
 * What `update` returns: for each request key to change, a function from that key's stored
 * (normalized) result to its new one. The stored result is read-only (frozen in development);
 * return a new value, or `undefined` to leave it as it is.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Endpoint.md#update
 */
export type EndpointUpdaters = Record<string, (previousResult: any) => unknown>

/**
 * The `update` option: given this response's normalized result (the pk of an Entity, a list of
 * pks, ...) and the call's arguments, names the other stored results it changes. Runs when a
 * response is stored (a fetch that succeeded, `setResponse`, fixtures); keys with no stored
 * result are skipped.
 *
 * @example
 * ```ts
 * const createUser = new Endpoint(postUser, {
 *   schema: User,
 *   sideEffect: true,
 *   update: (newUserId) => ({
 *     [getUsers.key()]: (userIds = []) => [newUserId, ...userIds],
 *   }),
 * })
 * ```
 * @template TArgs - the arguments of the endpoint's calls
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/Endpoint.md#update
 */
export type EndpointUpdateFunction<TArgs extends readonly any[] = any[]> = (
  normalizedResult: any,
  ...args: TArgs
) => EndpointUpdaters | null | undefined
