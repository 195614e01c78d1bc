/**
 * Redux DevTools time travel, simulated as the extension's `instrument` enhancer does it: the
 * store keeps computing states for every action, `getState()` answers the state the user jumped
 * to, subscribers are told about each jump, and actions dispatched meanwhile are appended to the
 * history without moving the view.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit'
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { createEntityCache } from 'rtk-resources'
import { EntityCacheProvider, useCache, useSuspense, useFetch } from 'rtk-resources/react'
import { serveHandlers } from '../mocks/server'
import { AlertBoundary as Boundary } from './render'
import { apiHandlers, db, getUser, seedUsers } from './api'
import { devToolsEnhancer } from '../fixtures/devTools'
import type { DevTools } from '../fixtures/devTools'

serveHandlers(...apiHandlers)
beforeEach(() => {
  seedUsers(3)
  db.requests.length = 0
})
afterEach(() => jest.restoreAllMocks())

const ui = createSlice({
  name: 'ui',
  initialState: { n: 0 },
  reducers: {
    bump: (s) => {
      s.n += 1
    },
  },
})

function setup() {
  const tools: DevTools = { history: [], jumpTo: () => {} }
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { ui: ui.reducer, data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    enhancers: (gDE) => gDE().concat(devToolsEnhancer(tools)),
  })
  return { tools, cache, store }
}

function mount(
  store: ReturnType<typeof setup>['store'],
  cache: ReturnType<typeof setup>['cache'],
  ui: ReactNode,
) {
  return render(
    <Provider store={store}>
      <EntityCacheProvider cache={cache}>
        <Boundary>
          <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
        </Boundary>
      </EntityCacheProvider>
    </Provider>,
  )
}

/** Guards the test run: a storm of renders ends in the error boundary instead of hanging. */
function guard() {
  if (db.requests.length > 200) throw new Error(`request storm: ${db.requests.length} requests`)
}
function Profile() {
  guard()
  const user = useSuspense(getUser, { id: 1 })
  return <h1>{user.name}</h1>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('useSuspense: jumping to a state before the data was fetched causes no request storm', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  const { tools, cache, store } = setup()
  mount(store, cache, <Profile />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  expect(db.requests).toEqual(['GET /users/1'])
  // Jump to the first state (empty cache), stay there a while.
  await act(async () => {
    tools.jumpTo(0)
    await sleep(300)
  })
  const duringJump = db.requests.length - 1
  // Back to the present.
  await act(async () => {
    tools.jumpTo(undefined)
    await sleep(20)
  })
  expect(screen.queryByRole('alert')).toBeNull()
  expect(await screen.findByText('User 1')).toBeTruthy()
  // At most one new request for the jump (ideally none), and no error.
  expect(duringJump).toBeLessThanOrEqual(1)
  error.mockRestore()
})

function Fetching() {
  guard()
  useFetch(getUser, { id: 1 })
  const user = useCache(getUser, { id: 1 })
  return <h1>{user ? user.name : 'none'}</h1>
}

test('useFetch + useCache: readers follow a jump; no request storm', async () => {
  const { tools, cache, store } = setup()
  mount(store, cache, <Fetching />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  await act(async () => {
    tools.jumpTo(0)
    await sleep(300)
  })
  expect(screen.getByText('none')).toBeTruthy()
  expect(db.requests.length).toBeLessThanOrEqual(2)
  await act(async () => {
    tools.jumpTo(undefined)
  })
  expect(screen.getByText('User 1')).toBeTruthy()
})

test('jump between two versions of a record: readers follow, then the present again', async () => {
  const { tools, cache, store } = setup()
  const controller = cache.controller(store)
  mount(store, cache, <Profile />)
  expect(await screen.findByText('User 1')).toBeTruthy()
  const before = tools.history.length - 1
  db.users.set(1, { id: 1, name: 'Renamed', posts: [] })
  await act(async () => {
    await controller.fetch(getUser, { id: 1 })
  })
  expect(screen.getByText('Renamed')).toBeTruthy()
  await act(async () => tools.jumpTo(before))
  expect(screen.getByText('User 1')).toBeTruthy()
  await act(async () => tools.jumpTo(undefined))
  expect(screen.getByText('Renamed')).toBeTruthy()
})

test('state replaced by a reducer (import/jump action): readers follow, one refetch, no errors', async () => {
  const error = jest.spyOn(console, 'error')
  const cache = createEntityCache({ reducerPath: 'data' })
  const recorded: unknown[] = []
  const base = (state: any, action: any) => ({
    ui: ui.reducer(state?.ui, action),
    data: cache.reducer(state?.data, action),
  })
  const store = configureStore({
    reducer: (state: any, action: any) => {
      const next = action.type === 'devtools/JUMP' ? recorded[action.payload] : base(state, action)
      if (action.type !== 'devtools/JUMP') recorded.push(next)
      return next as ReturnType<typeof base>
    },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  const view = mount(
    store,
    cache,
    <>
      <Profile />
      <Fetching />
    </>,
  )
  expect((await screen.findAllByText('User 1')).length).toBe(2)
  const n = db.requests.length
  await act(async () => {
    store.dispatch({ type: 'devtools/JUMP', payload: 0 })
    await sleep(200)
  })
  expect((await screen.findAllByText('User 1')).length).toBe(2)
  expect(db.requests.length - n).toBeLessThanOrEqual(1)
  expect(screen.queryByRole('alert')).toBeNull()
  expect(error.mock.calls).toEqual([])
  view.unmount()
})
