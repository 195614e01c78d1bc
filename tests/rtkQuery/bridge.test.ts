/**
 * The RTK Query bridge in a real store (createApi + fetchBaseQuery against msw, RTK's dev checks
 * on): results of named endpoints normalized into the cache, records changed from either side
 * patched into every RTK Query entry holding them, deletes removing rows, and replay.
 */
import { Query, createResource, schema } from 'rtk-resources'
import type { UnknownAction } from '@reduxjs/toolkit'
import { recordRequests } from '../mocks/requests'
import { serveHandlers } from '../mocks/server'
import { expectPlain } from '../fixtures/store'
import {
  AuthorResource,
  BLOG,
  Post,
  PostResource,
  blogDb,
  blogHandlers,
  makeBridgedStore,
  resetBlog,
} from '../fixtures/blogApi'
import type { PostRow } from '../fixtures/blogApi'

const server = serveHandlers(...blogHandlers)
const requests = recordRequests(server)
beforeEach(() => {
  resetBlog()
  requests.length = 0
})

const typesOf = (actions: UnknownAction[]) => actions.map((action) => action.type)
const titles = (posts: unknown) => (posts as PostRow[]).map((post) => post.title)

describe('RTK Query results in the cache', () => {
  it('stores each result of a named endpoint with one plain received action', async () => {
    const { api, store, recorded, cache, bridge, expectSilentChecks } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    const received = recorded.filter(cache.actions.received.match)
    expect(received).toHaveLength(1)
    const [action] = received
    expect(action?.payload.key).toBe('api/getPosts(undefined)')
    expect(action?.payload.key).toBe(bridge.key('getPosts'))
    expect(action?.payload.result).toEqual([1, 2, 3])
    expect(Object.keys(action?.payload.entities.Post ?? {})).toEqual(['1', '2', '3'])
    expect(action?.payload.entities.Author?.['1']).toEqual({ id: 1, name: 'Ada' })
    // Plain and replayable: JSON round-trips it, and the state it makes.
    expect(JSON.parse(JSON.stringify(action))).toEqual(action)
    expectPlain(store.getState().data)
    expectSilentChecks()
  })

  it('makes them readable through cache.select, Queries and our endpoints', async () => {
    const { api, store, cache, bridge } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    const posts = bridge.select('getPosts')(store.getState())
    expect(posts?.map((post) => post.title)).toEqual(['Normalize', 'Selectors', 'Compilers'])
    expect(posts?.[0]).toBeInstanceOf(Post)
    expect(posts?.[0]?.author.name).toBe('Ada')
    // Our own endpoint answers from the records RTK Query's list brought (no request).
    expect(cache.select(PostResource.get, { id: 2 })(store.getState())).toBe(posts?.[1])
    // So does a bridged detail RTK Query has not fetched: its argument is the pk.
    expect(bridge.select('getPost', 3)(store.getState())).toBe(posts?.[2])
    const byAuthor = new Query(new schema.All(Post), (all, id: number) =>
      all.filter((post) => post.author.id === id).map((post) => post.title),
    )
    expect(cache.select(byAuthor, 1)(store.getState())).toEqual(['Normalize', 'Selectors'])
    expect(requests).toHaveLength(1)
  })

  it('leaves endpoints it does not name to RTK Query', async () => {
    const { api, store, recorded, cache, entry } = makeBridgedStore()
    const stats = await store.dispatch(api.endpoints.getStats.initiate())
    expect(stats.data).toEqual({ posts: 3 })
    await store.dispatch(api.endpoints.getPosts.initiate())
    const mark = recorded.length
    // A mutation the bridge does not name: its response is not normalized, nothing is patched.
    await store.dispatch(api.endpoints.touchPost.initiate({ id: 1, title: 'Touched' }))
    const after = recorded.slice(mark)
    expect(after.filter(cache.actions.received.match)).toEqual([])
    expect(typesOf(after)).not.toContain('api/queries/queryResultPatched')
    expect(Object.keys(store.getState().data.results)).toEqual(['api/getPosts(undefined)'])
    // Its tags still work: RTK Query refetches the list it invalidated (and the bridge stores it).
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()))
    expect(titles(entry('getPosts', undefined))[0]).toBe('Touched')
  })
})

