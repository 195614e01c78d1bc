import { configureStore } from '@reduxjs/toolkit'
import { expectTypeOf } from 'expect-type'
import { Endpoint, Query, createEntityCache, schema } from 'rtk-resources'
import type { CollectGarbageOptions, CollectedPayload } from 'rtk-resources'
import { User } from '../fixtures/entities'

const cache = createEntityCache({ reducerPath: 'data', gcTime: 60_000, gcInterval: 10_000 })
const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (gDM) => gDM().concat(cache.middleware),
})
const controller = cache.controller(store)
const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '' }), {
  schema: User,
})
const everyone = new Query(new schema.All(User))

expectTypeOf(cache.retain(store, getUser, { id: 1 })).toEqualTypeOf<() => void>()
expectTypeOf(cache.retain(store, everyone)).toEqualTypeOf<() => void>()
// @ts-expect-error id is required
cache.retain(store, getUser, {})
// @ts-expect-error a store is required
cache.retain(getUser, { id: 1 })

expectTypeOf(controller.collectGarbage()).toEqualTypeOf<CollectedPayload>()
expectTypeOf(controller.collectGarbage({ now: 1, olderThan: 2 }).entities).toEqualTypeOf<
  Record<string, string[]>
>()
expectTypeOf<CollectGarbageOptions>().toEqualTypeOf<{ now?: number; olderThan?: number }>()
// @ts-expect-error unknown option
controller.collectGarbage({ after: 1 })
