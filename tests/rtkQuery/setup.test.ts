/**
 * Bad setups and bad results: a clear, typed error (docs/errors.md) and nothing written.
 */
import { configureStore } from '@reduxjs/toolkit'
import { SetupError, createEntityCache } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'
import { complaints } from '../fixtures/store'
import {
  BLOG,
  Post,
  blogHandlers,
  blogSchemas,
  makeBlogApi,
  makeBridgedStore,
  resetBlog,
} from '../fixtures/blogApi'
import type { PostRow } from '../fixtures/blogApi'

const server = serveHandlers(...blogHandlers)
beforeEach(resetBlog)

describe('cache.bridgeRtkQuery refuses', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const api = makeBlogApi()
  const bridge = (...args: unknown[]) =>
    (cache.bridgeRtkQuery as (...a: unknown[]) => unknown)(...args)

  it('something that is not an RTK Query api', () => {
    for (const notAnApi of [undefined, {}, api.reducer, api.middleware]) {
      expect(() => bridge(notAnApi, {})).toThrow(SetupError)
    }
    expect(() => bridge(api.reducer, {})).toThrow(/needs an RTK Query api \(what createApi/)
    expect(() => bridge({}, {})).toThrow(expect.objectContaining({ code: 'bad-setup' }))
  })

  it('a name the api has no endpoint for, listing the endpoints it has', () => {
    expect(() => bridge(api, { getPost: Post, getPostz: [Post] })).toThrow(
      /has no endpoint "getPostz" \(it has getPosts, getPost, getStats, updatePost, deletePost, touchPost\)/,
    )
  })

  it('a name without a schema', () => {
    expect(() => bridge(api, { getPost: undefined })).toThrow(/endpoint "getPost" has no schema/)
  })
})

it('warns once, in development, when the api reducer is not mounted', async () => {
  const api = makeBlogApi()
  const cache = createEntityCache({ reducerPath: 'data' })
  const bridge = cache.bridgeRtkQuery(api, blogSchemas)
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware, bridge.middleware),
  })
  store.dispatch({ type: 'other' })
  store.dispatch({ type: 'another' })
  const mine = complaints(warn).filter((args) => String(args[0]).includes('no api state'))
  expect(mine).toHaveLength(1)
  expect(String(mine[0]?.[0])).toMatch(/mount api\.reducer under api\.reducerPath/)
  warn.mockRestore()
})

it('a result that does not fit its schema is recorded as failed; RTK Query keeps its entry', async () => {
  const { http, HttpResponse } = await import('msw')
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  const warn = jest.spyOn(console, 'warn')
  server.use(http.get(`${BLOG}/posts`, () => HttpResponse.json([{ title: 'No id' }])))
  const { api, store, cache, bridge, recorded, entry } = makeBridgedStore()
  const result = await store.dispatch(api.endpoints.getPosts.initiate())
  expect(result.data).toEqual([{ title: 'No id' }])
  expect(titles(entry('getPosts', undefined))).toEqual(['No id'])
  expect(recorded.filter(cache.actions.received.match)).toEqual([])
  const failed = recorded.filter(cache.actions.failed.match)
  expect(failed).toHaveLength(1)
  expect(failed[0]?.payload.key).toBe(bridge.key('getPosts'))
  expect(failed[0]?.payload.error).toMatchObject({
    name: 'MissingPrimaryKeyError',
    code: 'missing-pk',
  })
  expect(store.getState().data.entities).toEqual({})
  expect(bridge.select('getPosts')(store.getState())).toBeUndefined()
  const logged = complaints(error)
  expect(logged).toHaveLength(1)
  expect(String(logged[0]?.[0])).toMatch(/result of RTK Query endpoint "getPosts" does not fit/)
  expect(complaints(warn)).toEqual([])
  error.mockRestore()
})

const titles = (posts: unknown) => (posts as PostRow[]).map((post) => post.title)

it('an infinite query named anyway (from JavaScript) is left alone, with a warning that names the fix', async () => {
  const { createApi, fetchBaseQuery } = await import('@reduxjs/toolkit/query')
  const api = createApi({
    reducerPath: 'feedApi',
    baseQuery: fetchBaseQuery({ baseUrl: BLOG }),
    endpoints: (build) => ({
      getFeed: build.infiniteQuery<PostRow[], void, number>({
        query: ({ pageParam }) => ({ url: '/posts', params: { page: pageParam } }),
        infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: () => undefined },
      }),
    }),
  })
  const cache = createEntityCache({ reducerPath: 'data' })
  // The types leave infinite queries out of the names; plain JavaScript can still pass one.
  const bridge = cache.bridgeRtkQuery(api, { getFeed: [Post] } as never)
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
  })
  const result = await store.dispatch(api.endpoints.getFeed.initiate(undefined))
  await store.dispatch(api.endpoints.getFeed.initiate(undefined, { forceRefetch: true }))
  // RTK Query keeps its pages; the cache stores nothing and records no failure.
  expect(result.data?.pages[0]?.length).toBeGreaterThan(0)
  expect(store.getState().data.results).toEqual({})
  expect(complaints(error)).toEqual([])
  const mine = complaints(warn).filter((args) => String(args[0]).includes('getFeed'))
  expect(mine).toHaveLength(1)
  expect(String(mine[0]?.[0])).toMatch(
    /"getFeed" is an infinite query.*Leave "getFeed" out of bridgeRtkQuery's schemas/,
  )
  warn.mockRestore()
  error.mockRestore()
})
