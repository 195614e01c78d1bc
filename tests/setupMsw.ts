/** Jest setupFilesAfterEnv: the msw server's lifecycle, once for every test file. */
import { server } from './mocks/server'

/** Requests to the loopback servers of the wire tests are real; any other unhandled one fails. */
function onUnhandledRequest(request: Request, print: { error(): void }) {
  if (new URL(request.url).hostname === '127.0.0.1') return
  print.error()
}

beforeAll(() => server.listen({ onUnhandledRequest }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
