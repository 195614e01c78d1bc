/** The msw server of the REST tests: every unhandled request fails the test. */
import { setupServer } from 'msw/node'
import { resetDb } from './db'
import { handlers } from './handlers'

export const server = setupServer(...handlers)

/** Starts the mock API for the calling test file, with fresh data and handlers per test. */
export function useMockApi() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  beforeEach(() => resetDb())
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}
