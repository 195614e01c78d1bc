import { act, screen } from '@testing-library/react'
import type { UnknownAction } from '@reduxjs/toolkit'
import { Endpoint, Query, schema } from 'rtk-resources'
import {
  useCache,
  useDLE,
  useError,
  useFetch,
  useQuery,
  useSubscription,
  useSuspense,
} from 'rtk-resources/react'
import { Post } from '../fixtures/entities'
import { expectPlain, makeStore } from '../fixtures/store'
import { renderWithCache } from './render'

const MINUTE = 60_000
const later = () => Date.now() + 10 * MINUTE

const postsOf = (userId: number) => [
  {
    id: userId * 10 + 1,
    title: `post ${userId}.1`,
    author: { id: userId, name: `user ${userId}` },
  },
  { id: userId * 10 + 2, title: `post ${userId}.2`, author: { id: 99, name: 'editor' } },
]
const getPosts = new Endpoint(async ({ userId }: { userId: number }) => postsOf(userId), {
  schema: [Post],
  name: 'posts',
  pollFrequency: 10 * MINUTE,
})
const collected = (recorded: UnknownAction[]) =>
  recorded.filter((action) => action.type === 'data/collected')
const resultKeys = (harness: ReturnType<typeof makeStore>) =>
  Object.keys(harness.store.getState().data.results).sort()

function Posts({ userId }: { userId: number }) {
  const posts = useSuspense(getPosts, { userId })
  return <p>{posts.map((post) => `${post.title} by ${post.author?.name}`).join(', ')}</p>
}

test('a mounted reader keeps its data however old; unmounted and old, it is collected', async () => {
  const harness = makeStore()
  const { rerender, controller, recorded, replay, store } = renderWithCache(
    <>
      <Posts userId={1} />
      <Posts userId={2} />
    </>,
    { harness, strict: true },
  )
  expect(await screen.findByText(/post 2.2 by editor/)).toBeTruthy()

  act(() => void controller.collectGarbage({ now: later() }))
  expect(collected(recorded)).toHaveLength(0)
  expect(resultKeys(harness)).toHaveLength(2)

  rerender(<Posts userId={1} />)
  let payload!: ReturnType<typeof controller.collectGarbage>
  act(() => void (payload = controller.collectGarbage({ now: later() })))
  // Only what the unmounted reader alone reached: the editor is shared, so it stays.
  expect(payload).toEqual({
    keys: ['posts [{"userId":2}]'],
    entities: { Post: ['21', '22'], User: ['2'] },
  })
  expect(collected(recorded)).toEqual([{ type: 'data/collected', payload }])
  expect(screen.getByText(/post 1.1 by user 1, post 1.2 by editor/)).toBeTruthy()

  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
})

test('every reading hook retains while mounted; null args retain nothing', async () => {
  const harness = makeStore()
  await harness.controller.fetch(getPosts, { userId: 1 })
  await harness.controller.fetch(getPosts, { userId: 2 })
  await harness.controller.fetch(getPosts, { userId: 3 })
  await harness.controller.fetch(getPosts, { userId: 4 })
  await harness.controller.fetch(getPosts, { userId: 5 })
  function Readers() {
    useCache(getPosts, { userId: 1 })
    useDLE(getPosts, { userId: 2 })
    useFetch(getPosts, { userId: 3 })
    useError(getPosts, { userId: 4 })
    useSubscription(getPosts, { userId: 5 })
    useSuspense(getPosts, null)
    useCache(getPosts, null)
    return <p>mounted</p>
  }
  const { rerender } = renderWithCache(<Readers />, { harness })
  expect(screen.getByText('mounted')).toBeTruthy()
  await act(() => harness.controller.fetch(getPosts, { userId: 6 }))
  act(() => void harness.controller.collectGarbage({ now: later() }))
  expect(resultKeys(harness)).toEqual([1, 2, 3, 4, 5].map((id) => `posts [{"userId":${id}}]`))

  rerender(<p>gone</p>)
  act(() => void harness.controller.collectGarbage({ now: later() }))
  expect(resultKeys(harness)).toEqual([])
  expect(harness.store.getState().data.entities).toEqual({})
})

test('useQuery over schema.All keeps its tables while mounted', async () => {
  const harness = makeStore()
  await harness.controller.fetch(getPosts, { userId: 1 })
  const titles = new Query(new schema.All(Post), (posts) => posts.map((post) => post.title))
  function Titles() {
    const list = useQuery(titles)
    return <p>{list?.join(', ') ?? 'none'}</p>
  }
  const { rerender } = renderWithCache(<Titles />, { harness })
  act(() => void harness.controller.collectGarbage({ now: later() }))
  expect(resultKeys(harness)).toEqual([]) // the list's result goes, its records stay
  expect(screen.getByText('post 1.1, post 1.2')).toBeTruthy()
  rerender(<p>gone</p>)
  act(() => void harness.controller.collectGarbage({ now: later() }))
  expect(harness.store.getState().data.entities).toEqual({})
})

test('changing args releases the old key and retains the new one', async () => {
  const harness = makeStore()
  const { rerender } = renderWithCache(<Posts userId={1} />, { harness })
  expect(await screen.findByText(/post 1.1/)).toBeTruthy()
  rerender(<Posts userId={2} />)
  expect(await screen.findByText(/post 2.1/)).toBeTruthy()
  act(() => void harness.controller.collectGarbage({ now: later() }))
  expect(resultKeys(harness)).toEqual(['posts [{"userId":2}]'])
})

describe('automatic sweeps', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  })
  afterEach(() => jest.useRealTimers())

  test('sweeps never take what a mounted reader shows; after unmount they do', async () => {
    const harness = makeStore({ gcInterval: MINUTE, gcTime: 1.5 * MINUTE })
    const { rerender, recorded } = renderWithCache(<Posts userId={1} />, { harness })
    await act(() => jest.advanceTimersByTimeAsync(10))
    expect(screen.getByText(/post 1.1/)).toBeTruthy()
    await act(() => jest.advanceTimersByTimeAsync(5 * MINUTE))
    expect(collected(recorded)).toHaveLength(0)
    expect(resultKeys(harness)).toEqual(['posts [{"userId":1}]'])

    rerender(<p>gone</p>)
    await act(() => jest.advanceTimersByTimeAsync(MINUTE))
    expect(collected(recorded)).toHaveLength(0) // released a minute ago: not yet
    await act(() => jest.advanceTimersByTimeAsync(MINUTE))
    expect(collected(recorded)).toHaveLength(1)
    expect(resultKeys(harness)).toEqual([])
  })
})
