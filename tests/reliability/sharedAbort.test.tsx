/**
 * A request shared by several callers is aborted only when none of them waits for it any more:
 * a `controller.fetch` that joined a request a component started gets its answer when the
 * component unmounts. On a real HTTP server, so an abort is seen on the wire.
 */
import { act, screen } from '@testing-library/react'
import { RestEndpoint } from 'rtk-resources'
import { useDLE, useFetch } from 'rtk-resources/react'
import type { Loopback, WireRequest } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'
import { renderWithCache } from '../react/render'
import { Doc } from '../fixtures/entities'

let server: Loopback
beforeAll(async () => {
  server = await startLoopback((request: WireRequest) => {
    const id = Number(/\/docs\/(\d+)/.exec(request.url)?.[1])
    return {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, title: `Doc ${id}` }),
    }
  })
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** An endpoint whose responses are held back until `release()`: a request stays in flight. */
function heldEndpoint() {
  const gates: Array<() => void> = []
  const aborted: number[] = []
  const endpoint = new RestEndpoint({
    urlPrefix: '',
    path: '/docs/:id',
    schema: Doc,
    async fetchResponse(this: RestEndpoint, input: string, init: RequestInit) {
      await new Promise<void>((resolve, reject) => {
        gates.push(resolve)
        init.signal?.addEventListener('abort', () => {
          aborted.push(gates.length)
          reject(init.signal?.reason)
        })
      })
      return fetch(`${server.origin}${input}`, init)
    },
  })
  return { endpoint, aborted, release: () => gates.splice(0).forEach((open) => open()) }
}

function Fetcher({ id, endpoint }: { id: number; endpoint: RestEndpoint }) {
  useFetch(endpoint, { id })
  return <p>fetching {id}</p>
}

test('a controller.fetch that joined a component request gets its answer after the unmount', async () => {
  const { endpoint, aborted, release } = heldEndpoint()
  const { controller, rerender, store, cache } = renderWithCache(
    <Fetcher id={1} endpoint={endpoint} />,
  )
  await wait(10)
  // The component's request is in flight; the controller joins it (no second request).
  const joined = controller.fetch(endpoint, { id: 1 })
  rerender(<p>gone</p>)
  await wait(20)
  release()
  const doc = await joined
  expect(doc).toBeInstanceOf(Doc)
  expect(doc.title).toBe('Doc 1')
  expect(aborted).toEqual([])
  expect(server.requests.map((request) => request.url)).toEqual(['/docs/1'])
  expect(cache.select(endpoint, { id: 1 })(store.getState())?.title).toBe('Doc 1')
})

test('the last holder leaving aborts, and a caller with its own signal only stops waiting', async () => {
  const { endpoint, aborted, release } = heldEndpoint()
  const { controller, rerender, store } = renderWithCache(<Fetcher id={2} endpoint={endpoint} />)
  await wait(10)
  const mine = new AbortController()
  const waiting = controller.fetchWithSignal(mine.signal, endpoint, { id: 2 })
  mine.abort()
  await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
  // The component still holds it: not aborted.
  await wait(20)
  expect(aborted).toEqual([])
  rerender(<p>gone</p>)
  await wait(20)
  // Nobody waits any more: aborted before it was sent, nothing written, no error.
  expect(aborted).toHaveLength(1)
  release()
  await wait(10)
  expect(server.requests).toEqual([])
  const state = store.getState().data
  expect(state.entities).toEqual({})
  expect(Object.values(state.meta).every((meta) => !meta.error)).toBe(true)
})

test('two components share one request; one unmounting keeps it for the other', async () => {
  function Title({ id }: { id: number }) {
    const { data } = useDLE(endpoint, { id })
    return <p>{data?.title ?? 'loading'}</p>
  }
  const { endpoint, aborted, release } = heldEndpoint()
  const { rerender } = renderWithCache(
    <>
      <Title id={3} />
      <Fetcher id={3} endpoint={endpoint} />
    </>,
    { strict: true },
  )
  await wait(10)
  rerender(<Title id={3} />)
  await wait(20)
  release()
  expect(await screen.findByText('Doc 3')).toBeTruthy()
  expect(aborted).toEqual([])
  expect(server.requests).toHaveLength(1)
})
