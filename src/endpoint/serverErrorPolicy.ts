/**
 * The `errorPolicy` of a RestEndpoint or GQLEndpoint not given one, as data-client's decide: a
 * server error (5xx) or a network failure (status 0) is soft, the data stays on screen; anything
 * else (a 4xx, GraphQL `errors` in the body, an error without a status) gives no verdict, so it
 * is hard.
 */
export function serverErrorPolicy(error: unknown): 'soft' | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && (status >= 500 || status === 0) ? 'soft' : undefined
}
