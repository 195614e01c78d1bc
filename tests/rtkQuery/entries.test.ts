/**
 * Which entries a change patches, and where inside them: only the entries holding the record
 * (the index), records inside page objects, inside other entities' lists, and in union lists.
 */
import { configureStore } from '@reduxjs/toolkit'
import type { UnknownAction } from '@reduxjs/toolkit'
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query'
import { http, HttpResponse } from 'msw'
import { Entity, createEntityCache, schema } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'
import { expectPlain } from '../fixtures/store'
import {
  Author,
  BLOG,
  Post,
  PostResource,
  blogHandlers,
  makeBridgedStore,
  resetBlog,
} from '../fixtures/blogApi'
import type { AuthorRow, PostRow } from '../fixtures/blogApi'

const server = serveHandlers(...blogHandlers)
beforeEach(resetBlog)

const patchedKeys = (actions: UnknownAction[]) =>
  actions
    .filter((action) => action.type === 'api/queries/queryResultPatched')
    .map((action) => (action.payload as { queryCacheKey: string }).queryCacheKey)

it('patches only the entries that hold the changed record, among many', async () => {
  const post = (id: number): PostRow => ({
    id,
    title: `Post ${id}`,
    body: '',
    author: { id: 1, name: 'Ada' },
  })
  server.use(
    http.get(`${BLOG}/posts/:id`, ({ params }) => HttpResponse.json(post(Number(params.id)))),
    http.get(`${BLOG}/posts`, () => HttpResponse.json([post(7), post(8)])),
    http.patch(`${BLOG}/posts/:id`, async ({ params, request }) =>
      HttpResponse.json({ ...post(Number(params.id)), ...((await request.json()) as object) }),
    ),
  )
  const { api, store, recorded, controller, entry } = makeBridgedStore()
  await Promise.all(
    Array.from({ length: 200 }, (_, i) => store.dispatch(api.endpoints.getPost.initiate(i + 1))),
  )
  await store.dispatch(api.endpoints.getPosts.initiate())
  const mark = recorded.length
  await controller.fetch(PostResource.partialUpdate, { id: 7 }, { title: 'Seven' })
  expect(patchedKeys(recorded.slice(mark)).sort()).toEqual(['getPost(7)', 'getPosts(undefined)'])
  expect((entry('getPost', 7) as PostRow).title).toBe('Seven')
  expect((entry('getPost', 8) as PostRow).title).toBe('Post 8')
})

