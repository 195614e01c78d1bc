import type { GraphQLErrorEntry } from '../internal/errors'
import { GraphQLError } from '../internal/errors'
import { isPlainObject } from '../internal/ownKeys'
import { errorFromResponse, readText } from '../endpoint/parseResponse'

/** The `errors` array of a GraphQL body, as plain entries (`undefined` when absent or empty). */
function errorsOf(body: unknown): GraphQLErrorEntry[] | undefined {
  if (!isPlainObject(body) || !Array.isArray(body.errors) || body.errors.length === 0) {
    return undefined
  }
  return body.errors.map((entry: unknown) =>
    isPlainObject(entry)
      ? (JSON.parse(JSON.stringify(entry)) as GraphQLErrorEntry)
      : { message: String(entry) },
  )
}

/**
 * Reads a GraphQL response: resolves to `data`. Rejects with a {@link GraphQLError} (status and
 * `errors`) when the body has errors, or when the status is outside 200–299 and the body is a
 * GraphQL body; with a NetworkError when the body is not GraphQL at all (an HTML page, say).
 */
export async function parseGraphQLResponse(response: Response): Promise<unknown> {
  const text = await readText(response)
  let body: unknown
  try {
    body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown)
  } catch {
    body = undefined
  }
  const errors = errorsOf(body)
  if (errors) throw new GraphQLError(response.status, errors)
  if (!response.ok || !isPlainObject(body) || !('data' in body)) {
    if (response.ok) {
      throw new GraphQLError(response.status, [
        { message: `Expected a GraphQL body with "data"; got: ${text.slice(0, 300)}` },
      ])
    }
    throw errorFromResponse(response, text)
  }
  return body.data
}