describe('every view agrees', () => {
  it('an RTK Query mutation updates the list and the detail without a request', async () => {
    const harness = makeBridgedStore()
    const { api, store, recorded, entry, expectSilentChecks } = harness
    await store.dispatch(api.endpoints.getPosts.initiate())
    await store.dispatch(api.endpoints.getPost.initiate(1))
    requests.length = 0
    const before = entry('getPosts', undefined) as PostRow[]
    const mark = recorded.length
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 1, title: 'Renamed' }))
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`PATCH ${BLOG}/posts/1`])
    const after = entry('getPosts', undefined) as PostRow[]
    expect(titles(after)).toEqual(['Renamed', 'Selectors', 'Compilers'])
    expect((entry('getPost', 1) as PostRow).title).toBe('Renamed')
    // Structural sharing: rows that did not change are the same objects.
    expect(after[1]).toBe(before[1])
    expect(after[0]?.author).toBe(before[0]?.author)
    // One received for the mutation, then one patch per entry holding the post (no loop).
    expect(typesOf(recorded.slice(mark)).filter((t) => !t.includes('updateProvidedBy'))).toEqual([
      'api/executeMutation/pending',
      'api/executeMutation/fulfilled',
      'data/received',
      'api/queries/queryResultPatched',
      'api/queries/queryResultPatched',
    ])
    expectSilentChecks()
  })

  it('a createResource PATCH updates the RTK Query list', async () => {
    const { api, store, controller, entry, expectSilentChecks } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    requests.length = 0
    const post = await controller.fetch(PostResource.partialUpdate, { id: 2 }, { title: 'Memo' })
    expect(post.title).toBe('Memo')
    expect(titles(entry('getPosts', undefined))).toEqual(['Normalize', 'Memo', 'Compilers'])
    expect(requests).toHaveLength(1)
    expectSilentChecks()
  })

  it('a nested record changed elsewhere is patched where each entry holds it', async () => {
    const { api, store, controller, entry } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    await store.dispatch(api.endpoints.getPost.initiate(2))
    await store.dispatch(api.endpoints.getPosts.initiate({ author: 2 }))
    await controller.fetch(AuthorResource.partialUpdate, { id: 1 }, { name: 'Ada L.' })
    const authors = (entry('getPosts', undefined) as PostRow[]).map((p) => p.author.name)
    expect(authors).toEqual(['Ada L.', 'Ada L.', 'Grace'])
    expect((entry('getPost', 2) as PostRow).author.name).toBe('Ada L.')
    // An entry that does not hold the author is not touched.
    expect((entry('getPosts', { author: 2 }) as PostRow[])[0]?.author.name).toBe('Grace')
  })

  it('a record now pointing at another entity shows that entity, as the server shapes it', async () => {
    const { api, store, controller, entry } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    await store.dispatch(api.endpoints.getPost.initiate(1))
    const before = entry('getPosts', undefined) as PostRow[]
    // Our PATCH moves post 1 to Grace: its response inlines the new author.
    await controller.fetch(PostResource.partialUpdate, { id: 1 }, { authorId: 2 } as never)
    const after = entry('getPosts', undefined) as PostRow[]
    expect(after.map((post) => post.author)).toEqual([
      { id: 2, name: 'Grace' },
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
    ])
    expect((entry('getPost', 1) as PostRow).author).toEqual({ id: 2, name: 'Grace' })
    expect(after[1]).toBe(before[1])
    // The rebuilt member is indexed: a later change of Grace reaches it.
    await controller.fetch(AuthorResource.partialUpdate, { id: 2 }, { name: 'Grace H.' })
    expect((entry('getPost', 1) as PostRow).author.name).toBe('Grace H.')
  })

  it('setResponse and a later RTK Query result both reach every view', async () => {
    const { api, store, controller, entry, bridge } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    controller.setResponse(
      PostResource.get,
      { id: 3 },
      {
        id: 3,
        title: 'Set by hand',
        body: 'b',
        author: { id: 2, name: 'Grace' },
      },
    )
    expect(titles(entry('getPosts', undefined))[2]).toBe('Set by hand')
    // A detail fetched by RTK Query later brings the server's data to the list as well.
    await store.dispatch(api.endpoints.getPost.initiate(3))
    expect(titles(entry('getPosts', undefined))[2]).toBe('Compilers')
    expect(bridge.select('getPosts')(store.getState())?.[2]?.title).toBe('Compilers')
  })

  it('the record a view shows is the merged record: fields from a detail reach the list', async () => {
    const { api, store, entry } = makeBridgedStore()
    server.use(
      // A summary list (no body) beside the detail.
      ...[
        (await import('msw')).http.get(`${BLOG}/posts`, () =>
          Response.json([{ id: 1, title: 'Normalize', author: { id: 1, name: 'Ada' } }]),
        ),
      ],
    )
    await store.dispatch(api.endpoints.getPosts.initiate())
    expect(entry('getPosts', undefined)).toEqual([
      { id: 1, title: 'Normalize', author: { id: 1, name: 'Ada' } },
    ])
    await store.dispatch(api.endpoints.getPost.initiate(1))
    expect((entry('getPosts', undefined) as PostRow[])[0]?.body).toBe('One copy per record.')
  })
})