describe('records inside other shapes', () => {
  class Comment extends Entity {
    id = 0
    text = ''
    pk() {
      return this.id
    }
    static key = 'Comment'
  }
  class Thread extends Entity {
    id = 0
    title = ''
    comments: Comment[] = []
    pk() {
      return this.id
    }
    static key = 'Thread'
    static schema = { comments: [Comment] }
  }
  interface CommentRow {
    id: number
    text: string
  }
  interface ThreadRow {
    id: number
    title: string
    comments: CommentRow[]
  }
  type FeedItem = (PostRow & { type: 'post' }) | (AuthorRow & { type: 'author' })
  // The union's attribute is a member of its records: the classes declare it (same tables).
  class FeedPost extends Post {
    type = 'post' as const
  }
  class FeedAuthor extends Author {
    type = 'author' as const
  }
  const comments = () => [
    { id: 1, text: 'First' },
    { id: 2, text: 'Second' },
    { id: 3, text: 'Third' },
  ]

  function setup() {
    server.use(
      http.get(`${BLOG}/threads/:id`, ({ params }) =>
        HttpResponse.json({ id: Number(params.id), title: 'Thread', comments: comments() }),
      ),
      http.get(`${BLOG}/page`, () =>
        HttpResponse.json({
          results: [
            { id: 1, title: 'Normalize', body: '', author: { id: 1, name: 'Ada' } },
            { id: 3, title: 'Compilers', body: '', author: { id: 2, name: 'Grace' } },
          ],
          next: 'cursor-2',
        }),
      ),
      http.get(`${BLOG}/feed`, () =>
        HttpResponse.json([
          { type: 'post', id: 1, title: 'Normalize', body: '', author: { id: 1, name: 'Ada' } },
          { type: 'author', id: 2, name: 'Grace' },
        ]),
      ),
      http.patch(`${BLOG}/comments/:id`, async ({ params, request }) =>
        HttpResponse.json({ id: Number(params.id), ...((await request.json()) as object) }),
      ),
      http.delete(`${BLOG}/comments/:id`, () => new HttpResponse(null, { status: 204 })),
    )
    const api = createApi({
      reducerPath: 'api',
      baseQuery: fetchBaseQuery({ baseUrl: BLOG }),
      endpoints: (build) => ({
        getThread: build.query<ThreadRow, number>({ query: (id) => `/threads/${id}` }),
        getPage: build.query<{ results: PostRow[]; next: string | null }, void>({
          query: () => '/page',
        }),
        getFeed: build.query<FeedItem[], void>({ query: () => '/feed' }),
        editComment: build.mutation<CommentRow, CommentRow>({
          query: ({ id, ...body }) => ({ url: `/comments/${id}`, method: 'PATCH', body }),
        }),
        deleteComment: build.mutation<void, number>({
          query: (id) => ({ url: `/comments/${id}`, method: 'DELETE' }),
        }),
      }),
    })
    const cache = createEntityCache({ reducerPath: 'data' })
    const bridge = cache.bridgeRtkQuery(api, {
      getThread: Thread,
      getPage: { results: [Post], next: '' },
      getFeed: [new schema.Union({ post: FeedPost, author: FeedAuthor }, 'type')],
      editComment: Comment,
      deleteComment: new schema.Delete(Comment),
    })
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
    })
    return { api, store, cache, controller: cache.controller(store) }
  }

  it("an entity's own list: items patched, a deleted item removed, the entity kept", async () => {
    const { api, store } = setup()
    await store.dispatch(api.endpoints.getThread.initiate(1))
    await store.dispatch(api.endpoints.getThread.initiate(2))
    await store.dispatch(api.endpoints.editComment.initiate({ id: 2, text: 'Edited' }))
    await store.dispatch(api.endpoints.deleteComment.initiate(1))
    for (const id of [1, 2]) {
      const thread = api.endpoints.getThread.select(id)(store.getState()).data
      expect(thread).toEqual({
        id,
        title: 'Thread',
        comments: [
          { id: 2, text: 'Edited' },
          { id: 3, text: 'Third' },
        ],
      })
    }
    expectPlain(store.getState())
    store.dispatch(api.util.resetApiState())
  })

  it("an entity's own list gains an item another endpoint added, built from its record", async () => {
    const { api, store, controller } = setup()
    await store.dispatch(api.endpoints.getThread.initiate(1))
    const before = api.endpoints.getThread.select(1)(store.getState()).data as ThreadRow
    const { Endpoint } = await import('rtk-resources')
    const addComment = new Endpoint(
      async () => ({
        id: 1,
        title: 'Thread',
        comments: [...comments(), { id: 4, text: 'Fourth' }],
      }),
      { schema: Thread, sideEffect: true, name: 'addComment' },
    )
    await controller.fetch(addComment)
    const after = api.endpoints.getThread.select(1)(store.getState()).data as ThreadRow
    expect(after.comments).toEqual([...comments(), { id: 4, text: 'Fourth' }])
    expect(after.title).toBe(before.title)
    // The new item is indexed like the others.
    await store.dispatch(api.endpoints.editComment.initiate({ id: 4, text: 'Edited 4' }))
    const edited = api.endpoints.getThread.select(1)(store.getState()).data as ThreadRow
    expect(edited.comments[3]).toEqual({ id: 4, text: 'Edited 4' })
    store.dispatch(api.util.resetApiState())
  })

  it('a page object: its results patched and pruned, its other members kept', async () => {
    const { api, store, controller } = setup()
    await store.dispatch(api.endpoints.getPage.initiate())
    await controller.fetch(PostResource.partialUpdate, { id: 3 }, { title: 'Renamed' })
    await controller.fetch(PostResource.delete, { id: 1 })
    expect(api.endpoints.getPage.select()(store.getState()).data).toEqual({
      results: [
        { id: 3, title: 'Renamed', body: 'Nanoseconds.', author: { id: 2, name: 'Grace' } },
      ],
      next: 'cursor-2',
    })
    store.dispatch(api.util.resetApiState())
  })

  it('a union list: each kind patched by its own table', async () => {
    const { api, store, controller } = setup()
    await store.dispatch(api.endpoints.getFeed.initiate())
    const { AuthorResource } = await import('../fixtures/blogApi')
    await controller.fetch(AuthorResource.partialUpdate, { id: 2 }, { name: 'Grace H.' })
    await controller.fetch(PostResource.partialUpdate, { id: 1 }, { title: 'Feed title' })
    const feed = api.endpoints.getFeed.select()(store.getState()).data as FeedItem[]
    expect(feed.map((item) => ('title' in item ? item.title : item.name))).toEqual([
      'Feed title',
      'Grace H.',
    ])
    store.dispatch(api.util.resetApiState())
  })
})

