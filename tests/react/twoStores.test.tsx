/**
 * Two Providers on one page, each with its own store, sharing one cache: a write in one store
 * re-renders only what it changed there, and never the other store's rows.
 */
import { configureStore } from '@reduxjs/toolkit'
import { act, render, screen } from '@testing-library/react'
import { Suspense, memo } from 'react'
import { Provider } from 'react-redux'
import { createEntityCache } from 'rtk-resources'
import { EntityCacheProvider, useSuspense } from 'rtk-resources/react'
import type { User } from '../fixtures/entities'
import { serveHandlers } from '../mocks/server'
import { apiHandlers, getUser, getUsers, seedUsers } from './api'

serveHandlers(...apiHandlers)
beforeEach(() => seedUsers(20))

test('a write in one store re-renders its changed row only; the other page keeps every row', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const makeStore = () =>
    configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
  const stores = { left: makeStore(), right: makeStore() }
  const renders = { left: new Map<number, number>(), right: new Map<number, number>() }
  const Row = memo(function Row({ side, user }: { side: 'left' | 'right'; user: User }) {
    renders[side].set(user.id, (renders[side].get(user.id) ?? 0) + 1)
    return <li>{`${side} ${user.name}`}</li>
  })
  function List({ side }: { side: 'left' | 'right' }) {
    const users = useSuspense(getUsers)
    return (
      <ul>
        {users.map((user) => (
          <Row key={user.id} side={side} user={user} />
        ))}
      </ul>
    )
  }
  const page = (side: 'left' | 'right') => (
    <Provider store={stores[side]}>
      <EntityCacheProvider cache={cache}>
        <Suspense fallback={<p>loading {side}</p>}>
          <List side={side} />
        </Suspense>
      </EntityCacheProvider>
    </Provider>
  )
  render(
    <>
      {page('left')}
      {page('right')}
    </>,
  )
  expect(await screen.findByText('left User 20')).toBeTruthy()
  expect(await screen.findByText('right User 20')).toBeTruthy()
  const once = (side: 'left' | 'right', except?: number) =>
    [...renders[side].entries()].filter(([id, count]) => id !== except && count !== 1)
  expect(once('left')).toEqual([])
  expect(once('right')).toEqual([])

  const write = (side: 'left' | 'right', id: number, name: string) =>
    act(() => {
      cache.controller(stores[side]).setResponse(getUser, { id }, { id, name, posts: [] })
    })
  write('left', 5, 'Renamed left')
  write('right', 6, 'Renamed right')
  write('left', 7, 'Renamed again')
  expect(screen.getByText('left Renamed left')).toBeTruthy()
  expect(screen.getByText('right Renamed right')).toBeTruthy()
  expect(screen.getByText('right User 5')).toBeTruthy()
  expect([renders.left.get(5), renders.left.get(7), renders.right.get(6)]).toEqual([2, 2, 2])
  expect([...renders.left.entries()].filter(([id, n]) => id !== 5 && id !== 7 && n !== 1)).toEqual(
    [],
  )
  expect(once('right', 6)).toEqual([])
})