describe('ordering', () => {
  it('an RTK Query response to an older request does not bring old data back to any view', async () => {
    const { http, HttpResponse } = await import('msw')
    const { api, store, controller, entry, bridge } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    // The detail's request starts now and reads the server now, but answers late.
    let answer!: () => void
    const late = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get(`${BLOG}/posts/:id`, async () => {
        const old = { id: 1, title: 'Normalize', body: 'b', author: { id: 1, name: 'Ada' } }
        await late
        return HttpResponse.json(old)
      }),
    )
    const detail = store.dispatch(api.endpoints.getPost.initiate(1))
    await new Promise((resolve) => setTimeout(resolve, 5))
    await controller.fetch(PostResource.partialUpdate, { id: 1 }, { title: 'Newer' })
    answer()
    await detail
    // RTK Query stored the late response, the cache kept the newer record, and the bridge
    // patched the detail back to it.
    expect((entry('getPost', 1) as PostRow).title).toBe('Newer')
    expect(titles(entry('getPosts', undefined))[0]).toBe('Newer')
    expect(bridge.select('getPost', 1)(store.getState())?.title).toBe('Newer')
  })

  it('a read of ours started in the same millisecond after an RTK Query read is ordered after it', async () => {
    const { http, HttpResponse } = await import('msw')
    const { api, store, controller, cache } = makeBridgedStore()
    let calls = 0
    let answer!: () => void
    const late = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get(`${BLOG}/posts/:id`, async () => {
        calls += 1
        const title = calls === 1 ? 'Old' : 'New'
        if (calls === 1) await late
        return HttpResponse.json({ id: 1, title, body: 'b', author: { id: 1, name: 'Ada' } })
      }),
    )
    const now = Date.now()
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now)
    try {
      const detail = store.dispatch(api.endpoints.getPost.initiate(1))
      await new Promise((resolve) => setTimeout(resolve, 5))
      await controller.fetch(PostResource.get, { id: 1 })
      answer()
      await detail
    } finally {
      clock.mockRestore()
    }
    // Same millisecond, but RTK Query's request started first: its late answer is older.
    expect(cache.selectEntity(Post, 1)(store.getState())?.title).toBe('New')
  })
})

