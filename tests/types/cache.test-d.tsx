import { configureStore } from '@reduxjs/toolkit'
import { expectTypeOf } from 'expect-type'
import { Endpoint, Query, createEntityCache, schema } from 'rtk-resources'
import type { ErrorTypes } from 'rtk-resources'
import { useCache, useDLE, useQuery, useSuspense } from 'rtk-resources/react'
import { Post, User } from '../fixtures/entities'

const cache = createEntityCache({ reducerPath: 'data' })
expectTypeOf(cache.reducerPath).toEqualTypeOf<'data'>()
const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (gDM) => gDM().concat(cache.middleware),
})
const controller = cache.controller(store)

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '' }), {
  schema: User,
})
const getPosts = new Endpoint(async () => [], { schema: { results: [Post], next: '' } })
const getConfig = new Endpoint(async () => ({ theme: 'dark' as const }))
const count = new Query(new schema.All(User), (users) => users.length)
const byId = new Query(User)

async function check() {
  expectTypeOf(await controller.fetch(getUser, { id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(await controller.fetch(getPosts)).toEqualTypeOf<{ results: Post[]; next: string }>()
  expectTypeOf(await controller.fetch(getConfig)).toEqualTypeOf<{ theme: 'dark' }>()
  // @ts-expect-error id is required
  void controller.fetch(getUser, {})
  // @ts-expect-error wrong arg type
  void controller.fetch(getUser, { id: 'x' })
  expectTypeOf(cache.select(getUser, { id: 1 })(store.getState())).toEqualTypeOf<User | undefined>()
  expectTypeOf(cache.select(count)(store.getState())).toEqualTypeOf<number | undefined>()
  expectTypeOf(cache.select(byId, { id: 1 })(store.getState())).toEqualTypeOf<User | undefined>()
  expectTypeOf(controller.getResponse(getUser, { id: 1 }, store.getState()).data).toEqualTypeOf<
    User | undefined
  >()
  // Optional args may be left out before the state (and the response or error).
  const lists = new Endpoint(async (_params?: { page?: number }) => [], {
    schema: [Post],
    name: 'lists',
  })
  expectTypeOf(controller.getResponse(lists, store.getState()).data).toEqualTypeOf<
    Post[] | undefined
  >()
  expectTypeOf(controller.getResponse(lists, { page: 2 }, store.getState()).data).toEqualTypeOf<
    Post[] | undefined
  >()
  expectTypeOf(controller.getError(lists, store.getState())).toEqualTypeOf<ErrorTypes | undefined>()
  controller.setResponse(lists, [])
  controller.setError(lists, new Error('down'))
  // @ts-expect-error a required param cannot be left out
  controller.getResponse(getUser, store.getState())
  // The call state: everything a reader needs, typed from the endpoint.
  expectTypeOf(cache.selectCall(getUser, { id: 1 })(store.getState()).data).toEqualTypeOf<
    User | undefined
  >()
  expectTypeOf(cache.selectCall(getUser, { id: 1 })(store.getState()).error).toEqualTypeOf<
    Error | undefined
  >()
  expectTypeOf(cache.selectEntity(User, 1)(store.getState())).toEqualTypeOf<User | undefined>()
  // `null` in place of the args is no call, as in the hooks and data-client's Controller.
  expectTypeOf(cache.select(getUser, null)(store.getState())).toEqualTypeOf<User | undefined>()
  expectTypeOf(controller.getResponse(getUser, null, store.getState()).data).toEqualTypeOf<
    User | undefined
  >()
  expectTypeOf(controller.getError(getUser, null, store.getState())).toEqualTypeOf<
    ErrorTypes | undefined
  >()
  controller.invalidate(getUser, null)
  controller.subscribe(getUser, null)
  controller.unsubscribe(getUser, null)
  // @ts-expect-error id is required, null or not
  controller.invalidate(getUser, {})
  // @ts-expect-error null is no call only in place of all the args
  cache.select(getUser, null, { id: 1 })
  // Detached methods keep their types.
  const { fetch } = controller
  expectTypeOf(await fetch(getUser, { id: 1 })).toEqualTypeOf<User>()
}

function Hooks() {
  expectTypeOf(useSuspense(getUser, { id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(useSuspense(getUser, null)).toEqualTypeOf<User | undefined>()
  expectTypeOf(useCache(getUser, { id: 1 })).toEqualTypeOf<User | undefined>()
  expectTypeOf(useQuery(count)).toEqualTypeOf<number | undefined>()
  expectTypeOf(useDLE(getUser, { id: 1 }).data).toEqualTypeOf<User | undefined>()
  // @ts-expect-error id is required
  useSuspense(getUser, {})
  return null
}
void check
void Hooks
