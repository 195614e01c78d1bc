/**
 * Reading a fetch `Response`: JSON bodies parsed, empty bodies as `null`, and every failure as a
 * {@link NetworkError} whose message says what the server sent (its JSON `message`/`error`, an
 * HTML error page, or its status line). The error's `response` is left unread, as data-client's
 * is, so `await error.response.json()` works.
 */
import { isSignalError } from '../internal/abort'
import { EXCERPT_LENGTH, clipText } from '../internal/describe'
import { NetworkError } from '../internal/errors'
import { isPlainObject } from '../internal/ownKeys'

/** How much of a body that is not JSON an error keeps (message and `body`). */
export const BODY_EXCERPT_LENGTH = EXCERPT_LENGTH

/** How much of a URL or a status text a message shows (a 1 MB id makes a 1 MB URL). */
export const URL_EXCERPT_LENGTH = 200

const excerpt = (text: string) => text.slice(0, BODY_EXCERPT_LENGTH)

export function statusLine(response: Response): string {
  const text = response.statusText ? ` ${clipText(response.statusText, URL_EXCERPT_LENGTH)}` : ''
  const from = response.url ? ` from ${clipText(response.url, URL_EXCERPT_LENGTH)}` : ''
  return `HTTP ${response.status}${text}${from}`
}

/** True when a body is an HTML page (by its content type, or by how it starts). */
export function looksLikeHtml(contentType: string, text: string): boolean {
  return /html/i.test(contentType) || /^\s*<(!doctype|html|head|body)\b/i.test(text)
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** The server's own explanation in a JSON error body: `message`, `error`, or `error.message`. */
function messageOf(body: unknown): string | undefined {
  if (!isPlainObject(body)) return undefined
  for (const member of ['message', 'error', 'detail', 'title']) {
    const value = body[member]
    if (typeof value === 'string' && value) return clipText(value, BODY_EXCERPT_LENGTH)
    if (isPlainObject(value) && typeof value.message === 'string') {
      return clipText(value.message, BODY_EXCERPT_LENGTH)
    }
  }
  return undefined
}

/**
 * Reads the body as text: from `response` itself when it is 2xx, from a clone when it is not (so
 * the error made of it carries a response whose body is still unread; successful responses are
 * never cloned). An abort while the body streams rejects with the abort error itself (the caller
 * asked for it: nothing is recorded); any other failure to read it means the connection was cut
 * mid-body, a network failure like no response at all: a {@link NetworkError} of status 0, with
 * the response (its status and headers) and the cause.
 */
export async function readText(response: Response): Promise<string> {
  try {
    // A body already read cannot be cloned: reading it fails below, as it would have anyway.
    const source = response.ok || response.bodyUsed ? response : response.clone()
    return await source.text()
  } catch (cause) {
    if (isSignalError(cause)) throw cause
    const reason = (cause as Error)?.message ?? String(cause)
    throw new NetworkError(
      0,
      `The connection was cut while the body of the response (${statusLine(response)}) was ` +
        `being read (${reason}): the server, a proxy or the network closed it. The response ` +
        `is incomplete; nothing of it was used.`,
      { response, cause },
    )
  }
}

/**
 * An unread response like `response` (status, headers, url) whose body is `text`: what a
 * {@link NetworkError} carries when `response` itself had to be read to find the failure (a 2xx
 * whose body is not JSON). `response` when no copy can be made.
 */
export function unreadCopy(response: Response, text: string): Response {
  if (!response.bodyUsed) return response
  try {
    const { status, statusText, headers, url } = response
    const copy = new Response(text, { status, statusText, headers })
    if (url) Object.defineProperty(copy, 'url', { value: url, enumerable: true })
    return copy
  } catch {
    return response
  }
}

/**
 * The {@link NetworkError} of a response outside 200–299 whose body is `text`: `body` is the parsed
 * JSON (or the first 300 characters), the message the server's own message or the status line.
 * `response` should still be unread ({@link readText} reads such a response from a clone).
 */
export function errorFromResponse(response: Response, text: string): NetworkError {
  const contentType = response.headers.get('content-type') ?? ''
  const line = statusLine(response)
  if (text.trim() === '') return new NetworkError(response.status, `${line}.`, { response })
  if (looksLikeHtml(contentType, text)) {
    return new NetworkError(
      response.status,
      `${line}: the server answered with an HTML page (an error page of the server or of a ` +
        `proxy), not JSON. First ${BODY_EXCERPT_LENGTH} characters: ${excerpt(text)}`,
      { response, body: excerpt(text) },
    )
  }
  const json = tryJson(text)
  if (json.ok) {
    const message = messageOf(json.value)
    return new NetworkError(response.status, message ? `${message} (${line})` : `${line}.`, {
      response,
      body: json.value,
    })
  }
  return new NetworkError(response.status, `${line}: ${excerpt(text)}`, {
    response,
    body: excerpt(text),
  })
}

/** Throws the response's {@link NetworkError} when its status is outside 200–299. */
export async function assertOk(response: Response): Promise<Response> {
  if (!response.ok) throw errorFromResponse(response, await readText(response))
  return response
}

/**
 * Resolves to the JSON body of a successful response; 204, 205 and empty bodies resolve to `null`.
 * Rejects with a {@link NetworkError}: the response's status when it is outside 200–299, 400 when
 * a successful response holds an HTML page or anything else that is not JSON.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#parseresponseresponse
 */
export async function parseResponse(response: Response): Promise<unknown> {
  const text = await readText(response)
  if (!response.ok) throw errorFromResponse(response, text)
  if (response.status === 204 || response.status === 205 || text.trim() === '') return null
  const contentType = response.headers.get('content-type') ?? ''
  if (looksLikeHtml(contentType, text)) {
    throw new NetworkError(
      400,
      `${statusLine(response)} is an HTML page, not JSON: usually a fallback page for a path ` +
        `the API does not have (check path and urlPrefix), or a proxy page. First ` +
        `${BODY_EXCERPT_LENGTH} characters: ${excerpt(text)}`,
      { response: unreadCopy(response, text), body: excerpt(text) },
    )
  }
  const json = tryJson(text)
  if (json.ok) return json.value
  throw new NetworkError(
    400,
    `The body of ${statusLine(response)} is not valid JSON. To read another format, override ` +
      `parseResponse. First ${BODY_EXCERPT_LENGTH} characters: ${excerpt(text)}`,
    { response: unreadCopy(response, text), body: excerpt(text) },
  )
}