describe('races with deletes and garbage collection', () => {
  /** Holds the server's answers to GET /posts (read at request time) until the returned call. */
  const holdList = async () => {
    const { http, HttpResponse } = await import('msw')
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    server.use(
      http.get(`${BLOG}/posts`, async () => {
        const rows = blogDb.posts.map((p) => ({
          ...p,
          author: blogDb.authors.find((a) => a.id === p.authorId),
        }))
        await gate
        return HttpResponse.json(rows)
      }),
    )
    return open
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

  it('a list refetch started before a delete and answered after it does not bring the row back', async () => {
    const { api, store, controller, entry, bridge, expectSilentChecks } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    const open = await holdList()
    const refetch = store.dispatch(
      api.endpoints.getPosts.initiate(undefined, { forceRefetch: true }),
    )
    await tick()
    await controller.fetch(PostResource.delete, { id: 1 })
    expect(titles(entry('getPosts', undefined))).toEqual(['Selectors', 'Compilers'])
    open()
    await refetch
    // The cache keeps the delete, and the entry RTK Query just filled is made to agree.
    expect(
      bridge
        .select('getPosts')(store.getState())
        ?.map((p) => p.id),
    ).toEqual([2, 3])
    expect(titles(entry('getPosts', undefined))).toEqual(['Selectors', 'Compilers'])
    expectSilentChecks()
  })

  it('a sweep keeps the tombstone while an RTK Query request older than the delete is in flight', async () => {
    const { api, store, controller, cache, bridge } = makeBridgedStore({ keepUnusedDataFor: 0 })
    const open = await holdList()
    const list = store.dispatch(api.endpoints.getPosts.initiate())
    await tick()
    await controller.fetch(PostResource.delete, { id: 1 })
    const payload = controller.collectGarbage({ now: Date.now() + 3_600_000 })
    expect(payload.entities.Post ?? []).not.toContain('1')
    open()
    await list
    expect(cache.select(PostResource.get, { id: 1 })(store.getState())).toBeUndefined()
    expect(
      bridge
        .select('getPosts')(store.getState())
        ?.map((p) => p.id),
    ).toEqual([2, 3])
    // Once it landed, nothing older is in flight: the next sweep may take the tombstone.
    list.unsubscribe()
    await tick()
    const after = controller.collectGarbage({ now: Date.now() + 3_600_000 })
    expect(after.entities.Post).toContain('1')
  })
})

describe('times', () => {
  it("orders a result by its request's start, from RTK Query's actions", async () => {
    const { api, store, recorded, cache } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPost.initiate(1))
    const pending = recorded.find((a) => a.type === 'api/executeQuery/pending')
    const fulfilled = recorded.find(api.endpoints.getPost.matchFulfilled)
    const [received] = recorded.filter(cache.actions.received.match)
    const started = (pending?.meta as { startedTimeStamp: number }).startedTimeStamp
    expect(received?.payload.times.fetchedAt).toBe(started)
    expect(received?.payload.times.date).toBe(fulfilled?.meta.fulfilledTimeStamp)
  })

  it('takes the start from the pending action when the fulfilled one has none (RTK < 2.14)', () => {
    const { api, store, recorded, cache } = makeBridgedStore()
    const arg = {
      type: 'query',
      endpointName: 'getPost',
      originalArgs: 2,
      queryCacheKey: 'getPost(2)',
    }
    const meta = { arg, requestId: 'r1' }
    store.dispatch({
      type: 'api/executeQuery/pending',
      meta: { ...meta, requestStatus: 'pending', startedTimeStamp: 1_000 },
    })
    const row: PostRow = { id: 2, title: 'Old RTK', body: '', author: { id: 1, name: 'Ada' } }
    store.dispatch({
      type: 'api/executeQuery/fulfilled',
      payload: row,
      meta: { ...meta, requestStatus: 'fulfilled', fulfilledTimeStamp: 2_000 },
    })
    const [received] = recorded.filter(cache.actions.received.match)
    expect(received?.payload.times).toMatchObject({ fetchedAt: 1_000, date: 2_000 })
    expect(api.endpoints.getPost.select(2)(store.getState()).data?.title).toBe('Old RTK')
  })
})

