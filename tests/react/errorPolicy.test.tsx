/**
 * The hooks follow the endpoint's `errorPolicy` (data-client's error-policy page): a soft error
 * keeps usable data on screen, a hard one goes to the error boundary; without a verdict the error
 * is hard, as in data-client, and RestEndpoint's own policy says soft for a 5xx.
 */
import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Endpoint, NetworkError, RestEndpoint } from 'rtk-resources'
import { useController, useError, useSuspense } from 'rtk-resources/react'
import { User } from '../fixtures/entities'
import { BASE, apiHandlers, db, fetchJson, seedUsers } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

serveHandlers(
  // While `serverDown` is set, GET /users/:id answers that status; else the API answers.
  http.get(`${BASE}/users/:id`, () =>
    serverDown
      ? new HttpResponse(null, { status: serverDown, statusText: 'Unavailable' })
      : undefined,
  ),
  ...apiHandlers,
)
beforeEach(() => {
  seedUsers(3)
  db.requests.length = 0
  serverDown = undefined
  malformed = undefined
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  jest.restoreAllMocks()
})

/** Set to make the server answer this status. */
let serverDown: number | undefined
/** Set to make the endpoint resolve to this (a body of the wrong shape). */
let malformed: unknown

/** GET /users/:id with the given policy (a missing user answers 404). */
function getUserWith(errorPolicy?: (error: any) => 'soft' | 'hard' | undefined) {
  return new Endpoint(
    async ({ id }: { id: number }) => {
      if (serverDown) throw new NetworkError(serverDown, 'Service Unavailable')
      if (malformed !== undefined) return malformed
      return fetchJson(`/users/${id}`)
    },
    { schema: User, name: 'getUserPolicy', ...(errorPolicy ? { errorPolicy } : {}) },
  )
}

/** The same call as a RestEndpoint, with its own error policy. */
const getUserRest = new RestEndpoint({
  urlPrefix: BASE,
  path: '/users/:id',
  schema: User,
  name: 'getUserRest',
})

let controller!: ReturnType<typeof useController>

function Profile({ endpoint }: { endpoint: ReturnType<typeof getUserWith> | typeof getUserRest }) {
  controller = useController()
  const user = useSuspense(endpoint, { id: 1 })
  const error = useError(endpoint, { id: 1 })
  return (
    <p>
      {user.name}
      {error ? ` (error ${(error as { status?: number }).status})` : ''}
    </p>
  )
}

test("errorPolicy 'soft': a 404 keeps the earlier data on screen", async () => {
  const endpoint = getUserWith(() => 'soft')
  renderWithCache(<Profile endpoint={endpoint} />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  db.users.delete(1)
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  expect(screen.getByText('User 1')).toBeTruthy()
  expect(screen.queryByRole('alert')).toBeNull()
})

test("errorPolicy 'hard': a 5xx replaces the data with the error", async () => {
  const endpoint = getUserWith((error: { status?: number }) =>
    error.status === 503 ? 'hard' : undefined,
  )
  renderWithCache(<Profile endpoint={endpoint} />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  serverDown = 503
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  expect(screen.getByRole('alert').textContent).toContain('Service Unavailable')
})

test('a plain Endpoint without a policy: a 5xx is hard too, as in data-client', async () => {
  const endpoint = getUserWith()
  renderWithCache(<Profile endpoint={endpoint} />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  serverDown = 503
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  expect(screen.getByRole('alert').textContent).toContain('Service Unavailable')
})

test("RestEndpoint's own policy: a 404 is hard, a 5xx keeps the data", async () => {
  const endpoint = getUserRest
  renderWithCache(<Profile endpoint={endpoint} />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  serverDown = 503
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  expect(screen.getByText('User 1')).toBeTruthy()
  serverDown = undefined
  db.users.delete(1)
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  expect(screen.getByRole('alert').textContent).toContain('Not Found')
})

test('a response of the wrong shape (status 400) is hard: it replaces the data', async () => {
  const endpoint = getUserWith()
  renderWithCache(<Profile endpoint={endpoint} />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  malformed = []
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  expect(screen.getByRole('alert').textContent).toContain('no usable primary key')
})

test('useError and controller.getError agree (no data, soft beside data, hard)', async () => {
  const endpoint = getUserRest
  const seen: (Error | undefined)[] = []
  function Both() {
    controller = useController()
    const error = useError(endpoint, { id: 1 })
    return <p>{error ? `error ${(error as { status?: number }).status}` : 'no error'}</p>
  }
  const { store } = renderWithCache(<Both />)
  const compare = () => {
    const hook = screen.getByText(/error/).textContent
    const fromController = controller.getError(endpoint, { id: 1 }, store.getState())
    seen.push(fromController)
    expect(hook).toBe(
      fromController ? `error ${(fromController as NetworkError).status}` : 'no error',
    )
  }
  serverDown = 503
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  compare() // no data: reported
  serverDown = undefined
  await act(() => controller.fetch(endpoint, { id: 1 }))
  serverDown = 503
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  compare() // soft beside data: neither reports it
  serverDown = undefined
  db.users.delete(1)
  await act(() => controller.fetch(endpoint, { id: 1 }).catch(() => undefined))
  compare() // 404: hard
  expect(seen.map((error) => (error as NetworkError | undefined)?.status)).toEqual([
    503,
    undefined,
    404,
  ])
})
