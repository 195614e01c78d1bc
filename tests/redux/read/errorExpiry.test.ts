/**
 * A failed request records its error with its own expiry (`errorExpiresAt`); the data's expiry
 * (`expiresAt`) stays the data's. A failure makes no data fresh: stale data stays stale, and with
 * `invalidIfStale` (docs/concepts/expiry.md's exchange rates, "never shown once stale") it stays
 * unusable, its soft error reported. The error's expiry only says when readers may retry.
 */
import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, Entity, ExpiryStatus, NetworkError, createEntityCache } from 'rtk-resources'
import type { EntityCacheState } from 'rtk-resources'
import { isUsable } from '../../../src/redux/read/usable'
import { expectPlain, makeStore } from '../../fixtures/store'
import { serverErrorsSoft } from '../../fixtures/failing'

class Rate extends Entity {
  currency = ''
  value = 0
  pk() {
    return this.currency
  }
  static key = 'ErrorExpiryRate'
}

/**
 * A rates endpoint (fresh 5 s, errors stand 1 s) that fails while `server.down`, with a 503
 * unless `server.status` says otherwise.
 */
function ratesEndpoint(options: { invalidIfStale?: boolean } = {}) {
  const server = { down: false, requests: 0, status: 503 }
  const getRate = new Endpoint(
    async ({ currency }: { currency: string }) => {
      server.requests += 1
      if (server.down) throw new NetworkError(server.status, 'Service Unavailable')
      return { currency, value: 1.08 }
    },
    {
      schema: Rate,
      name: 'getRate',
      // Fails as a REST call does: a 5xx is soft.
      errorPolicy: serverErrorsSoft,
      dataExpiryLength: 5_000,
      errorExpiryLength: 1_000,
      ...options,
    },
  )
  return { getRate, server }
}

const EUR = { currency: 'EUR' }
let now: jest.SpyInstance<number, []>
let start: number
beforeEach(() => {
  start = Date.now()
  now = jest.spyOn(Date, 'now').mockReturnValue(start)
})
afterEach(() => jest.restoreAllMocks())

test('invalidIfStale: a failed refetch leaves stale rates unusable and reports its soft error', async () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  const { getRate, server } = ratesEndpoint({ invalidIfStale: true })
  const call = () => cache.selectCall(getRate, EUR)(store.getState())
  await controller.fetch(getRate, EUR)
  const dataExpiresAt = call().expiresAt
  expect(dataExpiresAt).toBe(start + 5_000)

  now.mockReturnValue(start + 6_000) // stale: never shown
  expect(isUsable(call(), Date.now())).toBe(false)
  server.down = true
  await expect(controller.fetchIfStale(getRate, EUR)).rejects.toBeInstanceOf(NetworkError)
  expect(server.requests).toBe(2)

  // Still 6 s old: not usable, the data's expiry unchanged, the error reported.
  expect(call().expiresAt).toBe(dataExpiresAt)
  expect(call().errorExpiresAt).toBe(start + 7_000)
  expect(call().expiryStatus).toBe(ExpiryStatus.InvalidIfStale)
  expect(isUsable(call(), Date.now())).toBe(false)
  const reported = controller.getError(getRate, EUR, store.getState()) as NetworkError
  expect(reported.status).toBe(503)
  expect(controller.getResponse(getRate, EUR, store.getState()).expiresAt).toBe(dataExpiresAt)

  // While the error stands, fetchIfStale answers with it: no retry.
  await expect(controller.fetchIfStale(getRate, EUR)).rejects.toBe(reported)
  expect(server.requests).toBe(2)
  // Once it has expired, it retries; a success makes the rates usable again.
  now.mockReturnValue(start + 7_001)
  server.down = false
  await controller.fetchIfStale(getRate, EUR)
  expect(server.requests).toBe(3)
  expect(isUsable(call(), Date.now())).toBe(true)
  expect(call().error).toBeUndefined()
  expectPlain(store.getState().data)
  expect(replay().data).toEqual(store.getState().data)
  expectSilentChecks()
})

