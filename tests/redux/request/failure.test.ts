/**
 * The `errorPolicy` endpoint option (data-client's Endpoint.errorPolicy): asked once per
 * failure with the error as thrown, its verdict recorded in the slice; without a verdict the
 * error is hard (as in data-client); RestEndpoint's own policy says soft for a 5xx.
 */
import { NetworkError } from 'rtk-resources'
import { User } from '../../fixtures/entities'
import { expectPlain, makeStore } from '../../fixtures/store'
import { failingUser } from '../../fixtures/failing'

class Throttled extends Error {
  retryIn = 30
}

test('without a policy: every error is hard, whatever its status; nothing recorded', async () => {
  const { store, cache, controller } = makeStore()
  const { endpoint, control } = failingUser({ errorPolicy: undefined })
  for (const error of [
    new NetworkError(404, 'Not Found'),
    new NetworkError(503, 'Unavailable'),
    new TypeError('Failed to fetch'),
  ]) {
    control.failWith = error
    await controller.fetch(endpoint, { id: 1 }).catch(() => undefined)
    expect(cache.selectCall(endpoint, { id: 1 })(store.getState()).errorPolicy).toBe('hard')
    expect(store.getState().data.meta['user [{"id":1}]']).not.toHaveProperty('errorPolicy')
  }
  control.failWith = undefined
  await controller.fetch(endpoint, { id: 1 })
  expect(cache.selectCall(endpoint, { id: 1 })(store.getState()).errorPolicy).toBeUndefined()
})

test('errorPolicy decides from the error as thrown; its verdict is recorded and replays', async () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  const seen: unknown[] = []
  const { endpoint, control } = failingUser({
    errorPolicy: (error) => {
      seen.push(error)
      if (error instanceof Throttled) return 'soft'
      return (error as { status?: number }).status === 503 ? 'hard' : undefined
    },
  })
  await controller.fetch(endpoint, { id: 1 })
  const throttled = Object.assign(new Throttled('slow down'), { status: 429 })
  control.failWith = throttled
  await expect(controller.fetch(endpoint, { id: 1 })).rejects.toBe(throttled)
  expect(seen).toEqual([throttled])
  const meta = () => store.getState().data.meta['user [{"id":1}]']
  expect(meta()?.errorPolicy).toBe('soft')
  const call = () => cache.selectCall(endpoint, { id: 1 })(store.getState())
  expect(call().errorPolicy).toBe('soft')
  expect(call().data).toBeInstanceOf(User)

  control.failWith = new NetworkError(503, 'Unavailable')
  await controller.fetch(endpoint, { id: 1 }).catch(() => undefined)
  expect(meta()?.errorPolicy).toBe('hard')
  expect(call().errorPolicy).toBe('hard')

  // No opinion: the default rule (a 404 is hard), and nothing recorded.
  control.failWith = new NetworkError(404, 'Not Found')
  await controller.fetch(endpoint, { id: 1 }).catch(() => undefined)
  expect(meta()).not.toHaveProperty('errorPolicy')
  expect(call().errorPolicy).toBe('hard')

  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
  expectSilentChecks()
})

test('setError asks the policy too', () => {
  const { store, cache, controller } = makeStore()
  const { endpoint } = failingUser({ errorPolicy: () => 'soft' })
  controller.setError(endpoint, { id: 2 }, new NetworkError(404, 'Not Found'))
  expect(store.getState().data.meta['user [{"id":2}]']?.errorPolicy).toBe('soft')
  expect(cache.selectCall(endpoint, { id: 2 })(store.getState()).errorPolicy).toBe('soft')
})

test('a policy that throws or answers something else gives no verdict: hard', async () => {
  const { store, cache, controller } = makeStore()
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  const throwing = failingUser({
    errorPolicy: () => {
      throw new Error('bug in policy')
    },
  })
  throwing.control.failWith = new NetworkError(404, 'Not Found')
  await expect(controller.fetch(throwing.endpoint, { id: 1 })).rejects.toMatchObject({
    status: 404,
  })
  expect(cache.selectCall(throwing.endpoint, { id: 1 })(store.getState()).errorPolicy).toBe('hard')
  expect(error).toHaveBeenCalled()

  const odd = failingUser({ errorPolicy: () => 'maybe' as never })
  odd.control.failWith = new NetworkError(500, 'Oops')
  await controller.fetch(odd.endpoint, { id: 3 }).catch(() => undefined)
  expect(store.getState().data.meta['user [{"id":3}]']).not.toHaveProperty('errorPolicy')
  expect(cache.selectCall(odd.endpoint, { id: 3 })(store.getState()).errorPolicy).toBe('hard')
})

test('anything thrown settles the request: null-prototype objects, getters and toString that throw', async () => {
  jest.clearAllMocks() // the console spies of the tests above
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  const { endpoint, control } = failingUser()
  const hostile: unknown[] = [
    Object.assign(Object.create(null) as object, { code: 'E_VALIDATION' }),
    {
      get message(): string {
        throw new Error('getter')
      },
      code: 'E_GETTER',
    },
    {
      get name(): string {
        throw new Error('getter')
      },
    },
    {
      toString() {
        throw new Error('no')
      },
    },
  ]
  for (const [i, value] of hostile.entries()) {
    control.failWith = value
    // Rejects with the value as thrown, not with a TypeError of the recording.
    await expect(controller.fetch(endpoint, { id: i })).rejects.toBe(value)
    const call = cache.selectCall(endpoint, { id: i })(store.getState())
    expect(call.pending).toBe(false)
    expect(call.error).toBeInstanceOf(Error)
  }
  expect(controller.getError(endpoint, { id: 0 }, store.getState())).toMatchObject({
    code: 'E_VALIDATION',
  })
  expect(controller.getError(endpoint, { id: 1 }, store.getState())).toMatchObject({
    code: 'E_GETTER',
  })
  expect(replay().data).toEqual(store.getState().data)
  expectSilentChecks()
})
