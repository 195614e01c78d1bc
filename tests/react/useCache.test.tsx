/**
 * useCache returns data only when useSuspense would show it (data-client's useCache): not when
 * the call is invalidated or incomplete, nor when stale data of an `invalidIfStale` endpoint.
 */
import { act, screen } from '@testing-library/react'
import { Endpoint } from 'rtk-resources'
import { useCache, useController } from 'rtk-resources/react'
import { User } from '../fixtures/entities'
import { apiHandlers, db, fetchJson, getArticle, getArticles, getUser, seedUsers } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(3)
  db.requests.length = 0
})

let controller!: ReturnType<typeof useController>

function Name({ endpoint, id }: { endpoint: typeof getUser; id: number }) {
  controller = useController()
  const user = useCache(endpoint, { id })
  return <p>{user ? `Welcome, ${user.name}` : 'Not authorized'}</p>
}

test('after invalidate, useCache is undefined until fetched again (login/logout)', async () => {
  renderWithCache(<Name endpoint={getUser} id={1} />)
  expect(screen.getByText('Not authorized')).toBeTruthy()
  await act(() => controller.fetch(getUser, { id: 1 }))
  expect(screen.getByText('Welcome, User 1')).toBeTruthy()
  act(() => controller.invalidate(getUser, { id: 1 }))
  expect(screen.getByText('Not authorized')).toBeTruthy()
  await act(() => controller.fetch(getUser, { id: 1 }))
  expect(screen.getByText('Welcome, User 1')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users/1', 'GET /users/1'])
})

test('stale data: shown for an ordinary endpoint, undefined with invalidIfStale', async () => {
  const strict = new Endpoint(({ id }: { id: number }) => fetchJson(`/users/${id}`), {
    schema: User,
    name: 'getUserStrict',
    invalidIfStale: true,
  })
  renderWithCache(
    <>
      <Name endpoint={getUser} id={1} />
      <Name endpoint={strict} id={2} />
    </>,
  )
  await act(async () => {
    await controller.fetch(getUser, { id: 1 })
    await controller.fetch(strict, { id: 2 })
  })
  expect(screen.getByText('Welcome, User 1')).toBeTruthy()
  expect(screen.getByText('Welcome, User 2')).toBeTruthy()
  act(() => controller.expireAll({ testKey: () => true }))
  expect(screen.getByText('Welcome, User 1')).toBeTruthy()
  expect(screen.queryByText('Welcome, User 2')).toBeNull()
  expect(screen.getAllByText('Not authorized')).toHaveLength(1)
})

test('an incomplete record (a summary where the detail is read) gives undefined', async () => {
  function Detail() {
    controller = useController()
    const article = useCache(getArticle, { id: 'a' })
    return <p>{article ? article.body : 'no detail'}</p>
  }
  renderWithCache(<Detail />)
  await act(() => controller.fetch(getArticles))
  expect(screen.getByText('no detail')).toBeTruthy()
  await act(() => controller.fetch(getArticle, { id: 'a' }))
  expect(screen.getByText('full text')).toBeTruthy()
})

test('a request in flight, then its failure beside usable data, do not re-render', async () => {
  let renders = 0
  function Counted() {
    controller = useController()
    renders += 1
    const user = useCache(getUser, { id: 1 })
    return <p>{user ? user.name : 'none'}</p>
  }
  renderWithCache(<Counted />)
  await act(() => controller.fetch(getUser, { id: 1 }))
  const before = renders
  db.users.delete(1)
  // A request in flight (pending), then its failure beside the data: useCache shows the data.
  await act(() => controller.fetch(getUser, { id: 1 }).catch(() => undefined))
  expect(controller.getResponse(getUser, { id: 1 }, controller.store.getState()).data).toBeDefined()
  expect(screen.getByText('User 1')).toBeTruthy()
  expect(renders).toBe(before)
})