test('while the error stands, fetchIfStale joins a retry already in flight (no second request)', async () => {
  const { controller } = makeStore()
  const { getRate, server } = ratesEndpoint()
  server.down = true
  await expect(controller.fetch(getRate, EUR)).rejects.toBeInstanceOf(NetworkError)
  // The error stands; fetch retries anyway, and fetchIfStale meets that retry in flight.
  server.down = false
  const retry = controller.fetch(getRate, EUR)
  const joined = controller.fetchIfStale(getRate, EUR)
  const [rate, same] = await Promise.all([retry, joined])
  expect(same).toBe(rate)
  expect(rate.value).toBe(1.08)
  expect(server.requests).toBe(2)
})

test('stale data without invalidIfStale: still shown, not retried until the error expires', async () => {
  const { store, cache, controller } = makeStore()
  const { getRate, server } = ratesEndpoint()
  const call = () => cache.selectCall(getRate, EUR)(store.getState())
  const rate = await controller.fetch(getRate, EUR)
  now.mockReturnValue(start + 6_000)
  server.down = true
  await controller.fetchIfStale(getRate, EUR).catch(() => undefined)
  expect(server.requests).toBe(2)
  // Stale it was, stale it stays (shown: a soft error beside usable data is not reported).
  expect(call().expiresAt).toBe(start + 5_000)
  expect(call().expiryStatus).toBe(ExpiryStatus.Valid)
  expect(controller.getError(getRate, EUR, store.getState())).toBeUndefined()
  // No retry storm: the stale data answers while the error stands.
  await expect(controller.fetchIfStale(getRate, EUR)).resolves.toBe(rate)
  expect(server.requests).toBe(2)
  now.mockReturnValue(start + 7_001)
  server.down = false
  await controller.fetchIfStale(getRate, EUR)
  expect(server.requests).toBe(3)
  expect(call().expiresAt).toBe(start + 7_001 + 5_000)
})

test('a failed refetch of fresh data keeps its expiry; expireAll and invalidate end the error', async () => {
  const { store, cache, controller } = makeStore()
  const { getRate, server } = ratesEndpoint({ invalidIfStale: true })
  const call = () => cache.selectCall(getRate, EUR)(store.getState())
  await controller.fetch(getRate, EUR)
  server.down = true
  now.mockReturnValue(start + 1_000)
  await controller.fetch(getRate, EUR).catch(() => undefined)
  expect(call().expiresAt).toBe(start + 5_000)
  expect(isUsable(call(), Date.now())).toBe(true)
  expect(controller.getError(getRate, EUR, store.getState())).toBeUndefined()

  // expireAll: the data is stale and the error no longer stands, so the next reader fetches.
  controller.expireAll({ testKey: () => true })
  expect(call().errorExpiresAt).toBe(0)
  await controller.fetchIfStale(getRate, EUR).catch(() => undefined)
  expect(server.requests).toBe(3)
  // invalidate: the same.
  expect(call().errorExpiresAt).toBe(start + 2_000)
  controller.invalidate(getRate, EUR)
  expect(call().errorExpiresAt).toBe(0)
  server.down = false
  await controller.fetchIfStale(getRate, EUR)
  expect(server.requests).toBe(4)
  expect(call().error).toBeUndefined()
})

test('the error and its expiry are kept beside the data, as plain members of the meta', async () => {
  const { store, controller, cache } = makeStore()
  const { getRate, server } = ratesEndpoint({ invalidIfStale: true })
  await controller.fetch(getRate, EUR)
  now.mockReturnValue(start + 6_000)
  server.down = true
  await controller.fetch(getRate, EUR).catch(() => undefined)
  const meta = store.getState().data.meta[getRate.key(EUR)]
  expect(meta).toMatchObject({ expiresAt: start + 5_000, errorExpiresAt: start + 7_000 })
  expect(meta?.error?.status).toBe(503)
  expect(cache.selectCall(getRate, EUR)(store.getState()).errorPolicy).toBe('soft')
})

