import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, createEntityCache, fixture, fixtureState, loadFixtures } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { expectPlain, makeStore } from '../fixtures/store'

const never = async (): Promise<never> => {
  throw new Error('fixtures must not fetch')
}
const getUsers = new Endpoint(never, { schema: [User], name: 'users' })
const getUser = new Endpoint((_: { id: number }) => never(), { schema: User, name: 'user' })

const fixtures = [
  fixture({ endpoint: getUsers, args: [], response: [{ id: 1, name: 'Ada', posts: [] }] }),
  fixture({ endpoint: getUser, args: [{ id: 2 }], response: { id: 2, name: 'Grace', posts: [] } }),
  fixture({
    endpoint: getUser,
    args: [{ id: 3 }],
    error: Object.assign(new Error('gone'), { status: 404 }),
  }),
]

test('fixtureState builds the slice a fetch would, for preloadedState', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    preloadedState: { data: fixtureState(cache, fixtures) },
  })
  const controller = cache.controller(store)
  expect(cache.select(getUsers)(store.getState())?.[0]?.name).toBe('Ada')
  expect(cache.select(getUser, { id: 2 })(store.getState())).toBeInstanceOf(User)
  expect(controller.getResponse(getUser, { id: 2 }, store.getState()).expiryStatus).toBe(3)
  expect(
    (controller.getError(getUser, { id: 3 }, store.getState()) as { status?: number }).status,
  ).toBe(404)
  expectPlain(store.getState())
})

test('loadFixtures writes into a live store as fetches would', () => {
  const { store, cache, controller, recorded } = makeStore()
  loadFixtures(cache, store, fixtures)
  expect(recorded.map((a) => a.type)).toEqual(['data/received', 'data/received', 'data/failed'])
  expect(cache.select(getUser, { id: 2 })(store.getState())?.name).toBe('Grace')
  expect(controller.getError(getUser, { id: 3 }, store.getState())?.message).toBe('gone')
})
