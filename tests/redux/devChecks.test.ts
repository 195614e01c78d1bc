/**
 * Development: what the slice freezes (so RTK's checks stay cheap and mutations still fail),
 * deep input refused before it can break the store, a forgotten middleware caught, and the
 * silent-checks helper that ignores only RTK's timing note.
 */
import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, InputTooDeepError, createEntityCache } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { complaints, makeStore, todosSlice } from '../fixtures/store'
import { haveSameMapFunction } from '../fixtures/hiddenClasses'

const getUsers = new Endpoint(async (_page: { page: number }) => [] as unknown[], {
  schema: [User],
  name: 'getUsers',
})
const usersFrom = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `user ${from + i}`, posts: [] }))

test('records, plain tables and buckets are frozen; the large containers RTK walks are not', () => {
  const { store, controller, expectSilentChecks } = makeStore()
  controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 10))
  let state = store.getState().data
  expect(Object.isFrozen(state.entities.User?.['1'])).toBe(true)
  expect(Object.isFrozen(state.entities.User)).toBe(true)
  expect(Object.isFrozen(state.entitiesMeta.User?.['1'])).toBe(true)
  expect(Object.isFrozen(state.meta['getUsers [{"page":1}]'])).toBe(true)
  expect(Object.isFrozen(state.results['getUsers [{"page":1}]'])).toBe(true)
  for (const container of [state, state.entities, state.entitiesMeta, state.results, state.meta]) {
    expect(Object.isFrozen(container)).toBe(false)
  }
  // A record cannot be changed by accident.
  expect(() => {
    ;(state.entities.User?.['1'] as Record<string, unknown>).name = 'oops'
  }).toThrow(TypeError)
  // Split: the map, its pages and buckets are frozen, but its summary (first in Object.values
  // order, where RTK's serializable check stops looking for something not frozen).
  controller.setResponse(getUsers, { page: 2 }, usersFrom(11, 1100))
  state = store.getState().data
  expect(state.layout.splitTables).toEqual(['User'])
  const split = state.entities.User as Record<string, object>
  expect(Object.isFrozen(split)).toBe(true)
  expect(Object.values(split)[0]).toBe(split['0'])
  expect(Object.isFrozen(split['0'])).toBe(false)
  const pages = Object.values(split).slice(1) as unknown[][]
  expect(pages.length).toBeGreaterThan(0)
  expect(pages.every((page) => Object.isFrozen(page))).toBe(true)
  const buckets = pages.flat().filter((bucket) => bucket !== null) as object[]
  // 1,110 neighbouring ids: 18 blocks of 64, a bucket each (or fewer, when two share one).
  expect(buckets.length).toBeGreaterThan(10)
  expect(buckets.every((bucket) => Object.isFrozen(bucket))).toBe(true)
  expectSilentChecks()
})

test('a response deeper than 1,000 levels is refused before anything is written, without a schema too', async () => {
  const { store, controller, expectSilentChecks } = makeStore()
  let deep: Record<string, unknown> = { leaf: true }
  for (let i = 0; i < 10_000; i++) deep = { child: deep }
  const raw = new Endpoint(async () => deep, { name: 'raw' })
  const before = store.getState().data.results
  const error = await controller.fetch(raw).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(InputTooDeepError)
  expect((error as InputTooDeepError).limit).toBe(1000)
  expect((error as Error).message).toMatch(/more than 1000 levels deep/)
  expect(store.getState().data.results).toBe(before)
  expect(() => controller.setResponse(raw, deep)).toThrow(InputTooDeepError)
  // The store keeps working, for every slice.
  store.dispatch(todosSlice.actions.bump())
  expect(store.getState().todos.count).toBe(1)
  let shallow: Record<string, unknown> = { leaf: true }
  for (let i = 0; i < 900; i++) shallow = { child: shallow }
  controller.setResponse(raw, shallow)
  // Stored as a frozen copy, 900 levels deep; the caller's object stays open.
  expect(store.getState().data.results['raw []']).toEqual(shallow)
  expect(Object.isFrozen(shallow)).toBe(false)
  expectSilentChecks()
})