test('a meta saved before errorExpiresAt: the error stands until its expiresAt, the data is stale', async () => {
  const { getRate, server } = ratesEndpoint({ invalidIfStale: true })
  const key = getRate.key(EUR)
  const harness = makeStore()
  await harness.controller.fetch(getRate, EUR)
  const saved = JSON.parse(JSON.stringify(harness.store.getState().data)) as EntityCacheState
  // As an older version wrote a failed refetch: the error's expiry in expiresAt.
  const old = {
    ...saved,
    meta: {
      [key]: {
        date: start,
        fetchedAt: start,
        expiresAt: start + 1_000,
        error: { name: 'NetworkError', message: 'Service Unavailable', status: 503 },
      },
    },
  }
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    preloadedState: { data: old },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  const controller = cache.controller(store)
  const call = cache.selectCall(getRate, EUR)(store.getState())
  expect(call.errorExpiresAt).toBe(start + 1_000)
  expect(call.expiresAt).toBe(0)
  expect(isUsable(call, Date.now())).toBe(false)
  expect((controller.getError(getRate, EUR, store.getState()) as NetworkError).status).toBe(503)
  await expect(controller.fetchIfStale(getRate, EUR)).rejects.toBeInstanceOf(NetworkError)
  expect(server.requests).toBe(1)
  now.mockReturnValue(start + 1_001)
  await controller.fetchIfStale(getRate, EUR)
  expect(server.requests).toBe(2)
  expect(isUsable(cache.selectCall(getRate, EUR)(store.getState()), Date.now())).toBe(true)
})

test('a hard error beside fresh data: fetchIfStale asks the server again once it expired', async () => {
  const { store, cache, controller } = makeStore()
  const { getRate, server } = ratesEndpoint()
  const call = () => cache.selectCall(getRate, EUR)(store.getState())
  const rate = await controller.fetch(getRate, EUR)
  // A refresh says the rate is gone (404: hard); the data itself is still fresh.
  server.down = true
  server.status = 404
  now.mockReturnValue(start + 1_000)
  await controller.fetch(getRate, EUR).catch(() => undefined)
  expect(call()).toMatchObject({ expiresAt: start + 5_000, errorPolicy: 'hard' })
  // While the error stands: no request (no retry storm).
  await expect(controller.fetchIfStale(getRate, EUR)).resolves.toBe(rate)
  expect(server.requests).toBe(2)
  // Expired, beside data still fresh: asked again, as the hooks do.
  now.mockReturnValue(start + 2_001)
  await expect(controller.fetchIfStale(getRate, EUR)).rejects.toBeInstanceOf(NetworkError)
  expect(server.requests).toBe(3)
  expect(call().errorExpiresAt).toBe(start + 3_001)
  now.mockReturnValue(start + 3_002)
  server.down = false
  await controller.fetchIfStale(getRate, EUR)
  expect(server.requests).toBe(4)
  expect(call().error).toBeUndefined()
  // Answered: fresh again, no request.
  await controller.fetchIfStale(getRate, EUR)
  expect(server.requests).toBe(4)
})

test('a soft error beside fresh data: fetchIfStale keeps answering with the data', async () => {
  const { store, cache, controller } = makeStore()
  const { getRate, server } = ratesEndpoint()
  const rate = await controller.fetch(getRate, EUR)
  server.down = true
  now.mockReturnValue(start + 1_000)
  await controller.fetch(getRate, EUR).catch(() => undefined)
  expect(cache.selectCall(getRate, EUR)(store.getState()).errorPolicy).toBe('soft')
  now.mockReturnValue(start + 2_001)
  await expect(controller.fetchIfStale(getRate, EUR)).resolves.toBe(rate)
  expect(server.requests).toBe(2)
})

test.each([
  ['soft', serverErrorsSoft],
  ['hard', () => 'hard' as const],
])(
  'an invalidated call whose refetch failed (%s) is not asked again by fetchIfStale while the error stands',
  async (_policy, errorPolicy) => {
    const { store, cache, controller } = makeStore()
    const { getRate, server } = ratesEndpoint()
    const rate = getRate.extend({ errorPolicy })
    await controller.fetch(rate, EUR)
    controller.invalidate(rate, EUR)
    server.down = true
    await expect(controller.fetch(rate, EUR)).rejects.toBeInstanceOf(NetworkError)
    expect(cache.selectCall(rate, EUR)(store.getState()).expiryStatus).toBe(ExpiryStatus.Invalid)
    // As the readers: the known-wrong data is not answered, and the error is, until it expires.
    await expect(controller.fetchIfStale(rate, EUR)).rejects.toBeInstanceOf(NetworkError)
    expect(server.requests).toBe(2)
    server.down = false
    now.mockReturnValue(start + 1_001)
    expect((await controller.fetchIfStale(rate, EUR)).value).toBe(1.08)
    expect(server.requests).toBe(3)
  },
)
