import { Endpoint, MissingPrimaryKeyError, NetworkError } from 'rtk-resources'
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
