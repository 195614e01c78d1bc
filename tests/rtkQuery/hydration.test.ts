/**
 * The RTK Query bridge across server-side rendering: the server's store fetches through RTK
 * Query, the whole state (api slice and cache slice) is sent as JSON, and the browser's store
 * starts from it (`preloadedState`) with the same api, cache and bridge. The hydrated entries are
 * tracked as if the browser had fetched them, and a server clock running ahead does not make
 * what the browser does next count as older.
 */
import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit'
import { combineReducers, configureStore } from '@reduxjs/toolkit'
import { http, HttpResponse } from 'msw'
import { createEntityCache } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'
import {
  BLOG,
  Post,
  PostResource,
  blogDb,
  blogHandlers,
  blogSchemas,
  makeBlogApi,
  resetBlog,
} from '../fixtures/blogApi'
import type { PostRow } from '../fixtures/blogApi'

const server = serveHandlers(...blogHandlers)
beforeEach(() => resetBlog())

/** The app's modules: one api, one cache, one bridge for every store of a process. */
function makeApp() {
  const api = makeBlogApi()
  const cache = createEntityCache({ reducerPath: 'data' })
  const bridge = cache.bridgeRtkQuery(api, blogSchemas)
  const rootReducer = combineReducers({
    [api.reducerPath]: api.reducer,
    [cache.reducerPath]: cache.reducer,
  })
  type Root = ReturnType<typeof rootReducer>
  const makeStore = (preloaded?: Root, root: Reducer<Root> = rootReducer, record?: unknown[]) => {
    const recorder: Middleware = () => (next) => (action) => {
      record?.push(action)
      return next(action)
    }
    const store = configureStore({
      reducer: root,
      middleware: (gDM) =>
        gDM().concat(api.middleware, cache.middleware, bridge.middleware, recorder),
      ...(preloaded ? { preloadedState: preloaded } : {}),
    })
    live.push(() => store.dispatch(api.util.resetApiState()))
    return store
  }
  return { api, cache, bridge, rootReducer, makeStore }
}
const live: Array<() => void> = []
afterEach(() => {
  for (const stop of live.splice(0)) stop()
})

// The browser's modules. The server is another process: its own modules (and clock).
const { api, cache, bridge, rootReducer, makeStore } = makeApp()
type Root = ReturnType<typeof rootReducer>
type Store = ReturnType<typeof makeStore>

/** The server: a store per request, RTK Query fetches the list, the state goes out as JSON. */
async function renderOnServer(clockAhead = 0): Promise<Root> {
  const realNow = Date.now.bind(Date)
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + clockAhead)
  try {
    const server = makeApp()
    const store = server.makeStore()
    await store.dispatch(server.api.endpoints.getPosts.initiate())
    return JSON.parse(JSON.stringify(store.getState())) as Root
  } finally {
    spy.mockRestore()
  }
}

const listTitles = (store: Store) =>
  (api.endpoints.getPosts.select(undefined)(store.getState()).data as PostRow[] | undefined)?.map(
    (post) => post.title,
  )
const cachedTitle = (store: Store, id: number) =>
  cache.selectEntity(Post, id)(store.getState())?.title
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('hydrated RTK Query entries are tracked', () => {
  it('an RTK Query mutation after hydrating is patched into the preloaded list entry', async () => {
    const store = makeStore(await renderOnServer())
    expect(listTitles(store)).toEqual(['Normalize', 'Selectors', 'Compilers'])
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 2, title: 'Renamed' }))
    expect(cachedTitle(store, 2)).toBe('Renamed')
    expect(listTitles(store)).toEqual(['Normalize', 'Renamed', 'Compilers'])
  })

  it('still after another query filled an entry of its own', async () => {
    const store = makeStore(await renderOnServer())
    await store.dispatch(api.endpoints.getPost.initiate(1))
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 2, title: 'Renamed' }))
    expect(listTitles(store)).toEqual(['Normalize', 'Renamed', 'Compilers'])
  })

  it('a write through our endpoints is patched into the preloaded entry', async () => {
    const store = makeStore(await renderOnServer())
    await cache.controller(store).fetch(PostResource.partialUpdate, { id: 3 }, { title: 'Edited' })
    expect(listTitles(store)).toEqual(['Normalize', 'Selectors', 'Edited'])
  })

  it('garbage collection keeps the result of a preloaded entry RTK Query holds', async () => {
    const store = makeStore(await renderOnServer())
    // No action has reached the store yet: the entry is retained from its creation.
    cache.controller(store).collectGarbage({ olderThan: 0, now: Date.now() + 3_600_000 })
    expect(
      bridge
        .select('getPosts')(store.getState())
        ?.map((post) => post.title),
    ).toEqual(['Normalize', 'Selectors', 'Compilers'])
  })

  it('a state swapped in by a root reducer on its own action (HYDRATE) is indexed whole', async () => {
    const hydrating: Reducer<Root> = (state, action) =>
      action.type === 'HYDRATE'
        ? (action as unknown as { payload: Root }).payload
        : rootReducer(state, action)
    const store = makeStore(undefined, hydrating)
    store.dispatch({ type: 'HYDRATE', payload: await renderOnServer() })
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 2, title: 'Renamed' }))
    expect(listTitles(store)).toEqual(['Normalize', 'Renamed', 'Compilers'])
  })

  it('a state swapped in outside any action the bridge sees (replaceReducer) is indexed whole', async () => {
    const store = makeStore()
    const rendered = await renderOnServer()
    // A reducer replaced by one that starts from the server's state: Redux dispatches its
    // REPLACE action to the reducer directly, past every middleware.
    store.replaceReducer((state, action) =>
      action.type.startsWith('@@redux/REPLACE') ? rendered : rootReducer(state, action),
    )
    expect(listTitles(store)).toEqual(['Normalize', 'Selectors', 'Compilers'])
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 2, title: 'Renamed' }))
    expect(listTitles(store)).toEqual(['Normalize', 'Renamed', 'Compilers'])
  })
})

