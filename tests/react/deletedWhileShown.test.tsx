/**
 * A record deleted while `useSuspense` shows it (a delete sent after the reader's request): the
 * reader asks the server once more, as data-client's readers fetch a deleted entity. The server
 * answers 404 here, and the boundary shows that; it does not report the response as unusable,
 * nor ask again after.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { useController, useSuspense } from 'rtk-resources/react'
import { apiHandlers, db, deleteUser, getUser, seedUsers } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

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
