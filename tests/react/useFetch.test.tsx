/**
 * useFetch's return value, as in Reactive Data Client: the request's promise when it fetches,
 * `undefined` when it does not (fresh data, `null` args). The request starts during render, so
 * the promise settles even if the render never commits; a mounted component still holds it
 * (aborted when the last holder unmounts).
 */
import { act, screen } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { Suspense } from 'react'
import { RestEndpoint } from 'rtk-resources'
import { useCache, useFetch } from 'rtk-resources/react'
import { Doc, User } from '../fixtures/entities'
import { db, getUser, seedUsers, apiHandlers } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

const events: string[] = []
serveHandlers(
  ...apiHandlers,
  http.get('http://docs.test/docs/:id', async ({ params, request }) => {
    events.push(`start ${params.id}`)
    request.signal.addEventListener('abort', () => events.push(`aborted ${params.id}`))
    await delay(100)
    return HttpResponse.json({ id: Number(params.id), title: `Doc ${params.id}` })
  }),
)
beforeEach(() => {
  seedUsers(3)
  db.requests.length = 0
  events.length = 0
})

const getDoc = new RestEndpoint({ urlPrefix: 'http://docs.test', path: '/docs/:id', schema: Doc })
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

test('returns the request promise while it fetches (the same one each render), then undefined', async () => {
  const returned: unknown[] = []
  function Reader({ id }: { id: number }) {
    returned.push(useFetch(getUser, { id }))
    const user = useCache(getUser, { id })
    return <p>{user?.name ?? 'nothing yet'}</p>
  }
  renderWithCache(<Reader id={1} />)
  const first = returned[0]
  expect(first).toBeInstanceOf(Promise)
  expect(await screen.findByText('User 1')).toBeTruthy()
  // Every render while the request was in flight returned that promise; after it, undefined.
  const fetching = returned.filter((value) => value !== undefined)
  expect(new Set(fetching)).toEqual(new Set([first]))
  expect(returned[returned.length - 1]).toBeUndefined()
  // It resolves to the data as stored, like controller.fetch.
  const user = await (first as Promise<User>)
  expect(user).toBeInstanceOf(User)
  expect(user.name).toBe('User 1')
  expect(db.requests).toEqual(['GET /users/1'])
})

test('fresh data and null args: undefined, no request', async () => {
  const returned: unknown[] = []
  function Reader({ id }: { id: number | null }) {
    returned.push(useFetch(getUser, id === null ? null : { id }))
    return null
  }
  const { controller, rerender } = renderWithCache(<Reader id={null} />)
  await wait(20)
  await act(() => controller.fetch(getUser, { id: 2 }))
  db.requests.length = 0
  rerender(<Reader id={2} />)
  await wait(20)
  expect(returned.every((value) => value === undefined)).toBe(true)
  expect(db.requests).toEqual([])
})

test('stale data: returns the refetch promise, resolving to the new data', async () => {
  const returned: unknown[] = []
  function Reader() {
    returned.push(useFetch(getUser, { id: 3 }))
    const user = useCache(getUser, { id: 3 })
    return <p>{user?.name ?? 'nothing yet'}</p>
  }
  const { controller } = renderWithCache(<Reader />)
  expect(await screen.findByText('User 3')).toBeTruthy()
  db.users.set(3, { id: 3, name: 'Renamed', posts: [] })
  returned.length = 0
  act(() => controller.expireAll({ testKey: () => true }))
  const refetch = returned.find((value) => value !== undefined) as Promise<User>
  expect(refetch).toBeInstanceOf(Promise)
  expect((await act(() => refetch)).name).toBe('Renamed')
  expect(await screen.findByText('Renamed')).toBeTruthy()
})

test('the promise settles even when the render never commits (a sibling suspends)', async () => {
  let returned: Promise<Doc> | undefined
  function Prefetch() {
    returned = useFetch(getDoc, { id: 1 })
    return <p>prefetching</p>
  }
  function Pending(): never {
    throw new Promise(() => {})
  }
  const { store, cache } = renderWithCache(
    <Suspense fallback={<p>waiting</p>}>
      <Prefetch />
      <Pending />
    </Suspense>,
  )
  expect(screen.getByText('waiting')).toBeTruthy()
  expect(returned).toBeInstanceOf(Promise)
  const doc = await act(() => returned as Promise<Doc>)
  expect(doc.title).toBe('Doc 1')
  // Nothing mounted to hold it, nothing aborted it: stored for the next reader.
  expect(events).toEqual(['start 1'])
  expect(cache.select(getDoc, { id: 1 })(store.getState())?.title).toBe('Doc 1')
})

test('unmounting the last holder aborts the request: the promise rejects with an AbortError', async () => {
  let returned: Promise<Doc> | undefined
  function Fetcher() {
    returned = useFetch(getDoc, { id: 2 })
    return <p>fetching</p>
  }
  const { rerender, store } = renderWithCache(<Fetcher />, { strict: true })
  await wait(20)
  rerender(<p>gone</p>)
  await expect(returned).rejects.toMatchObject({ name: 'AbortError' })
  await wait(20)
  expect(events).toEqual(['start 2', 'aborted 2'])
  const state = store.getState().data
  expect(state.entities).toEqual({})
  expect(Object.values(state.meta).every((meta) => !meta.error)).toBe(true)
})

test('StrictMode: one request, and the promise resolves', async () => {
  const returned = new Set<unknown>()
  function Reader() {
    returned.add(useFetch(getDoc, { id: 3 }))
    return <p>{useCache(getDoc, { id: 3 })?.title ?? 'nothing yet'}</p>
  }
  renderWithCache(<Reader />, { strict: true })
  const promise = [...returned].find((value) => value !== undefined) as Promise<Doc>
  expect((await act(() => promise)).title).toBe('Doc 3')
  expect(await screen.findByText('Doc 3')).toBeTruthy()
  expect(events).toEqual(['start 3'])
})
