/**
 * While Redux DevTools shows an earlier state, `getState()` answers that state, and an action
 * dispatched meanwhile is computed on the latest one. Writes are built on the store's present
 * (the slice the reducer last made), so a late response, a page or a sweep never writes the
 * past over the present. A store that moves back by itself (an undo restoring a saved state)
 * is its own present.
 */
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit'
import type { Reducer, UnknownAction } from '@reduxjs/toolkit'
import { Endpoint, Entity, createEntityCache } from 'rtk-resources'
import { devToolsEnhancer } from '../fixtures/devTools'
import type { DevTools } from '../fixtures/devTools'

class Item extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'PresentItem'
}
const getItem = new Endpoint(async ({ id }: { id: number }) => ({ id, name: 'first' }), {
  schema: Item,
  name: 'item',
})

/** A list endpoint whose answer the test gives, when it wants. */
function slowList(name: string) {
  let answer!: (rows: Array<{ id: number; name: string }>) => void
  const endpoint = new Endpoint(
    () => new Promise<Array<{ id: number; name: string }>>((resolve) => (answer = resolve)),
    { schema: [Item], name },
  )
  return { endpoint, answer: (rows: Array<{ id: number; name: string }>) => answer(rows) }
}

function withDevTools() {
  const tools: DevTools = { history: [], jumpTo: () => {} }
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    enhancers: (gDE) => gDE().concat(devToolsEnhancer(tools)),
    devTools: false,
  })
  return { tools, cache, store, controller: cache.controller(store) }
}

const nameOf = (item: Item | undefined) => item?.name

test('a response landing while DevTools shows an earlier state does not write the past over newer data', async () => {
  const { tools, cache, store, controller } = withDevTools()
  await controller.fetch(getItem, { id: 1 })
  const earlier = tools.history.length - 1
  const list = slowList('slowList')
  const slow = controller.fetch(list.endpoint) // started before the write below
  await Promise.resolve()
  controller.setResponse(getItem, { id: 1 }, { id: 1, name: 'newer' })
  tools.jumpTo(earlier)
  list.answer([
    { id: 1, name: 'older' },
    { id: 2, name: 'two' },
  ])
  const resolved = await slow
  // fetch resolves to the present: the newer record, and the new one.
  expect(resolved.map(nameOf)).toEqual(['newer', 'two'])
  // The view did not move; the present holds both writes.
  expect(nameOf(cache.select(getItem, { id: 1 })(store.getState()))).toBe('first')
  tools.jumpTo(undefined)
  expect(nameOf(cache.select(getItem, { id: 1 })(store.getState()))).toBe('newer')
  expect(cache.select(list.endpoint)(store.getState())?.map(nameOf)).toEqual(['newer', 'two'])
})

test('a sweep while DevTools shows an earlier state keeps what the present still uses', async () => {
  const { tools, cache, store, controller } = withDevTools()
  let rows = [{ id: 1, name: 'one' }]
  const getList = new Endpoint(async () => rows, { schema: [Item], name: 'list' })
  cache.retain(store, getList) // a mounted list view
  await controller.fetch(getList)
  await controller.fetch(getItem, { id: 2 }) // record 2, held only by this call for now
  const earlier = tools.history.length - 1
  rows = [
    { id: 1, name: 'one' },
    { id: 2, name: 'two' },
  ]
  await controller.fetch(getList)
  tools.jumpTo(earlier)
  controller.collectGarbage({ olderThan: 0, now: Date.now() + 1 })
  tools.jumpTo(undefined)
  expect(cache.select(getList)(store.getState())?.map(nameOf)).toEqual(['one', 'two'])
})

