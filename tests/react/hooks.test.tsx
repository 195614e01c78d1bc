import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { Query, schema } from 'rtk-resources'
import {
  useCache,
  useController,
  useDLE,
  useError,
  useFetch,
  useLoading,
  useQuery,
} from 'rtk-resources/react'
import { User } from '../fixtures/entities'
import { db, getUser, getUsers, seedUsers, apiHandlers } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(3)
  db.requests.length = 0
})

test('useDLE: loading, then data; errors reported, not thrown', async () => {
  const seen: string[] = []
  function Dle({ id }: { id: number }) {
    const { data, loading, error } = useDLE(getUser, { id })
    seen.push(loading ? 'loading' : error ? 'error' : (data?.name ?? 'none'))
    return (
      <p>
        {loading
          ? 'loading'
          : error
            ? `error ${(error as { status?: number }).status}`
            : data?.name}
      </p>
    )
  }
  renderWithCache(
    <>
      <Dle id={1} />
      <Dle id={42} />
    </>,
  )
  expect(screen.getAllByText('loading')).toHaveLength(2)
  expect(await screen.findByText('User 1')).toBeTruthy()
  expect(await screen.findByText('error 404')).toBeTruthy()
  expect(seen[0]).toBe('loading')
})

test('useFetch + useCache: fetch without suspending, read without fetching', async () => {
  function Reader() {
    useFetch(getUsers)
    const users = useCache(getUsers)
    const one = useCache(getUser, { id: 3 })
    return <p>{users ? `${users.length} users, third: ${one?.name}` : 'nothing yet'}</p>
  }
  renderWithCache(<Reader />)
  expect(screen.getByText('nothing yet')).toBeTruthy()
  expect(await screen.findByText('3 users, third: User 3')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users'])
})

test('useQuery reads a sorted, filtered view and never fetches', async () => {
  const odd = new Query(new schema.All(User), (users) =>
    users.filter((u) => u.id % 2 === 1).map((u) => u.name),
  )
  let controller!: ReturnType<typeof useController>
  function View() {
    controller = useController()
    const names = useQuery(odd)
    return <p>{names ? names.join(' + ') : 'no data'}</p>
  }
  renderWithCache(<View />)
  expect(screen.getByText('no data')).toBeTruthy()
  expect(db.requests).toEqual([])
  await act(() => controller.fetch(getUsers))
  expect(screen.getByText('User 1 + User 3')).toBeTruthy()
})

test('useError and useLoading', async () => {
  function Actions() {
    const controller = useController()
    const error = useError(getUser, { id: 9 })
    const [load, loading, loadError] = useLoading(() => controller.fetch(getUser, { id: 9 }))
    return (
      <div>
        <button onClick={() => load()}>load</button>
        <p>{loading ? 'busy' : 'idle'}</p>
        <p>{loadError ? `caught ${loadError.message.split('\n')[0]}` : 'no catch'}</p>
        <p>{error ? `stored ${(error as { status?: number }).status}` : 'no stored error'}</p>
      </div>
    )
  }
  renderWithCache(<Actions />)
  fireEvent.click(screen.getByText('load'))
  expect(screen.getByText('busy')).toBeTruthy()
  await waitFor(() => expect(screen.getByText('idle')).toBeTruthy())
  expect(screen.getByText('caught Not Found')).toBeTruthy()
  expect(screen.getByText('stored 404')).toBeTruthy()
})
