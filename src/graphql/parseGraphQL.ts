import type { GraphQLErrorEntry } from '../internal/errors'
import { GraphQLError, NetworkError } from '../internal/errors'
import { isPlainObject } from '../internal/ownKeys'
import {
  BODY_EXCERPT_LENGTH,
  errorFromResponse,
  readText,
  statusLine,
  unreadCopy,
} from '../endpoint/parseResponse'

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
 * `errors`) when the body has errors; with a NetworkError when the status is outside 200–299
 * and the body has none, or when the body is not GraphQL at all (an HTML page: status 400).
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
    if (!response.ok) throw errorFromResponse(response, text)
    // A 2xx whose body is not GraphQL at all: a proxy's page, or a URL that is not the API.
    throw new NetworkError(
      400,
      `${statusLine(response)} is not a GraphQL response (a JSON body with "data" or ` +
        `"errors"): usually a proxy or fallback page, or a url that is not the GraphQL ` +
        `endpoint. First ${BODY_EXCERPT_LENGTH} characters: ${text.slice(0, BODY_EXCERPT_LENGTH)}`,
      { response: unreadCopy(response, text), body: text.slice(0, BODY_EXCERPT_LENGTH) },
    )
  }
  return body.data
}