it('an entry merged from several calls (serializeQueryArgs + merge) keeps every page it shows from a sweep', async () => {
  server.use(
    http.get(`${BLOG}/paged`, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'))
      return HttpResponse.json(
        [2 * page - 1, 2 * page].map((id) => ({
          id,
          title: `Post ${id}`,
          body: '',
          author: { id: 1, name: 'Ada' },
        })),
      )
    }),
  )
  const api = createApi({
    reducerPath: 'api',
    baseQuery: fetchBaseQuery({ baseUrl: BLOG }),
    endpoints: (build) => ({
      getPaged: build.query<PostRow[], number>({
        query: (page) => ({ url: '/paged', params: { page } }),
        serializeQueryArgs: ({ endpointName }) => endpointName,
        merge: (current, next) => {
          current.push(...next)
        },
        forceRefetch: ({ currentArg, previousArg }) => currentArg !== previousArg,
      }),
    }),
  })
  const cache = createEntityCache({ reducerPath: 'data' })
  const bridge = cache.bridgeRtkQuery(api, { getPaged: [Post] })
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
  })
  const controller = cache.controller(store)
  const first = store.dispatch(api.endpoints.getPaged.initiate(1))
  await first
  const second = store.dispatch(api.endpoints.getPaged.initiate(2))
  await second
  const shown = () =>
    api.endpoints.getPaged
      .select(2)(store.getState())
      .data?.map((p) => p.id)
  expect(shown()).toEqual([1, 2, 3, 4])
  const later = () => Date.now() + 3_600_000
  // Page 1's result and records are still on screen through the merged entry.
  const sweep = controller.collectGarbage({ now: later() })
  expect(sweep.keys).toEqual([])
  expect(sweep.entities).toEqual({})
  expect(
    bridge
      .select(
        'getPaged',
        1,
      )(store.getState())
      ?.map((p) => p.id),
  ).toEqual([1, 2])
  // When RTK Query drops the entry, every page goes.
  first.unsubscribe()
  second.unsubscribe()
  store.dispatch(api.util.resetApiState())
  const after = controller.collectGarbage({ now: later() })
  expect(after.keys.sort()).toEqual([bridge.key('getPaged', 1), bridge.key('getPaged', 2)].sort())
  expect(after.entities.Post).toEqual(['1', '2', '3', '4'])
})

