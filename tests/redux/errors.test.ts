import {
  Endpoint,
  Entity,
  EntityValidationError,
  MissingPrimaryKeyError,
  NetworkError,
} from 'rtk-resources'
import { User } from '../fixtures/entities'
import { expectPlain, makeStore } from '../fixtures/store'

test('a failing request rejects with its error, recorded as plain data; earlier data stays', async () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  let fail = false
  const getUser = new Endpoint(
    async ({ id }: { id: number }) => {
      if (fail) throw new NetworkError(503, 'Service Unavailable', { body: { reason: 'down' } })
      return { id, name: 'Ada', posts: [] }
    },
    { schema: User, name: 'user' },
  )
  const ada = await controller.fetch(getUser, { id: 1 })
  fail = true
  await expect(controller.fetch(getUser, { id: 1 })).rejects.toMatchObject({ status: 503 })
  const state = store.getState()
  const meta = state.data.meta['user [{"id":1}]']
  expect(meta?.error).toMatchObject({ name: 'NetworkError', status: 503, body: { reason: 'down' } })
  expect(meta?.error?.message).toContain('Service Unavailable')
  expect(cache.select(getUser, { id: 1 })(state)).toBe(ada)
  const error = cache.selectCall(getUser, { id: 1 })(state).error
  expect(error).toBeInstanceOf(NetworkError)
  expect((error as NetworkError).status).toBe(503)
  expect(cache.selectCall(getUser, { id: 1 })(state).error).toBe(error)
  // A plain Endpoint has no errorPolicy: its errors are hard, whatever the status (as in
  // data-client), so getError reports it beside the earlier data.
  expect(controller.getError(getUser, { id: 1 }, state)).toBe(error)
  expectPlain(state)
  expect(replay()).toEqual(state)
  expectSilentChecks()
})

test('a response with a missing pk rejects with a typed error and writes nothing', async () => {
  const { store, controller } = makeStore()
  const bad = new Endpoint(async () => [{ id: 1, name: 'ok' }, { name: 'no id' }], {
    schema: [User],
    name: 'bad',
  })
  const error = await controller.fetch(bad).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(MissingPrimaryKeyError)
  expect((error as MissingPrimaryKeyError).entityKey).toBe('User')
  // The message names the call whose response it was, then what was wrong with it.
  expect((error as Error).message).toMatch(/^The response to bad \[\]: Entity "User" has no usable/)
  expect((error as Error).stack).toMatch(/The response to bad \[\]/)
  expect(store.getState().data.entities).toEqual({})
  expect(store.getState().data.meta['bad []']?.error?.code).toBe('missing-pk')
  expect(store.getState().data.meta['bad []']?.error?.message).toMatch(/^The response to bad \[\]/)
})

test('setError records an error without a request', () => {
  const { store, controller } = makeStore()
  const endpoint = new Endpoint(async () => null, { name: 'x' })
  controller.setError(endpoint, new Error('boom'))
  expect(controller.getError(endpoint, store.getState())?.message).toBe('boom')
  expectPlain(store.getState())
})

test('an errorPolicy that throws: the error counts as hard, and the message names the endpoint and the fix', async () => {
  const { controller, store, cache } = makeStore()
  const flaky = new Endpoint(
    async () => {
      throw new Error('offline')
    },
    {
      name: 'flaky',
      errorPolicy: (error: { status: number }) => (error.status.toFixed() ? 'soft' : 'hard'),
    },
  )
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  await expect(controller.fetch(flaky)).rejects.toThrow('offline')
  expect(cache.selectCall(flaky)(store.getState()).errorPolicy).toBe('hard')
  expect(String(error.mock.calls[0]?.[0])).toMatch(
    /the errorPolicy of endpoint "flaky" threw, so the error it was given counts as hard.*must return "soft" or "hard" for any error/,
  )
  error.mockRestore()
})

test('a long reason from validate() is cut in the message; `reason` keeps it whole', async () => {
  class Strict extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'StrictReason'
    static validate() {
      return `bad: ${'x'.repeat(100_000)}`
    }
  }
  const { controller } = makeStore()
  const strict = new Endpoint(async () => ({ id: 1 }), { schema: Strict, name: 'strict' })
  const thrown = (await controller.fetch(strict).catch((e: unknown) => e)) as EntityValidationError
  expect(thrown).toBeInstanceOf(EntityValidationError)
  expect(thrown.message.length).toBeLessThan(1_000)
  expect(thrown.reason).toHaveLength(100_005)
})
