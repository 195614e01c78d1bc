import { configureStore } from '@reduxjs/toolkit'
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import { createApi as createCoreApi } from '@reduxjs/toolkit/query'
import { expectTypeOf } from 'expect-type'
import { Entity, createEntityCache, schema } from 'rtk-resources'
import type { RtkQueryBridge } from 'rtk-resources'
import { Author, Post } from '../fixtures/blogApi'
import type { PostRow } from '../fixtures/blogApi'

class Comment extends Entity {
  id = ''
  text = ''
  pk() {
    return this.id
  }
  static key = 'Comment'
}
interface CommentRow {
  id: string
  text: string
}
class Stamped extends Entity {
  id = 0
  at = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Stamped'
  static schema = { at: Date }
}

const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: 'https://blog.example.com' }),
  endpoints: (build) => ({
    getPosts: build.query<PostRow[], void>({ query: () => '/posts' }),
    getPost: build.query<PostRow, number>({ query: (id) => `/posts/${id}` }),
    getPage: build.query<{ results: PostRow[]; next: string | null }, { cursor?: string }>({
      query: () => '/page',
    }),
    getComments: build.query<CommentRow[], number>({ query: (id) => `/posts/${id}/comments` }),
    getStamped: build.query<{ id: number; at: string }, void>({ query: () => '/stamped' }),
    updatePost: build.mutation<PostRow, Pick<PostRow, 'id'> & Partial<PostRow>>({
      query: ({ id, ...body }) => ({ url: `/posts/${id}`, method: 'PATCH', body }),
    }),
    deletePost: build.mutation<void, number>({
      query: (id) => ({ url: `/posts/${id}`, method: 'DELETE' }),
    }),
    getFeed: build.infiniteQuery<PostRow[], void, number>({
      query: ({ pageParam }) => `/feed?page=${pageParam}`,
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: (_l, _a, last) => last + 1 },
    }),
  }),
})
const cache = createEntityCache({ reducerPath: 'data' })

// The contract's shape: schemas per endpoint name, the middleware after the others.
const bridge = cache.bridgeRtkQuery(api, {
  getPosts: [Post],
  getPost: Post,
  getPage: { results: [Post], next: '' },
  getComments: [Comment],
  getStamped: Stamped,
  updatePost: Post,
  deletePost: new schema.Delete(Post),
})
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
  middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
})
expectTypeOf(bridge).toMatchTypeOf<RtkQueryBridge>()
expectTypeOf(bridge.api).toEqualTypeOf<typeof api>()

// Reads of bridged calls are the schema's denormalized type.
expectTypeOf(bridge.select('getPosts')(store.getState())).toEqualTypeOf<Post[] | undefined>()
expectTypeOf(bridge.select('getPost', 1)(store.getState())).toEqualTypeOf<Post | undefined>()
expectTypeOf(bridge.select('getPage', {})(store.getState())).toEqualTypeOf<
  { results: Post[]; next: string } | undefined
>()
expectTypeOf(bridge.key('getPost', 1)).toEqualTypeOf<string>()
// @ts-expect-error getPost takes a number
bridge.select('getPost', '1')
// @ts-expect-error getPost needs its argument
bridge.key('getPost')

// The api from '@reduxjs/toolkit/query' (no React hooks) works the same.
const coreApi = createCoreApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://blog.example.com' }),
  endpoints: (build) => ({
    getAuthor: build.query<{ id: number; name: string }, number>({ query: (id) => `/a/${id}` }),
  }),
})
cache.bridgeRtkQuery(coreApi, { getAuthor: Author })

// An unknown endpoint name is a type error.
// @ts-expect-error no endpoint getPostz
cache.bridgeRtkQuery(api, { getPostz: [Post] })
// @ts-expect-error one unknown name among known ones
cache.bridgeRtkQuery(api, { getPosts: [Post], getUser: Author })
// @ts-expect-error an infinite query is not bridged (its data is pages)
cache.bridgeRtkQuery(api, { getFeed: [Post] })

// A schema whose records do not fit the endpoint's result type is a type error.
// @ts-expect-error one Post where the result is a list
cache.bridgeRtkQuery(api, { getPosts: Post })
// @ts-expect-error a list where the result is one post
cache.bridgeRtkQuery(api, { getPost: [Post] })
// @ts-expect-error Author records have no title or body
cache.bridgeRtkQuery(api, { getPosts: [Author] })
// @ts-expect-error Comment ids are strings, Post ids numbers
cache.bridgeRtkQuery(api, { getPost: Comment })
// @ts-expect-error the page's results are posts, not comments
cache.bridgeRtkQuery(api, { getPage: { results: [Comment], next: '' } })
// @ts-expect-error updatePost returns a post
cache.bridgeRtkQuery(api, { updatePost: Comment })
// @ts-expect-error deletePost returns nothing: only schema.Delete fits
cache.bridgeRtkQuery(api, { deletePost: Post })

// Dates are received as strings: a Date member fits a string field.
cache.bridgeRtkQuery(api, { getStamped: Stamped })
// schema.Delete fits any result (the pk may come from the argument).
cache.bridgeRtkQuery(api, { updatePost: new schema.Delete(Post) })
// The contract's shape: the RTK Query types are the Entity classes themselves.
const entityTyped = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://blog.example.com' }),
  endpoints: (b) => ({
    getPosts: b.query<Post[], void>({ query: () => '/posts' }),
    updatePost: b.mutation<Post, Partial<Post> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/posts/${id}`, method: 'PATCH', body }),
    }),
    getStamped: b.query<Stamped, void>({ query: () => '/stamped' }),
    getOptional: b.query<{ id: number; title?: string; extra?: string }, void>({
      query: () => '/optional',
    }),
  }),
})
cache.bridgeRtkQuery(entityTyped, { getPosts: [Post], updatePost: Post, getStamped: Stamped })
// Optional members of the result need not be declared by the Entity.
cache.bridgeRtkQuery(entityTyped, { getOptional: Post })
// @ts-expect-error a list of authors is not a list of posts
cache.bridgeRtkQuery(entityTyped, { getPosts: [Author] })

// Naming no endpoint is allowed (a bridge that does nothing yet).
cache.bridgeRtkQuery(api, {})
// @ts-expect-error the api comes first
cache.bridgeRtkQuery({ getPosts: [Post] })
