import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useController, useSuspense } from 'rtk-resources/react'
import { expectPlain } from '../fixtures/store'
import {
  db,
  deleteUser,
  getArticle,
  getArticles,
  getUser,
  getUsers,
  seedUsers,
  apiHandlers,
} from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(3)
  db.requests.length = 0
})

function Profile({ id }: { id: number }) {
  const user = useSuspense(getUser, { id })
  return <h1>{user.name}</h1>
}

test('suspends with the fallback, then renders the data', async () => {
  const { store, expectSilentChecks } = renderWithCache(<Profile id={2} />)
  expect(screen.getByText('loading')).toBeTruthy()
  expect(await screen.findByText('User 2')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users/2'])
  expectPlain(store.getState())
  // No React warnings (such as updates during render) and silent Redux dev checks.
  expectSilentChecks()
})

test('a failed request goes to the error boundary', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  renderWithCache(<Profile id={99} />)
  expect((await screen.findByRole('alert')).textContent).toContain('Not Found')
  error.mockRestore()
})

test('StrictMode does not double fetch', async () => {
  renderWithCache(<Profile id={1} />, { strict: true })
  expect(await screen.findByText('User 1')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users/1'])
})

test('null args are inactive: nothing fetched, undefined', async () => {
  function Maybe() {
    const user = useSuspense(getUser, null)
    return <p>{user === undefined ? 'inactive' : 'active'}</p>
  }
  renderWithCache(<Maybe />)
  expect(screen.getByText('inactive')).toBeTruthy()
  await act(async () => {})
  expect(db.requests).toEqual([])
})

test('invalidate → refetch; stale data keeps rendering while it revalidates', async () => {
  let controller!: ReturnType<typeof useController>
  function App() {
    controller = useController()
    return <Profile id={1} />
  }
  renderWithCache(<App />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  db.users.set(1, { id: 1, name: 'User 1 renamed', posts: [] })
  act(() => controller.invalidate(getUser, { id: 1 }))
  expect(await screen.findByText('User 1 renamed')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users/1', 'GET /users/1'])

  db.users.set(1, { id: 1, name: 'User 1 again', posts: [] })
  act(() => controller.expireAll({ testKey: () => true }))
  // Expired (stale) data is still shown while the background fetch runs.
  expect(screen.getByText('User 1 renamed')).toBeTruthy()
  expect(await screen.findByText('User 1 again')).toBeTruthy()
})

test('delete → the list updates without a refetch', async () => {
  function List() {
    const users = useSuspense(getUsers)
    const controller = useController()
    return (
      <ul>
        {users.map((user) => (
          <li key={user.id}>
            {user.name}
            <button onClick={() => controller.fetch(deleteUser, { id: user.id })}>
              delete {user.id}
            </button>
          </li>
        ))}
      </ul>
    )
  }
  renderWithCache(<List />)
  expect(await screen.findByText('User 2')).toBeTruthy()
  fireEvent.click(screen.getByText('delete 2'))
  await waitFor(() => expect(screen.queryByText('User 2')).toBeNull())
  expect(screen.getByText('User 1')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users', 'DELETE /users/2'])
})

test('summary → detail: an incomplete record (validate) makes the detail read fetch', async () => {
  function Titles() {
    const articles = useSuspense(getArticles)
    return <p>{articles.map((a) => a.title).join(',')}</p>
  }
  function Detail() {
    const article = useSuspense(getArticle, { id: 'a' })
    return <article>{article.body}</article>
  }
  const { rerender } = renderWithCache(<Titles />)
  expect(await screen.findByText('A')).toBeTruthy()
  rerender(<Detail />)
  // The summary record lacks `body`: Article.validate rejects it, so the detail suspends and fetches.
  expect(screen.getByText('loading')).toBeTruthy()
  expect(await screen.findByText('full text')).toBeTruthy()
  expect(db.requests).toEqual(['GET /articles', 'GET /articles/a'])
})
