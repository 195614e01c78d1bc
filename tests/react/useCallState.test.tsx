/**
 * What the reading hooks do after a failed refetch of stale data: the data stays stale (a failure
 * makes nothing fresh), and the error's own expiry says when they may retry. With
 * `invalidIfStale` (exchange rates "never shown once stale") the error goes to the boundary
 * instead of the old rates; without it the stale data stays on screen and no reader retries
 * before the error expires.
 */
import { act, screen } from '@testing-library/react'
import { Endpoint, Entity, NetworkError } from 'rtk-resources'
import { useController, useSuspense } from 'rtk-resources/react'
import { renderWithCache } from './render'
import { serverErrorsSoft } from '../fixtures/failing'

class Rate extends Entity {
  currency = ''
  value = 0
  pk() {
    return this.currency
  }
  static key = 'HookRate'
}

const server = { down: false, requests: 0 }
beforeEach(() => {
  server.down = false
  server.requests = 0
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

/** Rates fresh for a minute; a failure stands for a minute (no retry during the test). */
function ratesEndpoint(invalidIfStale: boolean) {
  return new Endpoint(
    async ({ currency }: { currency: string }) => {
      server.requests += 1
      if (server.down) throw new NetworkError(503, 'Service Unavailable')
      return { currency, value: 1.08 }
    },
    // Fails as a REST call does: a 5xx is soft.
    {
      schema: Rate,
      name: 'hookRate',
      errorExpiryLength: 60_000,
      invalidIfStale,
      errorPolicy: serverErrorsSoft,
    },
  )
}

let controller!: ReturnType<typeof useController>

function Price({ endpoint }: { endpoint: ReturnType<typeof ratesEndpoint> }) {
  controller = useController()
  const rate = useSuspense(endpoint, { currency: 'EUR' })
  return <p>EUR {rate.value}</p>
}

test('invalidIfStale: after a failed refetch the soft error is shown, not the stale rate', async () => {
  const endpoint = ratesEndpoint(true)
  renderWithCache(<Price endpoint={endpoint} />)
  expect(await screen.findByText('EUR 1.08')).toBeTruthy()
  server.down = true
  // Stale: the rate is not shown any more; the reader fetches it again, and that fails.
  await act(async () => controller.expireAll({ testKey: () => true }))
  expect((await screen.findByRole('alert')).textContent).toContain('Service Unavailable')
  expect(screen.queryByText('EUR 1.08')).toBeNull()
  expect(server.requests).toBe(2)
})

test('stale data beside a standing soft error stays on screen; readers do not retry', async () => {
  const endpoint = ratesEndpoint(false)
  const { rerender } = renderWithCache(<Price endpoint={endpoint} />)
  expect(await screen.findByText('EUR 1.08')).toBeTruthy()
  server.down = true
  await act(async () => controller.expireAll({ testKey: () => true }))
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(server.requests).toBe(2) // the background refetch, which failed
  expect(screen.getByText('EUR 1.08')).toBeTruthy()
  // Another reader of the still stale rate: the error stands, so it shows the data, no request.
  rerender(
    <>
      <Price endpoint={endpoint} />
      <Price endpoint={endpoint} />
    </>,
  )
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(screen.getAllByText('EUR 1.08')).toHaveLength(2)
  expect(server.requests).toBe(2)
})
