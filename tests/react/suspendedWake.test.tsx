/**
 * A suspended useSuspense that also waits on the store (its call changing): no re-render storm
 * on unrelated dispatches, bounded renders in StrictMode, errors reach the boundary, and the
 * subscription ends when the request settles, even after the component unmounted.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { Endpoint } from 'rtk-resources'
import { useSuspense } from 'rtk-resources/react'
import { User } from '../fixtures/entities'
import { makeStore, todosSlice } from '../fixtures/store'
import { renderWithCache } from './render'

const release: Array<(v?: unknown) => void> = []
const fail: Array<(e: Error) => void> = []
let renders = 0
const slowUser = new Endpoint(
  ({ id }: { id: number }) =>
    new Promise<{ id: number; name: string }>((resolve, reject) => {
      release.push(() => resolve({ id, name: `net ${id}` }))
      fail.push(reject)
    }),
  { schema: User, name: 'auditSlowUser' },
)
afterEach(() => {
  for (const done of release.splice(0)) done()
  fail.length = 0
  renders = 0
})
function SlowProfile({ id }: { id: number }) {
  renders++
  return <h1>{useSuspense(slowUser, { id }).name}</h1>
}

test('unrelated dispatches do not re-render a suspended component each time', async () => {
  const { store } = renderWithCache(<SlowProfile id={1} />)
  await waitFor(() => expect(release).toHaveLength(1))
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20))
  })
  const base = renders
  for (let i = 0; i < 20; i++) {
    await act(async () => {
      store.dispatch(todosSlice.actions.bump())
      await new Promise((r) => setTimeout(r, 1))
    })
  }
  expect(renders - base).toBeLessThan(3)
  expect(release).toHaveLength(1)
})

test('strict mode, 5 readers, unrelated dispatches: bounded renders, one request', async () => {
  const { store } = renderWithCache(
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <SlowProfile key={i} id={1} />
      ))}
    </>,
    { strict: true },
  )
  await waitFor(() => expect(release).toHaveLength(1))
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20))
  })
  const base = renders
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      store.dispatch(todosSlice.actions.bump())
      await new Promise((r) => setTimeout(r, 1))
    })
  }
  expect(renders - base).toBeLessThan(15)
  act(() => (release.shift() as () => void)())
  expect(await screen.findAllByText('net 1')).toHaveLength(5)
})

test('an error while suspended reaches the boundary', async () => {
  renderWithCache(<SlowProfile id={2} />)
  await waitFor(() => expect(fail).toHaveLength(1))
  act(() => (fail.shift() as (e: Error) => void)(new Error('boom')))
  expect(await screen.findByRole('alert')).toBeTruthy()
  expect(screen.getByRole('alert').textContent).toBe('boom')
})

function tracked() {
  const harness = makeStore()
  const store = harness.store
  const orig = store.subscribe
  const live = new Set<unknown>()
  ;(store as any).subscribe = (l: () => void) => {
    const tag = {}
    live.add(tag)
    const un = orig(l)
    return () => {
      live.delete(tag)
      un()
    }
  }
  return { harness, live }
}

test('unmount while suspended: the store subscription ends when the request settles', async () => {
  const { harness, live } = tracked()
  const before = live.size
  const { view } = renderWithCache(<SlowProfile id={4} />, { harness })
  await waitFor(() => expect(release).toHaveLength(1))
  expect(live.size).toBeGreaterThan(before)
  view.unmount()
  await act(async () => (release.shift() as () => void)())
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20))
  })
  expect(live.size).toBe(before)
})