test('a cache whose middleware is not installed warns once, naming the fix', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    const cache = createEntityCache({ reducerPath: 'data' })
    const store = configureStore({ reducer: { data: cache.reducer } })
    const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: 'x' }), {
      schema: User,
      name: 'getUser',
    })
    await cache.controller(store).fetch(getUser, { id: 1 })
    await cache.controller(store).fetch(getUser, { id: 2 })
    const ours = complaints(warn)
    expect(ours).toHaveLength(1)
    expect(String(ours[0]?.[0])).toMatch(/state\.data has no middleware/)
    expect(String(ours[0]?.[0])).toMatch(/concat\(cache\.middleware\)/)
    // The other likely cause: the store belongs to another cache.
    expect(String(ours[0]?.[0])).toMatch(
      /another cache made with createEntityCache, use that cache/,
    )
    // With the middleware: no warning.
    warn.mockClear()
    const withMiddleware = createEntityCache({ reducerPath: 'data' })
    const good = configureStore({
      reducer: { data: withMiddleware.reducer },
      middleware: (gDM) => gDM().concat(withMiddleware.middleware),
    })
    await withMiddleware.controller(good).fetch(getUser, { id: 1 })
    expect(complaints(warn)).toEqual([])
  } finally {
    warn.mockRestore()
  }
})

test('the silent-checks helper ignores only RTK timing notes', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  try {
    console.warn(
      'SerializableStateInvariantMiddleware took 45ms, which is more than the warning threshold of 32ms.',
    )
    expect(complaints(warn)).toEqual([])
    // A real complaint: a non-serializable value in an action.
    const store = configureStore({ reducer: { todos: todosSlice.reducer } })
    store.dispatch({ type: 'oops', payload: new Map() })
    expect(complaints(error)).toHaveLength(1)
    expect(String(complaints(error)[0]?.[0])).toMatch(/non-serializable value was detected/)
  } finally {
    warn.mockRestore()
    error.mockRestore()
  }
})

test('frozen records share V8 hidden classes: spread copies are stored as copies built key by key', () => {
  // V8 gives each frozen object spread copy (what Entity.process returns) a hidden class of its
  // own; 100,000 records made 100,000 classes (freezeWritten.ts). %HaveSameMap says whether two
  // objects share one.
  const haveSameMap = haveSameMapFunction()
  const { store, cache, controller, expectSilentChecks } = makeStore()
  // A plain table (300 records parsed from JSON), then a split one (1,200 more, and the first
  // 300 merged again), so both storage layouts and merged records are covered.
  controller.setResponse(getUsers, { page: 1 }, JSON.parse(JSON.stringify(usersFrom(1, 300))))
  controller.setResponse(getUsers, { page: 2 }, usersFrom(1, 1500))
  expect(store.getState().data.layout.splitTables).toEqual(['User'])
  const records = Array.from({ length: 1500 }, (_, i) =>
    cache.selectRecord('User', i + 1)(store.getState()),
  ) as object[]
  expect(records.every((record) => Object.isFrozen(record))).toBe(true)
  const unlike = records.filter((record) => !haveSameMap(record, records[0] as object))
  expect(unlike).toHaveLength(0)
  expectSilentChecks()
})

test('a state restored from JSON: a write re-copies only what it stored; the other records keep their identity', () => {
  const first = makeStore()
  first.controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 10))
  first.controller.setResponse(getUsers, { page: 2 }, usersFrom(2001, 1500))
  const json = JSON.parse(JSON.stringify(first.store.getState().data)) as ReturnType<
    typeof first.store.getState
  >['data']
  expect(json.layout.splitTables).toEqual(['User'])
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    preloadedState: { data: json },
  })
  // Neighbours of the written record: one in its run of ids (split bucket), one far away.
  const record = (id: number) => cache.selectRecord('User', id)(store.getState())
  const before = [2, 2002, 3400].map(record)
  cache
    .controller(store)
    .setResponse(getUsers, { page: 3 }, [{ id: 2001, name: 'changed', posts: [] }])
  expect(record(2001)).toEqual({ id: 2001, name: 'changed', posts: [] })
  expect(Object.isFrozen(record(2001))).toBe(true)
  const after = [2, 2002, 3400].map(record)
  after.forEach((value, i) => expect(value).toBe(before[i]))
  // 2002 shares the written bucket: frozen as it is, not copied.
  expect(Object.isFrozen(record(2002))).toBe(true)
  // Every other restored record was frozen as it is when the store was made, so RTK's checks
  // skip them on later writes instead of walking the whole restored cache each time.
  expect(Object.isFrozen(record(3400))).toBe(true)
  expect(Object.isFrozen(record(2))).toBe(true)
})

test('a preloaded state is frozen whole, as it is, when the store is made (development)', () => {
  const first = makeStore()
  first.controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 10))
  const json = JSON.parse(JSON.stringify(first.store.getState().data)) as ReturnType<
    typeof first.store.getState
  >['data']
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    preloadedState: { data: json },
  })
  const slice = store.getState().data
  expect(slice).toBe(json) // nothing copied
  expect(Object.isFrozen(slice.entities.User)).toBe(true)
  expect(Object.isFrozen(slice.entities.User?.['1'])).toBe(true)
  expect(Object.isFrozen(Object.values(slice.results)[0])).toBe(true)
})
