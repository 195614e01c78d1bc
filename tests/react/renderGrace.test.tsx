/**
 * `invalidIfStale` with an expiry under a second (0, or `NaN` from an unset environment
 * variable, which counts as 0): the data is stale before the render that waited for it can show
 * it. React readers show data its request brought less than a second ago whatever its expiry, so
 * `useSuspense` shows it instead of fetching again and again; once the second has passed, the
 * next render fetches again, once.
 */
import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { Endpoint, Entity, RestEndpoint } from 'rtk-resources'
import { useCache, useController, useDLE, useFetch, useSuspense } from 'rtk-resources/react'
import { makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'
import { renderWithCache } from './render'

const BASE = 'http://grace.test'
let requests = 0
serveHandlers(
  http.get(`${BASE}/rates/:ccy`, ({ params }) => {
    requests += 1
    return HttpResponse.json({ ccy: params.ccy, rate: requests })
  }),
)
beforeEach(() => {
  requests = 0
})
afterEach(() => jest.restoreAllMocks())

class Rate extends Entity {
  ccy = ''
  rate = 0
  pk() {
    return this.ccy
  }
  static key = 'GraceRate'
}
const rateEndpoint = (dataExpiryLength: number) =>
  new RestEndpoint({
    urlPrefix: BASE,
    path: '/rates/:ccy',
    schema: Rate,
    invalidIfStale: true,
    dataExpiryLength,
  })
const EUR = { ccy: 'EUR' }
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

describe.each([
  ['0', 0],
  ['NaN (an unset environment variable)', Number(process.env.RENDER_GRACE_TEST_UNSET)],
])('expiry %s', (_name, length) => {
  const getRate = rateEndpoint(length)

  test('useSuspense shows the data its request brought: one request, no loop', async () => {
    function Quote() {
      return <p>rate {useSuspense(getRate, EUR).rate}</p>
    }
    renderWithCache(<Quote />)
    expect(await screen.findByText('rate 1')).toBeTruthy()
    await wait(300)
    expect(requests).toBe(1)
    expect(screen.getByText('rate 1')).toBeTruthy()
  })

  test('useDLE and useFetch + useCache show it too, with one request', async () => {
    function WithDLE() {
      const { data, loading } = useDLE(getRate, EUR)
      return <p>dle {loading ? 'loading' : data?.rate}</p>
    }
    function WithFetch() {
      useFetch(getRate, EUR)
      return <p>cache {useCache(getRate, EUR)?.rate ?? 'none'}</p>
    }
    renderWithCache(
      <>
        <WithDLE />
        <WithFetch />
      </>,
    )
    expect(await screen.findByText('dle 1')).toBeTruthy()
    expect(await screen.findByText('cache 1')).toBeTruthy()
    await wait(300)
    expect(requests).toBe(1)
  })
})

test('after the second of grace, the next render suspends and fetches again, once', async () => {
  const getRate = rateEndpoint(0)
  let bump!: () => void
  function Quote() {
    const [, setCount] = useState(0)
    bump = () => setCount((c) => c + 1)
    return <p>rate {useSuspense(getRate, EUR).rate}</p>
  }
  renderWithCache(<Quote />)
  expect(await screen.findByText('rate 1')).toBeTruthy()
  // Within the second: a render shows the same data.
  act(() => bump())
  expect(screen.getByText('rate 1')).toBeTruthy()
  const realNow = Date.now.bind(Date)
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 1_500)
  act(() => bump())
  expect(await screen.findByText('rate 2')).toBeTruthy()
  await wait(300)
  expect(requests).toBe(2)
})

test('the grace never overrides expireAll: the data is fetched again at once', async () => {
  const getRate = rateEndpoint(0)
  let controller!: ReturnType<typeof useController>
  function Quote() {
    controller = useController()
    return <p>rate {useSuspense(getRate, EUR).rate}</p>
  }
  renderWithCache(<Quote />)
  expect(await screen.findByText('rate 1')).toBeTruthy()
  act(() => controller.expireAll({ testKey: () => true }))
  expect(await screen.findByText('rate 2')).toBeTruthy()
  await wait(300)
  expect(requests).toBe(2)
})

