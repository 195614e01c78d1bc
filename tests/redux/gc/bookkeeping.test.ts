/**
 * What garbage collection keeps outside the state stays bounded without sweeps (`gcInterval: 0`,
 * the default): a filter box over a Query reads a new key per text typed, for days.
 */
import { Endpoint, Query, createEntityCache, schema } from 'rtk-resources'
import { buildCollector } from '../../../src/redux/gc/collector'
import { internalsOf } from '../../../src/redux/createEntityCache'
import { User } from '../../fixtures/entities'
import { makeStore } from '../../fixtures/store'

const usersNamed = new Query(new schema.All(User), (users, { text }: { text: string }) =>
  users.filter((user) => user.name.includes(text)),
)

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '', posts: [] }), {
  schema: User,
  name: 'bookkeepingUser',
})

test('a key the store does not hold keeps no release time once its reader lets go', () => {
  const { store, cache } = makeStore()
  const runtime = internalsOf(cache).runtimeOf(store)
  const keys: string[] = []
  for (let i = 0; i < 200; i++) {
    const release = cache.retain(store, usersNamed, { text: `user ${i}` })
    keys.push(usersNamed.key({ text: `user ${i}` }))
    release()
  }
  expect(keys.filter((key) => runtime.retained.releasedAt(key) !== undefined)).toEqual([])
})

test('resetEntireStore drops the release times of the keys it emptied', async () => {
  const { store, cache, controller } = makeStore()
  const runtime = internalsOf(cache).runtimeOf(store)
  const keys: string[] = []
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 100; i++) {
      const args = { id: round * 1000 + i }
      controller.setResponse(getUser, args, { id: args.id, name: `user ${i}`, posts: [] })
      cache.retain(store, getUser, args)()
      keys.push(getUser.key(args))
    }
    expect(keys.filter((key) => runtime.retained.releasedAt(key) !== undefined)).toHaveLength(100)
    controller.resetEntireStore()
    expect(keys.filter((key) => runtime.retained.releasedAt(key) !== undefined)).toEqual([])
  }
})

test('the schema memory keeps its most recently used keys, within a bound, without sweeps', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const collector = buildCollector({
    actions: internalsOf(cache).actions,
    selectSlice: internalsOf(cache).selectSlice,
    gcTime: 1_000,
    gcInterval: 0,
    presentRoot: (_runtime, root) => root,
  })
  for (let i = 0; i < 20_000; i++) collector.remember(`text ${i}`, usersNamed.schema)
  expect(collector.schemaCount()).toBeGreaterThanOrEqual(4_096)
  expect(collector.schemaCount()).toBeLessThanOrEqual(4_096 + 1_024)
})
