import { act, screen } from '@testing-library/react'
import { memo } from 'react'
import { useCache, useController, useDLE, useSuspense } from 'rtk-resources/react'
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
