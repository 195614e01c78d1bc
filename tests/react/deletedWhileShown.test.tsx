/**
 * A record deleted while `useSuspense` shows it (a delete sent after the reader's request): the
 * reader asks the server once more, as data-client's readers fetch a deleted entity. The server
 * answers 404 here, and the boundary shows that; it does not report the response as unusable,
 * nor ask again after. A reader that is navigated away from right after the delete (in the same
 * event) never asks: it keeps what it showed for one task first (src/react/deletedGrace.ts).
 */
import { act, screen, waitFor } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { Suspense, useState } from 'react'
import { useController, useSuspense } from 'rtk-resources/react'
import { apiHandlers, BASE, db, deleteUser, getUser, seedUsers } from './api'
import { renderWithCache } from './render'
import { server, serveHandlers } from '../mocks/server'

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(2)
  db.requests.length = 0
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

let controller!: ReturnType<typeof useController>

function View() {
  controller = useController()
  const user = useSuspense(getUser, { id: 1 })
  return <p>{user.name}</p>
}

test('the reader fetches the deleted record once more; the 404 goes to the boundary', async () => {
  renderWithCache(<View />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  await act(async () => {
    await controller.fetch(deleteUser, { id: 1 })
  })
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Not Found'))
  expect(db.requests).toEqual(['GET /users/1', 'DELETE /users/1', 'GET /users/1'])
})

test.each([false, true])(
  'deleted and navigated away from in the same event: no fallback, no request (StrictMode: %s)',
  async (strict) => {
    let go!: (id: number | null) => void
    let suspended = 0
    function Fallback() {
      suspended += 1
      return <p>loading</p>
    }
    function Page() {
      const [id, setId] = useState<number | null>(1)
      go = setId
      return (
        <Suspense fallback={<Fallback />}>
          {id === null ? <p>the list</p> : <RoutedView id={id} />}
        </Suspense>
      )
    }
    function RoutedView({ id }: { id: number }) {
      controller = useController()
      return <p>{useSuspense(getUser, { id }).name}</p>
    }
    renderWithCache(<Page />, { strict })
    expect(await screen.findByText('User 1')).toBeTruthy()
    suspended = 0
    // An onClick handler: await the delete, then navigate.
    await act(async () => {
      await controller.fetch(deleteUser, { id: 1 })
      go(null)
    })
    expect(await screen.findByText('the list')).toBeTruthy()
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(db.requests).toEqual(['GET /users/1', 'DELETE /users/1'])
    expect(suspended).toBe(0)
  },
)

test('deleted, then the same view moves to another record that loads slowly: no request for the left one', async () => {
  server.use(
    http.get(`${BASE}/users/2`, async () => {
      db.requests.push('GET /users/2 (slow)')
      await delay(30)
      return HttpResponse.json({ id: 2, name: 'User 2', posts: [] })
    }),
  )
  let go!: (id: number) => void
  function Page() {
    const [id, setId] = useState(1)
    go = setId
    controller = useController()
    return <p>{useSuspense(getUser, { id }).name}</p>
  }
  renderWithCache(<Page />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  await act(async () => {
    await controller.fetch(deleteUser, { id: 1 })
    go(2)
  })
  expect(await screen.findByText('User 2')).toBeTruthy()
  await act(() => delay(50))
  expect(db.requests).toEqual(['GET /users/1', 'DELETE /users/1', 'GET /users/2 (slow)'])
})

test('deleted, then stored again in the same task: no request, the new data shows', async () => {
  renderWithCache(<View />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  await act(async () => {
    await controller.fetch(deleteUser, { id: 1 })
    controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'Back', posts: [] })
  })
  expect(await screen.findByText('Back')).toBeTruthy()
  await act(() => delay(20))
  expect(db.requests).toEqual(['GET /users/1', 'DELETE /users/1'])
})
