/** A cache read against a state without its slice names the fix, and the key it sits at. */
import { combineReducers, configureStore } from '@reduxjs/toolkit'
import { createEntityCache, Endpoint } from 'rtk-resources'
import { User } from '../fixtures/entities'

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: `user ${id}` }), {
  schema: User,
  name: 'getUser',
})

test('a slice mounted under its own name: the error names that key and the reducerPath to give', () => {
  const cache = createEntityCache()
  // A common first setup: the reducer under a name of the app's choosing.
  const store = configureStore({
    reducer: { todos: (state: string[] = []) => state, entities: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  const read = () => cache.select(getUser, { id: 1 })(store.getState())
  expect(read).toThrow(
    expect.objectContaining({
      name: 'SetupError',
      code: 'bad-setup',
      message: expect.stringContaining(
        'at state.entities: mount the reducer under cache.reducerPath, or create the cache ' +
          "with createEntityCache({ reducerPath: 'entities' })",
      ),
    }),
  )
})

test('no slice anywhere at the top: the message names only the mount', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { app: combineReducers({ data: cache.reducer }) },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  let message = ''
  try {
    cache.select(getUser, { id: 1 })(store.getState())
  } catch (error) {
    message = (error as Error).message
  }
  expect(message).toContain('No entity cache at state.data. Mount cache.reducer under the key')
  expect(message).not.toContain('The state has an entity cache at')
})
