import { act, screen } from '@testing-library/react'
import { Endpoint } from 'rtk-resources'
import { useLive, useSubscription } from 'rtk-resources/react'
import { User } from '../fixtures/entities'
import { db, fetchJson, seedUsers, apiHandlers } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

const polledUser = new Endpoint(({ id }: { id: number }) => fetchJson(`/users/${id}`), {
  schema: User,
  name: 'polledUser',
  pollFrequency: 1000,
})

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(2)
  db.requests.length = 0
})
afterEach(() => jest.useRealTimers())

function Live({ id }: { id: number }) {
  const user = useLive(polledUser, { id })
  return <p>{user.name}</p>
}
function Subscriber({ id }: { id: number }) {
  useSubscription(polledUser, { id })
  return null
}

test('polls at pollFrequency with one timer per key, and stops on unmount', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  const { rerender } = renderWithCache(
    <>
      <Live id={1} />
      <Subscriber id={1} />
      <Subscriber id={1} />
    </>,
  )
  await act(() => jest.advanceTimersByTimeAsync(10))
  expect(await screen.findByText('User 1')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users/1'])

  db.users.set(1, { id: 1, name: 'Polled', posts: [] })
  await act(() => jest.advanceTimersByTimeAsync(1000))
  expect(screen.getByText('Polled')).toBeTruthy()
  // Three subscribers, one timer: one request per period.
  expect(db.requests).toEqual(['GET /users/1', 'GET /users/1'])
  await act(() => jest.advanceTimersByTimeAsync(2000))
  expect(db.requests).toHaveLength(4)

  rerender(<p>gone</p>)
  await act(() => jest.advanceTimersByTimeAsync(5000))
  expect(db.requests).toHaveLength(4)
})

test('useLive with null args is inactive: undefined, no fetch, no polling, until given args', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  function MaybeLive({ id }: { id: number | null }) {
    const user = useLive(polledUser, id === null ? null : { id })
    return <p>{user === undefined ? 'nobody' : user.name}</p>
  }
  const { rerender } = renderWithCache(<MaybeLive id={null} />)
  await act(() => jest.advanceTimersByTimeAsync(3000))
  expect(screen.getByText('nobody')).toBeTruthy()
  expect(db.requests).toEqual([])

  rerender(<MaybeLive id={2} />)
  await act(() => jest.advanceTimersByTimeAsync(10))
  expect(await screen.findByText('User 2')).toBeTruthy()
  await act(() => jest.advanceTimersByTimeAsync(1000))
  expect(db.requests).toEqual(['GET /users/2', 'GET /users/2'])
})
