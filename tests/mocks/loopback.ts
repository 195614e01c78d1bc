/**
 * A real HTTP server on 127.0.0.1 (random port) for tests that check what goes over the wire.
 * It records each request as received and answers with what `respond` returns.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the server read it off the socket. */
export interface WireRequest {
  method: string
  /** Path and query string, exactly as sent. */
  url: string
  /** Header names in lower case. */
  headers: http.IncomingHttpHeaders
  body: string
}

/** What the server answers. */
export interface WireResponse {
  status?: number
  headers?: Record<string, string>
  body?: string
  /**
   * Send the headers and `body`, then never finish: `'hang'` keeps the connection open (until
   * the client aborts or the server closes), `'destroy'` cuts it (the socket is destroyed).
   */
  cut?: 'hang' | 'destroy'
}

export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  origin: string
  requests: WireRequest[]
  close(): Promise<void>
}

/**
 * Starts the server; `respond` decides each answer (default: the request echoed as JSON), and
 * may return a promise to hold the answer back until the test releases it.
 */
export async function startLoopback(
  respond: (request: WireRequest) => WireResponse | Promise<WireResponse> = (request) => ({
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  }),
): Promise<Loopback> {
  const requests: WireRequest[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request: WireRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(request)
      void Promise.resolve(respond(request)).then((answer) => {
        res.writeHead(answer.status ?? 200, answer.headers ?? {})
        if (answer.cut === undefined) res.end(answer.body ?? '')
        else if (answer.cut === 'hang') res.write(answer.body ?? '')
        else res.write(answer.body ?? '', () => setTimeout(() => res.socket?.destroy(), 10))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
