import type { SetupServer } from 'msw/node'

/** One request as the mock API received it. */
export interface SeenRequest {
  method: string
  url: string
  headers: Record<string, string>
  credentials: RequestCredentials
}

/** Records every request the mock server receives (cleared by the caller). */
export function recordRequests(server: SetupServer): SeenRequest[] {
  const seen: SeenRequest[] = []
  server.events.on('request:start', ({ request }) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      credentials: request.credentials,
    })
  })
  return seen
}