describe('an entry whose data one call replaced keeps only that call from a sweep', () => {
  class Point extends Entity {
    id = ''
    value = 0
    pk() {
      return this.id
    }
    static key = 'Point'
  }
  interface PointRow {
    id: string
    value: number
  }
  type PointsArg = { series: string; until: number }
  /** The five minutes up to `until`, one point a minute. */
  const pointsUntil = (until: number): PointRow[] =>
    [4, 3, 2, 1, 0].map((m) => ({ id: `cpu-${until - m}`, value: until - m }))
  const later = () => Date.now() + 3_600_000

  beforeEach(() => {
    server.use(
      http.get(`${BLOG}/points`, ({ request }) =>
        HttpResponse.json(pointsUntil(Number(new URL(request.url).searchParams.get('until')))),
      ),
    )
  })

  /** A chart's query: one entry per series (`until` left out of it), refetched when it moves. */
  const makeChart = () => {
    const api = createApi({
      reducerPath: 'api',
      baseQuery: fetchBaseQuery({ baseUrl: BLOG }),
      endpoints: (build) => ({
        getPoints: build.query<PointRow[], PointsArg>({
          query: ({ series, until }) => ({ url: '/points', params: { series, until } }),
          // The entry holds the response as transformed, not as received.
          transformResponse: (rows: PointRow[]) => [...rows].reverse(),
          serializeQueryArgs: ({ queryArgs }) => queryArgs.series,
          forceRefetch: ({ currentArg, previousArg }) => currentArg?.until !== previousArg?.until,
        }),
      }),
    })
    const cache = createEntityCache({ reducerPath: 'data' })
    const bridge = cache.bridgeRtkQuery(api, { getPoints: [Point] })
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
    })
    const shown = () => (store.getState().api.queries.cpu?.data as PointRow[]).map((p) => p.id)
    return { api, bridge, store, shown, controller: cache.controller(store) }
  }

  it('a chart refreshed every minute (serializeQueryArgs + forceRefetch): only the newest call stays', async () => {
    const { api, bridge, store, shown, controller } = makeChart()
    const minutes = 30
    // The chart stays mounted and asks for the newest minute each minute (what its hook does
    // when its arg changes: subscribe with the new, drop the old).
    let current: { unsubscribe(): void } | undefined
    for (let minute = 1; minute <= minutes; minute++) {
      const request = store.dispatch(
        api.endpoints.getPoints.initiate({ series: 'cpu', until: minute }),
      )
      await request
      current?.unsubscribe()
      current = request
      if (minute % 10 === 0) controller.collectGarbage({ now: later() })
    }
    expect(Object.keys(store.getState().api.queries)).toEqual(['cpu'])
    expect(shown()).toEqual(['cpu-30', 'cpu-29', 'cpu-28', 'cpu-27', 'cpu-26'])
    controller.collectGarbage({ now: later() })
    // What the entry shows, and nothing of the 29 calls it no longer shows.
    const newest = bridge.key('getPoints', { series: 'cpu', until: minutes })
    expect(Object.keys(store.getState().data.results)).toEqual([newest])
    expect(Object.keys(store.getState().data.entities.Point ?? {}).sort()).toEqual(
      ['cpu-26', 'cpu-27', 'cpu-28', 'cpu-29', 'cpu-30'].sort(),
    )
    current?.unsubscribe()
    store.dispatch(api.util.resetApiState())
  })

  it('upserts that replaced the entry let the earlier calls go', async () => {
    const { api, bridge, store, shown, controller } = makeChart()
    const key = (until: number) => bridge.key('getPoints', { series: 'cpu', until })
    const request = store.dispatch(api.endpoints.getPoints.initiate({ series: 'cpu', until: 1 }))
    await request
    store.dispatch(
      api.util.upsertQueryEntries([
        { endpointName: 'getPoints', arg: { series: 'cpu', until: 9 }, value: pointsUntil(9) },
      ]),
    )
    expect(shown()).toEqual(['cpu-5', 'cpu-6', 'cpu-7', 'cpu-8', 'cpu-9'])
    expect(controller.collectGarbage({ now: later() }).keys).toEqual([key(1)])
    // RTK Query keeps the entry's request id through upsertQueryData: counted by its data.
    await store.dispatch(
      api.util.upsertQueryData('getPoints', { series: 'cpu', until: 12 }, pointsUntil(12)),
    )
    expect(shown()).toEqual(['cpu-8', 'cpu-9', 'cpu-10', 'cpu-11', 'cpu-12'])
    expect(controller.collectGarbage({ now: later() }).keys).toEqual([key(9)])
    expect(Object.keys(store.getState().data.results)).toEqual([key(12)])
    request.unsubscribe()
    store.dispatch(api.util.resetApiState())
  })

  it('a merge that starts the list again on page 1 lets the other pages go', async () => {
    server.use(
      http.get(`${BLOG}/paged`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        return HttpResponse.json(
          [2 * page - 1, 2 * page].map((id) => ({
            id,
            title: `Post ${id}`,
            body: '',
            author: { id: 1, name: 'Ada' },
          })),
        )
      }),
    )
    const api = createApi({
      reducerPath: 'api',
      baseQuery: fetchBaseQuery({ baseUrl: BLOG }),
      endpoints: (build) => ({
        getPaged: build.query<PostRow[], number>({
          query: (page) => ({ url: '/paged', params: { page } }),
          serializeQueryArgs: ({ endpointName }) => endpointName,
          // Infinite scroll that a pull-to-refresh (page 1) starts again.
          merge: (current, next, { arg }) => (arg === 1 ? next : [...current, ...next]),
          forceRefetch: ({ currentArg, previousArg }) => currentArg !== previousArg,
        }),
      }),
    })
    const cache = createEntityCache({ reducerPath: 'data' })
    const bridge = cache.bridgeRtkQuery(api, { getPaged: [Post] })
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
      middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
    })
    const controller = cache.controller(store)
    const requests: Array<{ unsubscribe(): void }> = []
    for (const page of [1, 2, 1]) {
      const request = store.dispatch(api.endpoints.getPaged.initiate(page))
      await request
      requests.push(request)
    }
    const shown = api.endpoints.getPaged
      .select(1)(store.getState())
      .data?.map((p) => p.id)
    expect(shown).toEqual([1, 2])
    const sweep = controller.collectGarbage({ now: later() })
    expect(sweep.keys).toEqual([bridge.key('getPaged', 2)])
    expect(sweep.entities.Post).toEqual(['3', '4'])
    expect(
      bridge
        .select(
          'getPaged',
          1,
        )(store.getState())
        ?.map((p) => p.id),
    ).toEqual([1, 2])
    for (const request of requests) request.unsubscribe()
    store.dispatch(api.util.resetApiState())
  })
})
