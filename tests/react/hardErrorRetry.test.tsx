/**
 * A hard error (a 404, a 403) from a refresh of data that is still fresh: the readers show the
 * error (`useDLE` reports the data beside it, as data-client's does), and once it expires (`errorExpiryLength`) the next reader asks the server again, still
 * showing the error until that request lands, never the record the server said is gone. A failed
 * refetch keeps the data's own expiry, so "the data is fresh" must not hide the expired error.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { Component, useState } from 'react'
import { Entity, RestEndpoint } from 'rtk-resources'
import { useCache, useDLE, useFetch, useSuspense } from 'rtk-resources/react'
import { serveHandlers } from '../mocks/server'
import { renderWithCache } from './render'

const BASE = 'http://hard-retry.test'
const server = { status: 200, requests: 0 }
serveHandlers(
  http.get(`${BASE}/items/:id`, ({ params }) => {
    server.requests += 1
    if (server.status !== 200) {
      return HttpResponse.json({ message: 'nope' }, { status: server.status })
    }
    return HttpResponse.json({ id: Number(params.id), name: `Item ${params.id}` })
  }),
)
beforeEach(() => {
  server.status = 200
  server.requests = 0
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

class Item extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'HardRetryItem'
}
/** Fresh for a minute; an error stands 300 ms. */
const getItem = new RestEndpoint({
  urlPrefix: BASE,
  path: '/items/:id',
  schema: Item,
  errorExpiryLength: 300,
})
const ITEM = { id: 7 }
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** An error boundary with a "retry" button that resets it (react-error-boundary's resetKeys). */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null; round: number }> {
  state = { error: null as Error | null, round: 0 }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  render() {
    if (!this.state.error) return <div key={this.state.round}>{this.props.children}</div>
    return (
      <div role="alert">
        {this.state.error.message}
        <button onClick={() => this.setState((s) => ({ error: null, round: s.round + 1 }))}>
          retry
        </button>
      </div>
    )
  }
}

function Detail() {
  return <h1>{useSuspense(getItem, ITEM).name}</h1>
}

/** Shows the item, then refreshes it and gets a hard error; returns the harness. */
async function hardErrorBesideFreshData(ui: ReactNode) {
  const harness = renderWithCache(ui)
  expect(await screen.findByText('Item 7')).toBeTruthy()
  server.status = 404
  await act(() => harness.controller.fetch(getItem, ITEM).catch(() => undefined))
  // The data is still fresh: only the error says it is gone.
  const call = harness.cache.selectCall(getItem, ITEM)(harness.store.getState())
  expect(call.expiresAt).toBeGreaterThan(Date.now() + 10_000)
  expect(server.requests).toBe(2)
  return harness
}

describe('useSuspense', () => {
  test('"Try again" while the error stands: no request, the error again', async () => {
    await hardErrorBesideFreshData(
      <Boundary>
        <Detail />
      </Boundary>,
    )
    expect(await screen.findByRole('alert')).toBeTruthy()
    fireEvent.click(screen.getByText('retry'))
    expect(screen.getByRole('alert')).toBeTruthy()
    await wait(10)
    expect(server.requests).toBe(2)
  })

  test('"Try again" after errorExpiryLength asks the server; the error stays until it answers', async () => {
    await hardErrorBesideFreshData(
      <Boundary>
        <Detail />
      </Boundary>,
    )
    await wait(320)
    fireEvent.click(screen.getByText('retry'))
    // Still the error, never the record the server said is gone, while it asks again.
    expect(screen.getByRole('alert')).toBeTruthy()
    expect(screen.queryByText('Item 7')).toBeNull()
    await waitFor(() => expect(server.requests).toBe(3))
    await wait(20)
    expect(screen.getByRole('alert')).toBeTruthy()
    expect(screen.queryByText('Item 7')).toBeNull()
    expect(server.requests).toBe(3)
  })

  test('once the record is back, the refetch clears the error: the next "Try again" shows it', async () => {
    await hardErrorBesideFreshData(
      <Boundary>
        <Detail />
      </Boundary>,
    )
    server.status = 200
    await wait(320)
    fireEvent.click(screen.getByText('retry'))
    await waitFor(() => expect(server.requests).toBe(3))
    await wait(20)
    fireEvent.click(screen.getByText('retry'))
    expect(await screen.findByText('Item 7')).toBeTruthy()
    expect(server.requests).toBe(3)
  })
})

test('useDLE: the expired hard error stays reported while the next render refetches', async () => {
  let bump!: () => void
  function WithDLE() {
    const [, setCount] = useState(0)
    bump = () => setCount((c) => c + 1)
    const { data, error, loading } = useDLE(getItem, ITEM)
    if (error) return <p>error {(error as { status?: number }).status}</p>
    return <p>{loading ? 'loading' : data?.name}</p>
  }
  await hardErrorBesideFreshData(<WithDLE />)
  expect(screen.getByText('error 404')).toBeTruthy()
  await wait(320)
  act(() => bump())
  expect(screen.getByText('error 404')).toBeTruthy()
  await waitFor(() => expect(server.requests).toBe(3))
  await wait(20)
  expect(screen.getByText('error 404')).toBeTruthy()
  expect(server.requests).toBe(3)
  // The record is back: the next refetch (after this error expires too) shows it.
  server.status = 200
  await wait(320)
  act(() => bump())
  expect(await screen.findByText('Item 7')).toBeTruthy()
  expect(server.requests).toBe(4)
})

test('useDLE reports the data it showed beside the hard error, as data-client does', async () => {
  const seen: string[] = []
  function WithDLE() {
    const { data, error, loading } = useDLE(getItem, ITEM)
    const status = (error as { status?: number } | undefined)?.status
    seen.push(`${data?.name ?? '-'}|${loading}|${status ?? '-'}`)
    return <p>{data?.name ?? 'none'}</p>
  }
  await hardErrorBesideFreshData(<WithDLE />)
  // Not loading (nothing is on its way): the data and the error, both, for the view to choose.
  expect(seen.at(-1)).toBe('Item 7|false|404')
  expect(screen.getByText('Item 7')).toBeTruthy()
  // useCache keeps showing it too; useSuspense throws the error (above).
})

test('useFetch: fetches again once the hard error has expired', async () => {
  let bump!: () => void
  const promises: (Promise<unknown> | undefined)[] = []
  function WithFetch() {
    const [, setCount] = useState(0)
    bump = () => setCount((c) => c + 1)
    promises.push(useFetch(getItem, ITEM))
    return <p>{useCache(getItem, ITEM)?.name ?? 'none'}</p>
  }
  await hardErrorBesideFreshData(<WithFetch />)
  expect(promises.at(-1)).toBeUndefined()
  await wait(320)
  server.status = 200
  act(() => bump())
  expect(promises.at(-1)).toBeInstanceOf(Promise)
  await waitFor(() => expect(server.requests).toBe(3))
})
