/**
 * A cache whose reducer is not mounted: reads see an empty cache (a slice injected lazily
 * appears with the next action), and the first request names the fix, and the key the slice
 * sits at when it is mounted under another one.
 */
import { combineReducers, combineSlices, configureStore, createSlice } from '@reduxjs/toolkit'
import { createEntityCache, Endpoint } from 'rtk-resources'
import type { EntityCacheState } from 'rtk-resources'
import { User } from '../fixtures/entities'

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: `user ${id}` }), {
  schema: User,
  name: 'getUser',
})

test('a slice mounted under its own name: the request names that key and the reducerPath to give', async () => {
  const cache = createEntityCache()
  // A common first setup: the reducer under a name of the app's choosing.
  const store = configureStore({
    reducer: { todos: (state: string[] = []) => state, entities: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBeUndefined()
  await expect(cache.controller(store).fetch(getUser, { id: 1 })).rejects.toMatchObject({
    name: 'SetupError',
    code: 'bad-setup',
    message: expect.stringContaining(
      'at state.entities: mount the reducer under cache.reducerPath, or create the cache ' +
        "with createEntityCache({ reducerPath: 'entities' })",
    ),
  })
})

test('no slice anywhere at the top: the message names only the mount', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { app: combineReducers({ data: cache.reducer }) },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  const error = (await cache
    .controller(store)
    .fetch(getUser, { id: 1 })
    .catch((caught: unknown) => caught)) as Error
  expect(error.message).toContain(
    'No entity cache at state.data. Mount cache.reducer under the key',
  )
  expect(error.message).not.toContain('The state has an entity cache at')
})

test('injected with combineSlices: reads and requests work before any other action', async () => {
  const shell = createSlice({ name: 'shell', initialState: { ready: true }, reducers: {} })
  const root = combineSlices(shell).withLazyLoadedSlices<{ data: EntityCacheState }>()
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: root,
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  // A code-split route injects the cache, then renders at once.
  root.inject({ reducerPath: cache.reducerPath, reducer: cache.reducer })
  const controller = cache.controller(store)
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBeUndefined()
  expect(controller.getResponse(getUser, { id: 1 }, store.getState()).data).toBeUndefined()
  expect(await controller.fetch(getUser, { id: 1 })).toMatchObject({ id: 1, name: 'user 1' })
  expect(cache.select(getUser, { id: 1 })(store.getState())).toMatchObject({ name: 'user 1' })
})

test('a selector given the store, or the slice, instead of the root state says so', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  await cache.controller(store).fetch(getUser, { id: 1 })
  const select = cache.select(getUser, { id: 1 })
  expect(select(store.getState())?.name).toBe('user 1')
  expect(() => select(store)).toThrow(
    expect.objectContaining({
      name: 'SetupError',
      message: expect.stringContaining(
        'given the store, not its state: call it with store.getState()',
      ),
    }),
  )
  expect(() => select(store.getState().data)).toThrow(
    expect.objectContaining({
      name: 'SetupError',
      message: expect.stringContaining('state.data itself'),
    }),
  )
  const { getResponse } = cache.controller(store)
  expect(() => getResponse(getUser, { id: 1 }, store)).toThrow(/given the store/)
})
