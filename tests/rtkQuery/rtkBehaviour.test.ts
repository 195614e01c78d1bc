/**
 * What RTK Query does on its own keeps working with the bridge installed: tags and refetching,
 * polling, keepUnusedDataFor, resetApiState, upserts and hand-written updateQueryData.
 */
import { recordRequests } from '../mocks/requests'
import { serveHandlers } from '../mocks/server'
import { BLOG, PostResource, blogHandlers, makeBridgedStore, resetBlog } from '../fixtures/blogApi'
import type { PostRow } from '../fixtures/blogApi'

const server = serveHandlers(...blogHandlers)
const requests = recordRequests(server)
beforeEach(() => {
  resetBlog()
  requests.length = 0
})

const titles = (posts: unknown) => (posts as PostRow[]).map((post) => post.title)

/** Resolves once `check` passes (polled every few ms; the test's own timeout bounds it). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

it('tags: a mutation that invalidates refetches, and the refetched result is bridged', async () => {
  const { api, store, recorded, cache, bridge } = makeBridgedStore()
  await store.dispatch(api.endpoints.getPost.initiate(1))
  await store.dispatch(api.endpoints.getStats.initiate())
  requests.length = 0
  await store.dispatch(api.endpoints.touchPost.initiate({ id: 1, title: 'Touched' }))
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()))
  expect(requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
    [`PATCH ${BLOG}/posts/1`, `GET ${BLOG}/posts/1`, `GET ${BLOG}/stats`].sort(),
  )
  const keys = recorded.filter(cache.actions.received.match).map((a) => a.payload.key)
  expect(keys).toEqual([bridge.key('getPost', 1), bridge.key('getPost', 1)])
  expect(bridge.select('getPost', 1)(store.getState())?.title).toBe('Touched')
})

it('refetch() stores the new result and patches the other entries', async () => {
  const { api, store, entry } = makeBridgedStore()
  await store.dispatch(api.endpoints.getPosts.initiate())
  const detail = store.dispatch(api.endpoints.getPost.initiate(1))
  await detail
  const { blogDb } = await import('../fixtures/blogApi')
  ;(blogDb.posts[0] as { title: string }).title = 'Changed on the server'
  await detail.refetch()
  expect((entry('getPost', 1) as PostRow).title).toBe('Changed on the server')
  expect(titles(entry('getPosts', undefined))[0]).toBe('Changed on the server')
  detail.unsubscribe()
})

it('polling: every poll is stored and reaches the other entries', async () => {
  const { api, store, recorded, cache, entry } = makeBridgedStore()
  await store.dispatch(api.endpoints.getPosts.initiate())
  const { blogDb } = await import('../fixtures/blogApi')
  const polled = store.dispatch(
    api.endpoints.getPost.initiate(2, { subscriptionOptions: { pollingInterval: 20 } }),
  )
  await polled
  ;(blogDb.posts[1] as { title: string }).title = 'Polled'
  await until(() => titles(entry('getPosts', undefined))[1] === 'Polled')
  polled.unsubscribe()
  const stored = recorded.filter(cache.actions.received.match)
  expect(stored.filter((a) => a.payload.key === 'api/getPost(2)').length).toBeGreaterThanOrEqual(2)
})

it('keepUnusedDataFor: a removed entry is no longer patched, and the cache may collect its result', async () => {
  const { api, store, controller, recorded, bridge } = makeBridgedStore({
    keepUnusedDataFor: 0.02,
  })
  const list = store.dispatch(api.endpoints.getPosts.initiate())
  await list
  // While RTK Query holds the entry, the cache keeps the call's result (retained).
  const far = { now: Date.now() + 3_600_000, olderThan: 0 }
  expect(controller.collectGarbage(far).keys).toEqual([])
  list.unsubscribe()
  await until(() => store.getState().api.queries['getPosts(undefined)'] === undefined)
  const mark = recorded.length
  await controller.fetch(PostResource.partialUpdate, { id: 1 }, { title: 'After removal' })
  expect(recorded.slice(mark).map((a) => a.type)).not.toContain('api/queries/queryResultPatched')
  expect(controller.collectGarbage(far).keys).toContain(bridge.key('getPosts'))
})

it('resetApiState empties the index: later changes patch nothing', async () => {
  const { api, store, controller, recorded } = makeBridgedStore()
  await store.dispatch(api.endpoints.getPosts.initiate())
  store.dispatch(api.util.resetApiState())
  const mark = recorded.length
  await controller.fetch(PostResource.partialUpdate, { id: 1 }, { title: 'After reset' })
  expect(recorded.slice(mark).map((a) => a.type)).not.toContain('api/queries/queryResultPatched')
  expect(store.getState().api.queries).toEqual({})
})

it('upsertQueryData and upsertQueryEntries of a bridged endpoint are stored like results', async () => {
  const { api, store, entry, bridge } = makeBridgedStore()
  await store.dispatch(api.endpoints.getPosts.initiate())
  const upserted = { id: 1, title: 'Upserted', body: 'b', author: { id: 1, name: 'Ada' } }
  await store.dispatch(api.util.upsertQueryData('getPost', 1, upserted))
  expect(titles(entry('getPosts', undefined))[0]).toBe('Upserted')
  expect(bridge.select('getPost', 1)(store.getState())?.title).toBe('Upserted')
  store.dispatch(
    api.util.upsertQueryEntries([
      { endpointName: 'getPost', arg: 3, value: { ...upserted, id: 3, title: 'Entry' } },
    ]),
  )
  expect(titles(entry('getPosts', undefined))[2]).toBe('Entry')
  expect(requests).toHaveLength(1)
})

it("an app's own updateQueryData stays in its entry, and later patches find the rows where they are", async () => {
  const { api, store, controller, entry } = makeBridgedStore()
  await store.dispatch(api.endpoints.getPosts.initiate())
  // The app drops the first row by hand (RTK Query's usual optimistic pattern).
  store.dispatch(
    api.util.updateQueryData('getPosts', undefined, (draft) => {
      draft.splice(0, 1)
    }),
  )
  expect(titles(entry('getPosts', undefined))).toEqual(['Selectors', 'Compilers'])
  await controller.fetch(PostResource.partialUpdate, { id: 3 }, { title: 'Third' })
  expect(titles(entry('getPosts', undefined))).toEqual(['Selectors', 'Third'])
  await controller.fetch(PostResource.partialUpdate, { id: 1 }, { title: 'First' })
  expect(titles(entry('getPosts', undefined))).toEqual(['Selectors', 'Third'])
})
