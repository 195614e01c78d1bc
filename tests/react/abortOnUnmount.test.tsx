import { act, screen } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { RestEndpoint } from 'rtk-resources'
import { useDLE } from 'rtk-resources/react'
import { expectPlain } from '../fixtures/store'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'
import { Doc } from '../fixtures/entities'

const events: string[] = []
serveHandlers(
  http.get('http://docs.test/docs/:id', async ({ params, request }) => {
    events.push(`start ${params.id}`)
    request.signal.addEventListener('abort', () => events.push(`aborted ${params.id}`))
    await delay(150)
    return HttpResponse.json({ id: Number(params.id), title: `Doc ${params.id}` })
  }),
)
beforeEach(() => {
  events.length = 0
})

const getDoc = new RestEndpoint({ urlPrefix: 'http://docs.test', path: '/docs/:id', schema: Doc })

function DocTitle({ id }: { id: number }) {
  const { data, loading } = useDLE(getDoc, { id })
  return <p>{loading ? `loading ${id}` : data?.title}</p>
}

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

test('unmounting the last component holding a request aborts it: nothing written, no error', async () => {
  const { store, recorded, rerender } = renderWithCache(<DocTitle id={1} />)
  expect(screen.getByText('loading 1')).toBeTruthy()
  await wait(20)
  rerender(<p>gone</p>)
  await wait(200)
  expect(events).toEqual(['start 1', 'aborted 1'])
  const types = recorded.map((a) => a.type)
  expect(types).toContain('data/settled')
  expect(types).not.toContain('data/received')
  expect(types).not.toContain('data/failed')
  const state = store.getState().data
  expect(state.entities).toEqual({})
  expect(
    Object.values(state.meta).every((meta) => !meta.error && meta.pendingSince === undefined),
  ).toBe(true)
  expectPlain(store.getState())
})

test('StrictMode (unmount + remount) and a second holder keep the request', async () => {
  const { rerender } = renderWithCache(
    <>
      <DocTitle id={2} />
      <DocTitle id={2} />
    </>,
    { strict: true },
  )
  await wait(20)
  // One of the two holders goes away; the other still needs the data.
  rerender(<DocTitle id={2} />)
  expect(await screen.findByText('Doc 2')).toBeTruthy()
  expect(events).toEqual(['start 2'])
})