describe('a state rendered by a server whose clock is 60 s ahead', () => {
  const AHEAD = 60_000

  it('a browser mutation through RTK Query is the newest data', async () => {
    const store = makeStore(await renderOnServer(AHEAD))
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 2, title: 'Renamed' }))
    expect(cachedTitle(store, 2)).toBe('Renamed')
    expect(listTitles(store)).toEqual(['Normalize', 'Renamed', 'Compilers'])
  })

  it('an RTK Query refetch updates both the cache and its own entry', async () => {
    const store = makeStore(await renderOnServer(AHEAD))
    blogDb.posts[0]!.title = 'Changed elsewhere'
    await store.dispatch(api.endpoints.getPosts.initiate(undefined, { forceRefetch: true }))
    expect(cachedTitle(store, 1)).toBe('Changed elsewhere')
    expect(listTitles(store)?.[0]).toBe('Changed elsewhere')
    expect(bridge.select('getPosts')(store.getState())?.[0]?.title).toBe('Changed elsewhere')
  })

  it('an upsert is the newest data', async () => {
    const store = makeStore(await renderOnServer(AHEAD))
    const row = {
      ...(api.endpoints.getPosts.select(undefined)(store.getState()).data?.[1] as PostRow),
    }
    store.dispatch(
      api.util.upsertQueryEntries([
        { endpointName: 'getPost', arg: 2, value: { ...row, title: 'Upserted' } },
      ]),
    )
    expect(cachedTitle(store, 2)).toBe('Upserted')
    expect(listTitles(store)?.[1]).toBe('Upserted')
  })

  /**
   * Holds the server's answer to the first GET /posts/:id from now (read when the request
   * arrives) until `open`; later ones answer at once.
   */
  const holdFirstDetail = () => {
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    let calls = 0
    server.use(
      http.get(`${BLOG}/posts/:id`, async ({ params }) => {
        const { authorId, ...post } = blogDb.posts.find((p) => p.id === Number(params.id))!
        const row = { ...post, author: blogDb.authors.find((a) => a.id === authorId) }
        calls += 1
        if (calls === 1) await gate
        return HttpResponse.json(row)
      }),
    )
    return open
  }

  it('a read of ours started while an RTK Query read is in flight is ordered after it', async () => {
    const store = makeStore(await renderOnServer(AHEAD))
    const open = holdFirstDetail()
    const detail = store.dispatch(api.endpoints.getPost.initiate(1))
    await tick()
    blogDb.posts[0]!.title = 'Changed elsewhere'
    await cache.controller(store).fetch(PostResource.get, { id: 1 })
    expect(cachedTitle(store, 1)).toBe('Changed elsewhere')
    open()
    await detail
    // RTK Query's read started first: its late answer (the old title) is older data.
    expect(cachedTitle(store, 1)).toBe('Changed elsewhere')
    expect(listTitles(store)?.[0]).toBe('Changed elsewhere')
  })

  it('a reset after an RTK Query request started drops its response', async () => {
    const store = makeStore(await renderOnServer(AHEAD))
    const open = holdFirstDetail()
    const detail = store.dispatch(api.endpoints.getPost.initiate(1))
    await tick()
    cache.controller(store).resetEntireStore()
    open()
    await detail
    expect(cachedTitle(store, 1)).toBeUndefined()
  })

  it('replaying the recorded actions from the same state rebuilds the same cache', async () => {
    const rendered = await renderOnServer(AHEAD)
    const recorded: UnknownAction[] = []
    const store = makeStore(rendered, rootReducer, recorded)
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 2, title: 'Renamed' }))
    blogDb.posts[0]!.title = 'Changed elsewhere'
    await store.dispatch(api.endpoints.getPosts.initiate(undefined, { forceRefetch: true }))
    // Through the reducers alone: the bridge's actions carry the stamps.
    expect(recorded.reduce(rootReducer, rendered).data).toEqual(store.getState().data)
    // Through a fresh store with the same middleware: the bridge stamps them again, the same.
    const fresh = makeStore(rendered)
    for (const action of recorded) fresh.dispatch(action)
    expect(fresh.getState().data).toEqual(store.getState().data)
    expect(fresh.getState().api.queries).toEqual(store.getState().api.queries)
  })
})