test('a store that moves back by itself (an undo restoring a saved state) is its own present', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const combined = combineReducers({ [cache.reducerPath]: cache.reducer })
  const undo: { saved?: ReturnType<typeof combined> } = {}
  const undoable: Reducer<ReturnType<typeof combined>> = (state, action) =>
    action.type === 'undo' && undo.saved ? undo.saved : combined(state, action)
  const store = configureStore({
    reducer: undoable,
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  const controller = cache.controller(store)
  await controller.fetch(getItem, { id: 1 })
  undo.saved = store.getState()
  const list = slowList('slowAfterSave')
  const slow = controller.fetch(list.endpoint) // started after the saved state's write
  await Promise.resolve()
  controller.setResponse(getItem, { id: 1 }, { id: 1, name: 'undone' })
  store.dispatch({ type: 'undo' })
  expect(nameOf(cache.select(getItem, { id: 1 })(store.getState()))).toBe('first')
  list.answer([{ id: 1, name: 'from the list' }])
  await slow
  // Built on the restored state, where the list's answer is the newer one.
  expect(nameOf(cache.select(getItem, { id: 1 })(store.getState()))).toBe('from the list')
})

describe('without DevTools, the present is the state shown', () => {
  it('after an undo written as a cross-slice reducer (the combined reducer runs first)', async () => {
    const cache = createEntityCache({ reducerPath: 'data' })
    const combined = combineReducers({ [cache.reducerPath]: cache.reducer })
    const undo: { saved?: ReturnType<typeof combined> } = {}
    const root: Reducer<ReturnType<typeof combined>> = (state, action) => {
      const next = combined(state, action)
      return action.type === 'undo' && undo.saved ? undo.saved : next
    }
    const store = configureStore({
      reducer: root,
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
    const controller = cache.controller(store)
    await controller.fetch(getItem, { id: 1 })
    undo.saved = store.getState()
    const list = slowList('slowCrossSlice')
    const slow = controller.fetch(list.endpoint)
    await Promise.resolve()
    controller.setResponse(getItem, { id: 1 }, { id: 1, name: 'undone' })
    store.dispatch({ type: 'undo' })
    list.answer([{ id: 1, name: 'from the list' }])
    await slow
    expect(nameOf(cache.select(getItem, { id: 1 })(store.getState()))).toBe('from the list')
  })

  it('after a dispatch that threw in a reducer after the cache’s had run', async () => {
    const cache = createEntityCache({ reducerPath: 'data' })
    const failing = { on: false }
    const strict: Reducer<number> = (state = 0, action: UnknownAction) => {
      if (failing.on && cache.actions.received.match(action)) throw new Error('a reducer bug')
      return state
    }
    const store = configureStore({
      reducer: { [cache.reducerPath]: cache.reducer, strict },
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
    const controller = cache.controller(store)
    await controller.fetch(getItem, { id: 1 })
    const list = slowList('slowAfterThrow')
    const slow = controller.fetch(list.endpoint)
    await Promise.resolve()
    failing.on = true
    expect(() =>
      controller.setResponse(getItem, { id: 1 }, { id: 1, name: 'never stored' }),
    ).toThrow('a reducer bug')
    failing.on = false
    list.answer([{ id: 1, name: 'from the list' }])
    await slow
    expect(nameOf(cache.select(getItem, { id: 1 })(store.getState()))).toBe('from the list')
  })

  it('when another store of the cache, without the middleware, dispatches inside this one’s', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const cache = createEntityCache({ reducerPath: 'data' })
      const a = configureStore({
        reducer: { [cache.reducerPath]: cache.reducer },
        middleware: (gDM) => gDM().concat(cache.middleware),
      })
      const b = configureStore({ reducer: { [cache.reducerPath]: cache.reducer } })
      await cache.controller(a).fetch(getItem, { id: 1 })
      const list = slowList('slowTwoStores')
      const slow = cache.controller(a).fetch(list.endpoint)
      await Promise.resolve()
      const mirror = { once: true }
      a.subscribe(() => {
        if (!mirror.once) return
        mirror.once = false
        cache.controller(b).setResponse(getItem, { id: 1 }, { id: 1, name: 'B only' })
      })
      a.dispatch({ type: 'anything' })
      list.answer([{ id: 1, name: 'from A' }])
      await slow
      expect(nameOf(cache.select(getItem, { id: 1 })(a.getState()))).toBe('from A')
      expect(nameOf(cache.select(getItem, { id: 1 })(b.getState()))).toBe('B only')
    } finally {
      warn.mockRestore()
    }
  })
  /** A partial record of item 1, merged with what the store holds. */
  const getTag = new Endpoint(async ({ id }: { id: number }) => ({ id, tag: 'x' }), {
    schema: Item,
    name: 'tag',
  })
  const fields = (item: Item | undefined) => ({
    name: item?.name,
    tag: (item as { tag?: string })?.tag,
  })

  it('for a subscriber or a listener writing inside a dispatch: the slice just made', async () => {
    const cache = createEntityCache({ reducerPath: 'data' })
    const listener = createListenerMiddleware()
    const store = configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(cache.middleware, listener.middleware),
    })
    const controller = cache.controller(store)
    await controller.fetch(getItem, { id: 1 })
    const once = { subscriber: true, listener: true }
    store.subscribe(() => {
      if (!once.subscriber) return
      once.subscriber = false
      controller.setResponse(getTag, { id: 1 }, { id: 1, tag: 'from a subscriber' })
    })
    controller.setResponse(getItem, { id: 1 }, { id: 1, name: 'second' })
    expect(fields(cache.select(getItem, { id: 1 })(store.getState()))).toEqual({
      name: 'second',
      tag: 'from a subscriber',
    })
    listener.startListening({
      predicate: (action) => cache.actions.received.match(action),
      effect: () => {
        if (!once.listener) return
        once.listener = false
        controller.setResponse(getTag, { id: 1 }, { id: 1, tag: 'from a listener' })
      },
    })
    controller.setResponse(getItem, { id: 1 }, { id: 1, name: 'third' })
    expect(fields(cache.select(getItem, { id: 1 })(store.getState()))).toEqual({
      name: 'third',
      tag: 'from a listener',
    })
  })

  it('after a root reducer kept its state (vetoed an action)', async () => {
    const cache = createEntityCache({ reducerPath: 'data' })
    const combined = combineReducers({ [cache.reducerPath]: cache.reducer })
    const veto = { on: false }
    const root: Reducer<ReturnType<typeof combined>> = (state, action) => {
      const next = combined(state, action)
      return veto.on && state ? state : next
    }
    const store = configureStore({
      reducer: root,
      middleware: (gDM) => gDM().concat(cache.middleware),
    })
    const controller = cache.controller(store)
    await controller.fetch(getItem, { id: 1 })
    veto.on = true
    controller.setResponse(getItem, { id: 1 }, { id: 1, name: 'vetoed' })
    veto.on = false
    controller.setResponse(getTag, { id: 1 }, { id: 1, tag: 'kept' })
    expect(fields(cache.select(getItem, { id: 1 })(store.getState()))).toEqual({
      name: 'first',
      tag: 'kept',
    })
  })
})
