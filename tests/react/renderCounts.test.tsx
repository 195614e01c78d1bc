import { act, screen } from '@testing-library/react'
import { memo } from 'react'
import {
  useCache,
  useController,
  useDLE,
  useError,
  useFetch,
  useSuspense,
} from 'rtk-resources/react'
import type { User } from '../fixtures/entities'
import { db, getUser, getUsers, seedUsers, apiHandlers } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(1000)
  db.requests.length = 0
})

test('in a 1,000-row list, changing one entity re-renders only its row', async () => {
  const renders = new Map<number, number>()
  const Row = memo(function Row({ user }: { user: User }) {
    renders.set(user.id, (renders.get(user.id) ?? 0) + 1)
    return <li>{user.name}</li>
  })
  let controller!: ReturnType<typeof useController>
  function List() {
    controller = useController()
    const users = useSuspense(getUsers)
    return (
      <ul>
        {users.map((user) => (
          <Row key={user.id} user={user} />
        ))}
      </ul>
    )
  }
  renderWithCache(<List />)
  expect(await screen.findByText('User 1000')).toBeTruthy()
  expect(renders.size).toBe(1000)
  expect([...renders.values()].every((count) => count === 1)).toBe(true)

  act(() => controller.setResponse(getUser, { id: 500 }, { id: 500, name: 'Renamed', posts: [] }))
  expect(screen.getByText('Renamed')).toBeTruthy()
  expect(renders.get(500)).toBe(2)
  const others = [...renders.entries()].filter(([id]) => id !== 500)
  expect(others.every(([, count]) => count === 1)).toBe(true)
})

test('a component reading one entity does not re-render when another changes', async () => {
  let renders = 0
  function One() {
    renders += 1
    const user = useCache(getUser, { id: 1 })
    return <p>{user?.name ?? 'none'}</p>
  }
  let controller!: ReturnType<typeof useController>
  function Root() {
    controller = useController()
    return <One />
  }
  renderWithCache(<Root />)
  await act(() => controller.fetch(getUsers))
  expect(screen.getByText('User 1')).toBeTruthy()
  const before = renders
  act(() => controller.setResponse(getUser, { id: 2 }, { id: 2, name: 'Other', posts: [] }))
  expect(renders).toBe(before)
  act(() => controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'Mine', posts: [] }))
  expect(screen.getByText('Mine')).toBeTruthy()
  expect(renders).toBe(before + 1)
})

test('a refetch with the same values renders no reader again: useSuspense by id, the list, useDLE', async () => {
  seedUsers(5)
  const renders: Record<string, number> = {}
  const count = (name: string) => (renders[name] = (renders[name] ?? 0) + 1)
  // Rows reading their own record by id, answered from the table the list filled.
  const Row = memo(function Row({ id }: { id: number }) {
    count(`row${id}`)
    return <li>{useSuspense(getUser, { id }).name}</li>
  })
  function Detail() {
    count('dle')
    const { data, loading } = useDLE(getUser, { id: 3 })
    return <p>{loading ? 'loading' : data?.name}</p>
  }
  let controller!: ReturnType<typeof useController>
  function List() {
    count('list')
    controller = useController()
    const users = useSuspense(getUsers)
    return (
      <ul>
        {users.map((user) => (
          <Row key={user.id} id={user.id} />
        ))}
      </ul>
    )
  }
  renderWithCache(
    <>
      <List />
      <Detail />
    </>,
  )
  expect(await screen.findByText('User 5')).toBeTruthy()
  expect(await screen.findByText('User 3', { selector: 'p' })).toBeTruthy()
  const before = { ...renders }
  // The same answer again, twice: fetch times move on, a request starts and ends each time.
  await act(() => controller.fetch(getUsers))
  await act(() => controller.fetch(getUser, { id: 3 }))
  await act(() => controller.fetch(getUsers))
  expect(renders).toEqual(before)
  expect(db.requests.filter((request) => request === 'GET /users').length).toBeGreaterThan(1)
})

describe('one fetch renders a hook twice: before, and with its result (as in data-client)', () => {
  test('useDLE: loading, then the data; the request starting renders nothing', async () => {
    const seen: Array<{ loading: boolean; name: string | undefined }> = []
    function Detail() {
      const { data, loading } = useDLE(getUser, { id: 3 })
      seen.push({ loading, name: data?.name })
      return <p>{loading ? 'waiting' : data?.name}</p>
    }
    renderWithCache(<Detail />)
    expect(await screen.findByText('User 3')).toBeTruthy()
    expect(seen).toEqual([
      { loading: true, name: undefined },
      { loading: false, name: 'User 3' },
    ])
  })

  test('useDLE: a failed fetch renders loading, then the error', async () => {
    const seen: Array<{ loading: boolean; error: string | undefined }> = []
    function Detail() {
      const { loading, error } = useDLE(getUser, { id: 5000 })
      seen.push({ loading, error: error?.constructor.name })
      return <p>{loading ? 'waiting' : error ? 'failed' : 'shown'}</p>
    }
    renderWithCache(<Detail />)
    expect(await screen.findByText('failed')).toBeTruthy()
    expect(seen).toEqual([
      { loading: true, error: undefined },
      { loading: false, error: 'NetworkError' },
    ])
  })

  test('useFetch: the request, then nothing left to fetch', async () => {
    const seen: boolean[] = []
    function Prefetch() {
      seen.push(useFetch(getUser, { id: 3 }) !== undefined)
      return <p>{useCache(getUser, { id: 3 })?.name ?? 'none'}</p>
    }
    renderWithCache(<Prefetch />)
    expect(await screen.findByText('User 3')).toBeTruthy()
    expect(seen).toEqual([true, false])
  })

  test('useError renders only when the error changes: not for the request, nor its data', async () => {
    let renders = 0
    function Errors() {
      renders += 1
      const error = useError(getUser, { id: 3 })
      return <p>{error ? 'failed' : 'fine'}</p>
    }
    let controller!: ReturnType<typeof useController>
    function Root() {
      controller = useController()
      return <Errors />
    }
    renderWithCache(<Root />)
    await act(() => controller.fetch(getUser, { id: 3 }))
    await act(() => controller.fetch(getUser, { id: 3 }))
    expect(renders).toBe(1)
    await act(() => controller.setError(getUser, { id: 3 }, new Error('down')))
    expect(screen.getByText('failed')).toBeTruthy()
    expect(renders).toBe(2)
  })
})
