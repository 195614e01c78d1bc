import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Endpoint, createResource, Entity } from 'rtk-resources'
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

const server = serveHandlers(...apiHandlers)
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

class Ticker extends Entity {
  id = ''
  price = 0
  pk() {
    return this.id
  }
  static key = 'PollTicker'
}
const TickerResource = createResource({
  urlPrefix: 'http://poll-errors.test',
  path: '/tickers/:id',
  schema: Ticker,
  pollFrequency: 40,
})

test('a poll that fails with a 4xx keeps the data on screen (soft, as data-client polls); a fetch stays hard', async () => {
  let polls = 0
  server.use(
    http.get('http://poll-errors.test/tickers/btc', () => {
      polls += 1
      return polls === 1
        ? HttpResponse.json({ id: 'btc', price: 100 })
        : HttpResponse.json({ message: 'slow down' }, { status: 429 })
    }),
  )
  function Price() {
    const ticker = useLive(TickerResource.get, { id: 'btc' })
    return <p>price {ticker.price}</p>
  }
  const { store, cache, view } = renderWithCache(<Price />)
  expect(await screen.findByText('price 100')).toBeTruthy()
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
  expect(polls).toBeGreaterThan(1)
  const key = TickerResource.get.key({ id: 'btc' })
  expect(store.getState().data.meta[key]).toMatchObject({
    error: { status: 429 },
    errorPolicy: 'soft',
  })
  expect(screen.queryByRole('alert')).toBeNull()
  expect(screen.getByText('price 100')).toBeTruthy()
  view.unmount()
  // The same answer to a fetch of the app's own: the endpoint's rule (a 4xx is hard).
  const controller = cache.controller(store)
  await expect(controller.fetch(TickerResource.get, { id: 'btc' })).rejects.toMatchObject({
    status: 429,
  })
  expect(controller.getError(TickerResource.get, { id: 'btc' }, store.getState())).toMatchObject({
    status: 429,
  })
})

test('an endpoint made while rendering keeps polling when its parent renders more often than it polls', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  // A new endpoint object each render (an inline extend; a hookified resource does the same).
  function InlineLive({ id, tick }: { id: number; tick: number }) {
    const user = useLive(polledUser.extend({ pollFrequency: 1000 }), { id })
    return (
      <p>
        {user.name} {tick}
      </p>
    )
  }
  const { rerender } = renderWithCache(<InlineLive id={1} tick={0} />)
  await act(() => jest.advanceTimersByTimeAsync(10))
  expect(await screen.findByText('User 1 0')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users/1'])
  // The parent renders every 300 ms (a clock), for 3 s: three poll periods.
  for (let tick = 1; tick <= 10; tick++) {
    rerender(<InlineLive id={1} tick={tick} />)
    await act(() => jest.advanceTimersByTimeAsync(300))
  }
  expect(db.requests).toHaveLength(4)
  rerender(<p>gone</p>)
  await act(() => jest.advanceTimersByTimeAsync(3000))
  expect(db.requests).toHaveLength(4)
})
