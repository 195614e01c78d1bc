/**
 * A code-split route (RTK 2 combineSlices + withLazyLoadedSlices): the store starts without the
 * cache; the route module injects it and renders a reader at once. And a reducer never mounted:
 * the first request names the fix in the error boundary, with no request loop.
 */
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit'
import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { createEntityCache } from 'rtk-resources'
import type { EntityCacheState } from 'rtk-resources'
import { EntityCacheProvider, useSuspense, useCache } from 'rtk-resources/react'
import { serveHandlers } from '../mocks/server'
import { AlertBoundary as Boundary } from './render'
import { apiHandlers, db, getUser, seedUsers } from './api'

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(3)
  db.requests.length = 0
})

const shell = createSlice({ name: 'shell', initialState: { open: false }, reducers: {} })

function setup() {
  const cache = createEntityCache({ reducerPath: 'data' })
  const rootReducer = combineSlices(shell).withLazyLoadedSlices<{ data: EntityCacheState }>()
  const store = configureStore({
    reducer: rootReducer,
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  return { cache, rootReducer, store }
}

function Profile() {
  const user = useSuspense(getUser, { id: 2 })
  return <h1>{user.name}</h1>
}
function Cached() {
  const user = useCache(getUser, { id: 2 })
  return <h1>{user ? user.name : 'nothing yet'}</h1>
}

/** Renders `ui` in the store, with an alert boundary and a Suspense fallback. */
function mount({ cache, store }: Pick<ReturnType<typeof setup>, 'cache' | 'store'>, ui: ReactNode) {
  render(
    <Provider store={store}>
      <EntityCacheProvider cache={cache}>
        <Boundary>
          <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
        </Boundary>
      </EntityCacheProvider>
    </Provider>,
  )
}

test('useSuspense in a route rendered right after the cache is injected', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  const { cache, rootReducer, store } = setup()
  // The route module: inject, then render.
  rootReducer.inject({ reducerPath: cache.reducerPath, reducer: cache.reducer })
  mount({ cache, store }, <Profile />)
  expect(screen.queryByRole('alert')?.textContent ?? '').toBe('')
  expect(await screen.findByText('User 2')).toBeTruthy()
  error.mockRestore()
})

test('useCache in a route rendered right after the cache is injected', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  const { cache, rootReducer, store } = setup()
  rootReducer.inject({ reducerPath: cache.reducerPath, reducer: cache.reducer })
  mount({ cache, store }, <Cached />)
  expect(screen.queryByRole('alert')?.textContent ?? '').toBe('')
  expect(screen.getByText('nothing yet')).toBeTruthy()
  error.mockRestore()
})

test('a reducer that is never mounted: the first request shows the SetupError, no request loop', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  const { cache, store } = setup() // never injected
  mount({ cache, store }, <Profile />)
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('No entity cache at state.data. Mount cache.reducer')
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(db.requests.length).toBeLessThanOrEqual(1)
  error.mockRestore()
})
