import { isSignalError } from '../internal/abort'
import { clipText } from '../internal/describe'
import { NetworkError } from '../internal/errors'
import { BODY_EXCERPT_LENGTH, URL_EXCERPT_LENGTH, assertOk } from './parseResponse'

/**
 * Performs the request with the global `fetch`. A request that gets no response rejects with a
 * {@link NetworkError} of status 0 (its `cause` is fetch's error); a response outside 200–299
 * rejects with a NetworkError of its status. Aborts reject with the abort error unchanged.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#fetchresponseinput-init
 */
export async function fetchResponse(input: RequestInput, init: RequestInit): Promise<Response> {
  let response: Response
  try {
    response = await fetch(input, init)
  } catch (cause) {
    if (isSignalError(cause)) throw cause
    const reason = cause instanceof Error ? cause.message : String(cause)
    throw new NetworkError(
      0,
      `${init.method ?? 'GET'} ${clipText(requestUrl(input), URL_EXCERPT_LENGTH)} got no ` +
        `response (${clipText(reason, BODY_EXCERPT_LENGTH)}). The server ` +
        `is down or unreachable, the address is wrong, or a browser blocked it (CORS).`,
      { cause },
    )
  }
  return assertOk(response)
}

/**
 * What `fetch` takes as its input: a URL, or a `Request` (the DOM's `RequestInfo`, which
 * data-client's `fetchResponse` takes), named so that the package's declarations compile in a
 * project without the DOM lib (a server, `types: ["node"]`), whose types declare `Request` too.
 */
export type RequestInput = string | Request

/** The URL a fetch input names (a `Request`'s own; a `URL` an override passed, as text). */
export function requestUrl(input: RequestInput | URL): string {
  return typeof input === 'string' || input instanceof URL ? String(input) : input.url
}
