import { configureStore } from '@reduxjs/toolkit'
import {
  Endpoint,
  RestEndpoint,
  createEntityCache,
  fixture,
  fixtureState,
  loadFixtures,
} from 'rtk-resources'
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

// data-client's fixture forms: a response made by a function of the args, and a failure written
// `{ response, error: true }` (the response is the error), or `error: true` alone.
const dataClientStyle = [
  fixture({
    endpoint: getUser,
    args: [{ id: 4 }],
    response: ({ id }: { id: number }) => ({ id, name: `user ${id}`, posts: [] }),
  }),
  fixture({
    endpoint: getUser,
    args: [{ id: 5 }],
    response: { message: 'Bad request', status: 400, name: 'Not Found' },
    error: true,
  }),
  fixture({ endpoint: getUser, args: [{ id: 6 }], error: true }),
]

/** What both loaders must give for {@link dataClientStyle}. */
function expectDataClientFixtures(state: object, store: ReturnType<typeof makeStore>) {
  const { cache, controller } = store
  expect(cache.select(getUser, { id: 4 })(state as never)?.name).toBe('user 4')
  expect(controller.getError(getUser, { id: 5 }, state as never)).toMatchObject({
    message: 'Bad request',
    status: 400,
  })
  expect(controller.getError(getUser, { id: 6 }, state as never)?.message).toBe(
    'Fixture error for user [{"id":6}]',
  )
  expectPlain(state)
}

test('fixtureState reads data-client fixtures: function responses, { response, error: true }', () => {
  const made = makeStore()
  const store = configureStore({
    reducer: { data: made.cache.reducer },
    middleware: (gDM) => gDM().concat(made.cache.middleware),
    preloadedState: { data: fixtureState(made.cache, dataClientStyle) },
  })
  expectDataClientFixtures(store.getState(), made)
})

test('loadFixtures reads data-client fixtures: function responses, { response, error: true }', () => {
  const made = makeStore()
  loadFixtures(made.cache, made.store, dataClientStyle)
  expectDataClientFixtures(made.store.getState(), made)
})

test("fixtureState uses the cache's expiry lengths, as a fetch or loadFixtures would", () => {
  const cache = createEntityCache({
    reducerPath: 'data',
    dataExpiryLength: 5_000,
    errorExpiryLength: 50,
  })
  const state = fixtureState(cache, fixtures, { now: 1_000_000 })
  expect(state.meta['users []']?.expiresAt).toBe(1_005_000)
  expect(state.meta['user [{"id":3}]']?.errorExpiresAt).toBe(1_000_050)
  // options.dataExpiryLength replaces the cache's; an endpoint's own would win over both.
  const longer = fixtureState(cache, fixtures, { now: 1_000_000, dataExpiryLength: 9_000 })
  expect(longer.meta['users []']?.expiresAt).toBe(1_009_000)
})

test("both loaders record a failure with the endpoint's errorPolicy: a 503 beside data is soft", () => {
  const RestUser = new RestEndpoint({
    urlPrefix: 'http://fixtures.test',
    path: '/users/:id',
    schema: User,
  })
  const list = [
    fixture({ endpoint: RestUser, args: [{ id: 7 }], response: { id: 7, name: 'Ada', posts: [] } }),
    fixture({
      endpoint: RestUser,
      args: [{ id: 7 }],
      response: { status: 503, message: 'down' },
      error: true,
    }),
  ]
  const loaded = makeStore()
  loadFixtures(loaded.cache, loaded.store, list)
  const preloaded = makeStore()
  const store = configureStore({
    reducer: { data: preloaded.cache.reducer },
    middleware: (gDM) => gDM().concat(preloaded.cache.middleware),
    preloadedState: { data: fixtureState(preloaded.cache, list) },
  })
  for (const [state, controller] of [
    [loaded.store.getState(), loaded.controller],
    [store.getState(), preloaded.cache.controller(store)],
  ] as const) {
    expect(state.data.meta['GET http://fixtures.test/users/7']?.errorPolicy).toBe('soft')
    expect(controller.getError(RestUser, { id: 7 }, state)).toBeUndefined()
  }
})