describe('only data a reader asked for gets the grace', () => {
  // Stale after 20 ms; the components below mount later than that.
  const getRate = rateEndpoint(20)

  test('data controller.fetch brought is stale at its expiry: useSuspense suspends and fetches', async () => {
    const harness = makeStore()
    await harness.controller.fetch(getRate, EUR)
    await wait(60)
    function Quote() {
      return <p>rate {useSuspense(getRate, EUR).rate}</p>
    }
    renderWithCache(<Quote />, { harness })
    expect(screen.getByText('loading')).toBeTruthy()
    expect(await screen.findByText('rate 2')).toBeTruthy()
    await wait(100)
    expect(requests).toBe(2)
  })

  test('useCache returns nothing for it, and useDLE fetches it again', async () => {
    const harness = makeStore()
    await harness.controller.fetch(getRate, EUR)
    await wait(60)
    function Cached() {
      return <p>cache {useCache(getRate, EUR)?.rate ?? 'none'}</p>
    }
    renderWithCache(<Cached />, { harness })
    expect(screen.getByText('cache none')).toBeTruthy()
    function WithDLE() {
      const { data, loading } = useDLE(getRate, EUR)
      return <p>dle {loading ? 'loading' : data?.rate}</p>
    }
    renderWithCache(<WithDLE />, { harness })
    expect(await screen.findByText('dle 2')).toBeTruthy()
  })

  test('a reader that joins a controller.fetch in flight gets it: one request, no loop', async () => {
    const harness = makeStore()
    const expiring = rateEndpoint(0)
    const fetched = harness.controller.fetch(expiring, EUR)
    function Quote() {
      return <p>rate {useSuspense(expiring, EUR).rate}</p>
    }
    renderWithCache(<Quote />, { harness })
    await act(() => fetched)
    expect(await screen.findByText('rate 1')).toBeTruthy()
    await wait(300)
    expect(requests).toBe(1)
  })
})

/**
 * 300 rows, each a `useSuspense` reader of its own call of an `invalidIfStale` endpoint with
 * expiry 0, under one boundary; `onRender` runs in each row's render. Resolves once settled to
 * how many requests were made, with every row shown.
 */
async function renderRows(name: string, onRender: () => void = () => {}): Promise<number> {
  let calls = 0
  const getItem = new Endpoint(
    async ({ id }: { id: number }) => {
      calls += 1
      return { ccy: `${name}${id}`, rate: id }
    },
    { schema: Rate, name, invalidIfStale: true, dataExpiryLength: 0 },
  )
  function Row({ id }: { id: number }) {
    onRender()
    return <span>{useSuspense(getItem, { id }).rate},</span>
  }
  const ids = Array.from({ length: 300 }, (_, i) => i + 1)
  const { view } = renderWithCache(
    <p data-testid="rows">
      {ids.map((id) => (
        <Row key={id} id={id} />
      ))}
    </p>,
  )
  // A loop of requests would keep act() from settling: the test then fails on its timeout.
  await wait(600)
  expect(screen.getByTestId('rows').textContent).toContain('300,')
  act(() => view.unmount())
  return calls
}

test('300 readers under one boundary, expiry 0: one request each, then every row shows', async () => {
  expect(await renderRows('graceManyRates')).toBe(300)
}, 20_000)

test('a render pass slower than the grace (300 rows, 10 ms each by the clock) shows every row, asking once each', async () => {
  // Each row's render moves the clock on 10 ms: one pass over the rows takes 3 s, three times
  // the grace, as on a slow device. The data stays shown until a render of it is committed.
  let clock = Date.now()
  jest.spyOn(Date, 'now').mockImplementation(() => clock)
  expect(await renderRows('graceSlowRates', () => (clock += 10))).toBe(300)
}, 20_000)
