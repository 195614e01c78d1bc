import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Endpoint, GQLEndpoint, GQLEntity, NetworkError, RestEndpoint } from 'rtk-resources'
import { useController, useSuspense } from 'rtk-resources/react'
import { expectPlain, makeStore } from '../fixtures/store'
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
import { User } from '../fixtures/entities'
import { ErrorBoundary, renderWithCache } from './render'
import { server, serveHandlers } from '../mocks/server'

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

test("the boundary gets the request's own error: a NetworkError with its response", async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {})
  let caught: unknown
  const keep = (error: Error) => {
    caught = error
    return <p role="alert">{error.message}</p>
  }
  server.use(
    http.get('http://boundary.test/users/:id', () =>
      HttpResponse.json({ message: 'gone' }, { status: 404 }),
    ),
  )
  const getRestUser = new RestEndpoint({
    urlPrefix: 'http://boundary.test',
    path: '/users/:id',
    schema: User,
  })
  function RestProfile({ id }: { id: number }) {
    return <h1>{useSuspense(getRestUser, { id }).name}</h1>
  }
  const { controller, store } = renderWithCache(
    <ErrorBoundary fallback={keep}>
      <RestProfile id={98} />
    </ErrorBoundary>,
  )
  await screen.findByRole('alert')
  expect(caught).toBeInstanceOf(NetworkError)
  expect((caught as NetworkError).status).toBe(404)
  expect((caught as NetworkError).response?.status).toBe(404)
  expect(controller.getError(getRestUser, { id: 98 }, store.getState())).toBe(caught)
  // A state read back from JSON (a replay, SSR) rebuilds it from its data: no response there.
  const replayed = JSON.parse(JSON.stringify(store.getState())) as ReturnType<typeof store.getState>
  const rebuilt = controller.getError(getRestUser, { id: 98 }, replayed) as NetworkError
  expect(rebuilt).toBeInstanceOf(NetworkError)
  expect(rebuilt.status).toBe(404)
  expect(rebuilt.response).toBeUndefined()
  logged.mockRestore()
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

describe('a suspended reader wakes when the store changes its call, not only when its request settles', () => {
  // A suspended component has not committed, so it is subscribed to nothing: it used to wait
  // for the request it threw, whatever the store did meanwhile (data-client re-renders it).
  const release: Array<() => void> = []
  const slowUser = new Endpoint(
    ({ id }: { id: number }) =>
      new Promise<{ id: number; name: string }>((resolve) => {
        release.push(() => resolve({ id, name: `net ${id}` }))
      }),
    { schema: User, name: 'slowUser' },
  )
  afterEach(() => {
    for (const done of release.splice(0)) done()
  })

  test('setResponse while suspended shows that data at once', async () => {
    const { controller } = renderWithCache(<SlowProfile id={1} />)
    expect(screen.getByText('loading')).toBeTruthy()
    act(() => controller.setResponse(slowUser, { id: 1 }, { id: 1, name: 'pushed' }))
    expect(await screen.findByText('pushed')).toBeTruthy()
    expect(release).toHaveLength(1)
  })

  test('resetEntireStore while suspended asks again at once; the new answer shows', async () => {
    const { controller } = renderWithCache(<SlowProfile id={1} />)
    await waitFor(() => expect(release).toHaveLength(1))
    const forgotten = release.shift() as () => void
    act(() => controller.resetEntireStore())
    await waitFor(() => expect(release).toHaveLength(1))
    act(() => (release.shift() as () => void)())
    expect(await screen.findByText('net 1')).toBeTruthy()
    // The forgotten request landing later changes nothing.
    await act(async () => forgotten())
    expect(screen.getByText('net 1')).toBeTruthy()
  })

  function SlowProfile({ id }: { id: number }) {
    return <h1>{useSuspense(slowUser, { id }).name}</h1>
  }
})

describe('a GraphQL query answered from the tables (no response of its own)', () => {
  /** The `User` table the REST list fills, read through GraphQL. */
  class GUser extends GQLEntity {
    name = ''
    static key = 'User'
  }
  const gql = new GQLEndpoint('http://api.test/graphql')
  const getGUser = gql.query<{ id: string }, { user: typeof GUser }>(
    'query GetUser($id: ID!) { user(id: $id) { id name } }',
    { user: GUser },
  )
  function GName({ id }: { id: string }) {
    return <h2>{useSuspense(getGUser, { id }).user.name}</h2>
  }
  beforeEach(() => {
    server.use(
      http.post('http://api.test/graphql', () => {
        db.requests.push('POST /graphql')
        return HttpResponse.json({ data: { user: { id: '2', name: 'from GraphQL' } } })
      }),
    )
  })
  afterEach(() => jest.restoreAllMocks())

  test('useSuspense shows the stored entity while it is fresh, without a request', async () => {
    const harness = makeStore()
    await harness.controller.fetch(getUsers)
    renderWithCache(<GName id="2" />, { harness })
    expect(await screen.findByText('User 2')).toBeTruthy()
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(db.requests).toEqual(['GET /users'])
  })

  test('useSuspense fetches it once the entity has expired', async () => {
    const harness = makeStore()
    await harness.controller.fetch(getUsers)
    const now = Date.now
    // The list's data is fresh for 60 s (the default): a minute and a second later, it is stale.
    jest.spyOn(Date, 'now').mockImplementation(() => now() + 61_000)
    renderWithCache(<GName id="2" />, { harness })
    expect(await screen.findByText('from GraphQL')).toBeTruthy()
    expect(db.requests).toEqual(['GET /users', 'POST /graphql'])
  })
})