describe('deletes', () => {
  it('an RTK Query delete removes the row from every list that holds it', async () => {
    const { api, store, entry, cache, expectSilentChecks } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    await store.dispatch(api.endpoints.getPosts.initiate({ author: 1 }))
    await store.dispatch(api.endpoints.getPost.initiate(2))
    requests.length = 0
    await store.dispatch(api.endpoints.deletePost.initiate(2))
    expect(requests).toHaveLength(1)
    expect(titles(entry('getPosts', undefined))).toEqual(['Normalize', 'Compilers'])
    expect(titles(entry('getPosts', { author: 1 }))).toEqual(['Normalize'])
    // The detail entry is the record itself: RTK Query keeps its last data (see the docs).
    expect((entry('getPost', 2) as PostRow).title).toBe('Selectors')
    // The cache reads it as deleted.
    expect(cache.select(PostResource.get, { id: 2 })(store.getState())).toBeUndefined()
    expectSilentChecks()
  })

  it('a delete answering without the pk ({ success: true }) names the post by its argument', async () => {
    const { http, HttpResponse } = await import('msw')
    server.use(http.delete(`${BLOG}/posts/:id`, () => HttpResponse.json({ success: true })))
    const { api, store, entry, recorded, cache } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    await store.dispatch(api.endpoints.deletePost.initiate(3))
    expect(titles(entry('getPosts', undefined))).toEqual(['Normalize', 'Selectors'])
    expect(recorded.filter(cache.actions.failed.match)).toEqual([])
  })

  it('a createResource delete removes the row from the RTK Query list', async () => {
    const { api, store, controller, entry } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    await controller.fetch(PostResource.delete, { id: 1 })
    expect(titles(entry('getPosts', undefined))).toEqual(['Selectors', 'Compilers'])
  })

  it("keeps RTK Query's tags in step with the rows (providesTags runs on the patched data)", async () => {
    const { api, store } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    await store.dispatch(api.endpoints.deletePost.initiate(3))
    const tagged = api.util.selectInvalidatedBy(store.getState(), [{ type: 'Post', id: 3 }])
    expect(tagged).toEqual([])
    const stillTagged = api.util.selectInvalidatedBy(store.getState(), [{ type: 'Post', id: 1 }])
    expect(stillTagged.map((e) => e.endpointName)).toEqual(['getPosts'])
  })
})

describe('optimistic writes of our endpoints', () => {
  const OptimisticPosts = createResource({
    urlPrefix: BLOG,
    path: '/posts/:id',
    schema: Post,
    optimistic: true,
  })

  it('show in RTK Query entries at once, and roll back there when the request fails', async () => {
    const { api, store, controller, entry } = makeBridgedStore()
    await store.dispatch(api.endpoints.getPosts.initiate())
    const { http, HttpResponse } = await import('msw')
    let answer!: () => void
    server.use(
      http.patch(`${BLOG}/posts/:id`, async () => {
        await new Promise<void>((resolve) => (answer = resolve))
        return HttpResponse.json({ message: 'no' }, { status: 500 })
      }),
    )
    const pending = controller.fetch(OptimisticPosts.partialUpdate, { id: 1 }, { title: 'Soon' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(titles(entry('getPosts', undefined))[0]).toBe('Soon')
    answer()
    await expect(pending).rejects.toMatchObject({ status: 500 })
    expect(titles(entry('getPosts', undefined))[0]).toBe('Normalize')
  })
})

describe('replay', () => {
  it('replaying the recorded actions rebuilds both slices exactly', async () => {
    const harness = makeBridgedStore()
    const { api, store, controller, replay, replayThroughStore } = harness
    await store.dispatch(api.endpoints.getPosts.initiate())
    await store.dispatch(api.endpoints.getPosts.initiate({ author: 1 }))
    await store.dispatch(api.endpoints.getPost.initiate(1))
    await store.dispatch(api.endpoints.updatePost.initiate({ id: 1, title: 'Renamed' }))
    await controller.fetch(AuthorResource.partialUpdate, { id: 1 }, { name: 'Ada L.' })
    await controller.fetch(PostResource.partialUpdate, { id: 1 }, { authorId: 2 } as never)
    await store.dispatch(api.endpoints.deletePost.initiate(2))
    await controller.fetch(PostResource.delete, { id: 3 })
    const state = store.getState()
    expect(state.api.queries['getPosts(undefined)']?.data).toEqual([
      { id: 1, title: 'Renamed', body: 'One copy per record.', author: { id: 2, name: 'Grace' } },
    ])

    // Through the reducers alone (DevTools time travel, persistence): no middleware runs.
    const replayed = replay()
    expect(replayed.api).toEqual(state.api)
    expect(replayed.data).toEqual(state.data)

    // Through a fresh store with the same middleware: the bridge derives the same actions
    // again, which change nothing (same times, replace-only patches).
    const fresh = replayThroughStore()
    expect(fresh.getState().api.queries).toEqual(state.api.queries)
    expect(fresh.getState().api.provided).toEqual(state.api.provided)
    expect(fresh.getState().data).toEqual(state.data)
  })
})
