/* eslint-disable @typescript-eslint/no-unused-vars -- type tests keep values for their types */
/**
 * Audit: schema types as users compose them (CONTRACT "Schemas and Entity"), read through the
 * cache, plus the RTK Query bridge's schema map typed per endpoint name. A line marked
 * `// DEFECT:` is a check that fails today.
 */
import { configureStore } from '@reduxjs/toolkit'
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query'
import { expectTypeOf } from 'expect-type'
import type { Denormalize } from 'rtk-resources'
import { Endpoint, Entity, Query, createEntityCache, createResource, schema } from 'rtk-resources'

class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
}
class Post extends Entity {
  id = 0
  title = ''
  author = User.fromJS({})
  comments: Comment[] = []
  createdAt = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Post'
  static schema: Record<string, unknown> = { author: User, createdAt: Date }
}
class Comment extends Entity {
  id = ''
  body = ''
  pk() {
    return this.id
  }
  static key = 'Comment'
}
Post.schema = { ...Post.schema, comments: [Comment] }

// Summary and detail share a key: each reads as its own class.
class PostSummary extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Post'
}

const cache = createEntityCache()
const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (gDM) => gDM().concat(cache.middleware),
})
const controller = cache.controller(store)
const state = store.getState()

// fromJS, merge, validate, process are statics with the documented shapes.
expectTypeOf(User.fromJS({ id: 1 })).toEqualTypeOf<User>()
expectTypeOf(Post.fromJS()).toEqualTypeOf<Post>()
// data-client types fromJS's props as Partial<AbstractInstanceType<T>>: a wrong field type or a
// typo is an error there.
// DEFECT: Entity.fromJS accepts any Record<string, unknown>: User.fromJS({ id: 'not a number' }) compiles
// @ts-expect-error fromJS takes the class's fields
User.fromJS({ id: 'not a number' })
expectTypeOf(User.key).toEqualTypeOf<string>()
class Validated extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'Validated'
  static validate(processed: Record<string, unknown>) {
    return 'id' in processed ? undefined : 'no id'
  }
}
void Validated

// Denormalize of the compositions.
expectTypeOf<Denormalize<[typeof Post]>>().toEqualTypeOf<Post[]>()
expectTypeOf<Denormalize<{ post: typeof Post; users: (typeof User)[] }>>().toEqualTypeOf<{
  post: Post
  users: User[]
}>()
const all = new schema.All(Post)
expectTypeOf<Denormalize<typeof all>>().toEqualTypeOf<Post[]>()
const values = new schema.Values(Post)
expectTypeOf<Denormalize<typeof values>>().toEqualTypeOf<Record<string, Post>>()
const polymorphicAll = new schema.All({ post: Post, user: User }, 'type')
expectTypeOf<Denormalize<typeof polymorphicAll>>().toEqualTypeOf<(Post | User)[]>()
const byFunction = new schema.Union(
  { post: Post, user: User },
  (value: { kind: string }) => value.kind,
)
expectTypeOf<Denormalize<typeof byFunction>>().toEqualTypeOf<Post | User>()
const array = new schema.Array(Post)
expectTypeOf<Denormalize<typeof array>>().toEqualTypeOf<Post[]>()
const object = new schema.Object({ post: Post, count: 0 })
expectTypeOf<Denormalize<typeof object>>().toEqualTypeOf<{ post: Post; count: number }>()
const deleted = new schema.Delete(Post)
// Denormalize of Delete is the entity (or undefined once gone); a delete's call resolves to the
// response instead (tests/types/rest.test-d.ts).
expectTypeOf<Denormalize<typeof deleted>>().toEqualTypeOf<Post | undefined>()
// @ts-expect-error Delete takes an Entity class
new schema.Delete([Post])
// @ts-expect-error Union needs a schema attribute
new schema.Union({ post: Post })
// `define()` on All/Values (cycles) keeps the instance usable.
const defined = new schema.Values(User)
defined.define({ post: Post })

// schema.Entity(class, { key, pk }) on a plain class.
class Book {
  isbn = ''
  title = ''
}
const BookEntity = schema.Entity(Book, { key: 'Book', pk: 'isbn' })
expectTypeOf<Denormalize<typeof BookEntity>>().toMatchTypeOf<Book>()
const getBook = new Endpoint(async ({ isbn }: { isbn: string }) => ({ isbn, title: '' }), {
  schema: BookEntity,
  name: 'getBook',
})
async function books() {
  const book = await controller.fetch(getBook, { isbn: 'x' })
  expectTypeOf(book.title).toEqualTypeOf<string>()
  expectTypeOf(book.pk()).toEqualTypeOf<string | number | undefined>()
}
void books

// Reading through the cache.
const summaries = createResource({ path: '/posts/:id', schema: PostSummary })
const details = createResource({ path: '/posts/:id', schema: Post })
async function reads() {
  expectTypeOf(await controller.fetch(summaries.getList)).toEqualTypeOf<PostSummary[]>()
  expectTypeOf(await controller.fetch(details.get, { id: 1 })).toEqualTypeOf<Post>()
  const post = await controller.fetch(details.get, { id: 1 })
  expectTypeOf(post.comments).toEqualTypeOf<Comment[]>()
  expectTypeOf(post.author.name).toEqualTypeOf<string>()
  // A Query with process, joins and args.
  const titlesBy = new Query(new schema.All(Post), (posts, authorId: number) =>
    posts.filter((p) => p.author.id === authorId).map((p) => p.title),
  )
  expectTypeOf(cache.select(titlesBy, 1)(state)).toEqualTypeOf<string[] | undefined>()
  // @ts-expect-error the query's arg is a number
  cache.select(titlesBy, '1')
  // No process: the schema's type.
  const everyPost = new Query(new schema.All(Post))
  expectTypeOf(cache.select(everyPost)(state)).toEqualTypeOf<Post[] | undefined>()
  expectTypeOf(controller.getResponse(everyPost, state).data).toEqualTypeOf<Post[] | undefined>()
}
void reads

// ---------------------------------------------------------------------------------------------
// The RTK Query bridge, as the CONTRACT writes it.
const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: 'https://example.com' }),
  endpoints: (b) => ({
    getPosts: b.query<Post[], void>({ query: () => '/posts' }),
    updatePost: b.mutation<Post, Partial<Post> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/posts/${id}`, method: 'PATCH', body }),
    }),
    getUser: b.query<{ id: number; name: string }, number>({ query: (id) => `/users/${id}` }),
  }),
})
const bridge = cache.bridgeRtkQuery(api, { getPosts: [Post], updatePost: Post, getUser: User })
configureStore({
  reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
  middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
})
expectTypeOf(bridge.select('getPosts')(state)).toEqualTypeOf<Post[] | undefined>()
expectTypeOf(bridge.select('getUser', 1)(state)).toEqualTypeOf<User | undefined>()
// @ts-expect-error getUser's arg is a number
bridge.select('getUser', 'x')
// @ts-expect-error an endpoint the bridge was not given
bridge.select('nope')
// @ts-expect-error the schema map is checked per endpoint name
cache.bridgeRtkQuery(api, { getPosts: Post })
// @ts-expect-error unknown endpoint name
cache.bridgeRtkQuery(api, { getPost: Post })
