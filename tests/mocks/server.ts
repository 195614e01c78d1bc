/**
 * The one msw server of the test run. tests/setupMsw.ts (Jest's setupFilesAfterEnv) starts it
 * before each test file, resets its handlers after each test and closes it after the file; a
 * request nothing handles fails the test, except requests to 127.0.0.1, which go to the real
 * loopback servers of the wire tests (tests/mocks/loopback.ts).
 */
import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { resetDb } from './db'
import { handlers } from './handlers'

export const server = setupServer()

/**
 * Gives the calling test file its handlers: they are the server's handlers for every test of
 * the file (a test's `server.use(...)` overrides last until the test ends).
 */
export function serveHandlers(...fileHandlers: RequestHandler[]) {
  beforeAll(() => server.resetHandlers(...fileHandlers))
  return server
}

/** The mock REST API (tests/mocks/handlers.ts) for the calling test file, fresh data per test. */
export function useMockApi() {
  beforeEach(() => resetDb())
  return serveHandlers(...handlers)
}
