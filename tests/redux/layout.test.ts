/**
 * The storage layout of the slice: readable (`entities[key][pk]`, `meta[key]`) up to 1,024
 * records (always up to 1,000), split in hash buckets of pairs beyond, named in `state.layout`;
 * deterministic under replay. Other formats: layoutUpgrade.test.ts.
 */
import { Endpoint, ExpiryStatus, createEntityCache, fixtureState, schema } from 'rtk-resources'
import type { EntityCacheState } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { expectPlain, makeStore } from '../fixtures/store'
import { PLAIN_META_LIMIT } from '../../src/redux/slice/tables'
import { getUser, getUsers, restoredStore, usersFrom } from '../fixtures/layout'

test('a small cache reads in DevTools as entities[key][pk] and meta[key]', async () => {
  const { store, controller, replay, expectSilentChecks } = makeStore()
  await controller.fetch(getUser, { id: 1 })
  const state = store.getState().data
  expect(state.layout).toEqual({ version: 6, splitTables: [], splitRequests: false })
  expect(state.entities).toEqual({ User: { '1': { id: 1, name: 'user 1' } } })
  expect(state.entitiesMeta.User?.['1']).toMatchObject({ fetchedAt: expect.any(Number) })
  expect(state.results).toEqual({ 'getUser [{"id":1}]': 1 })
  expect(state.meta['getUser [{"id":1}]']).toMatchObject({ expiresAt: expect.any(Number) })
  expectPlain(state)
  expect(replay()).toEqual(store.getState())
  expectSilentChecks()
})

test('references stored as strings (before numbers were kept) read and merge as the same records', () => {
  const { store, controller } = makeStore()
  controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 3))
  const saved = JSON.parse(JSON.stringify(store.getState().data)) as EntityCacheState
  const pageKey = getUsers.key({ page: 1 })
  expect(saved.results[pageKey]).toEqual([1, 2, 3])
  const persisted = { ...saved, results: { ...saved.results, [pageKey]: ['1', '2', '3'] } }

  const cache = createEntityCache({ reducerPath: 'data' })
  const restored = restoredStore(cache, persisted)
  const page1 = cache.select(getUsers, { page: 1 })
  expect(page1(restored.getState())?.map((u) => u.name)).toEqual(['user 1', 'user 2', 'user 3'])
  // A new response names user 2 by the number: one record, one instance, in both lists.
  cache.controller(restored).setResponse(getUsers, { page: 2 }, [{ id: 2, name: 'Bea', posts: [] }])
  const [first, second] = [
    page1(restored.getState()),
    cache.select(getUsers, { page: 2 })(restored.getState()),
  ]
  expect(first?.[1]?.name).toBe('Bea')
  expect(second?.[0]).toBe(first?.[1])
  expect(cache.selectEntity(User, '2')(restored.getState())).toBe(first?.[1])
})

test('a table past 1,024 records is split in buckets, named in the layout; reads do not change', () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 1000))
  expect(store.getState().data.layout.splitTables).toEqual([])
  expect(Object.keys(store.getState().data.entities.User ?? {})).toHaveLength(1000)
  const first = cache.selectEntity(User, 7)(store.getState())
  controller.setResponse(getUsers, { page: 2 }, usersFrom(1001, 100))
  const state = store.getState().data
  expect(state.layout.splitTables).toEqual(['User'])
  // An array: the summary first, then pages of 64 buckets (null: an empty bucket). A bucket is
  // a flat list of pairs [pk, record] and runs [-first, count, record, record, ...] of
  // consecutive integer ids.
  const split = state.entities.User as unknown as Array<unknown>
  expect(Array.isArray(split)).toBe(true)
  // Split when the write passed 1,024 (1,000 held then: 64 buckets, one page). `entries`
  // counts a run as one (below).
  const summary = split[0] as { entries: number }
  expect(summary).toEqual({ size: 1100, buckets: 64, entries: expect.any(Number) })
  expect((state.entitiesMeta.User as unknown as Array<unknown>)[0]).toEqual(summary)
  expect(split).toHaveLength(2)
  const page = split[1] as Array<unknown[] | null>
  expect(page).toHaveLength(64)
  const buckets = page.filter((bucket): bucket is unknown[] => bucket !== null)
  // Ids 1 to 1,100 are 18 blocks of 64 neighbouring ids (0–63, 64–127, …); a block shares a
  // bucket, stored as one run (two blocks that share a bucket and touch make one run): no pk is
  // stored, only two slots a run.
  expect(buckets.length).toBeLessThanOrEqual(18)
  const entries: Array<[number, unknown]> = []
  let runs = 0
  let pairs = 0
  for (const bucket of buckets) {
    for (let i = 0; i < bucket.length;) {
      const head = bucket[i] as number
      if (head < 0) {
        const count = bucket[i + 1] as number
        for (let k = 0; k < count; k++) entries.push([-head + k, bucket[i + 2 + k]])
        i += 2 + count
        runs++
      } else {
        entries.push([head, bucket[i + 1]])
        i += 2
        pairs++
      }
    }
  }
  expect(runs).toBeGreaterThan(0)
  expect(runs).toBeLessThanOrEqual(18)
  expect(summary.entries).toBe(runs + pairs)
  expect(buckets.reduce((slots, bucket) => slots + bucket.length, 0)).toBe(1100 + 2 * runs)
  expect(new Set(entries.map(([pk]) => pk)).size).toBe(1100)
  expect(entries.every(([pk, record]) => (record as { id: number }).id === pk)).toBe(true)
  const where = buckets.find((bucket) => bucket.includes(-1024)) as unknown[]
  expect(where.slice(where.indexOf(-1024), where.indexOf(-1024) + 3)).toEqual([
    -1024,
    64,
    { id: 1024, name: 'user 1024', posts: [] },
  ])
  // Reads, and the selectors that hide the layout, are unchanged.
  expect(cache.select(getUsers, { page: 2 })(store.getState())).toHaveLength(100)
  expect(cache.selectEntity(User, 7)(store.getState())).toBe(first)
  expect(cache.selectRecord('User', 1050)(store.getState())).toEqual({
    id: 1050,
    name: 'user 1050',
    posts: [],
  })
  expect(Object.keys(cache.selectTable('User')(store.getState()))).toHaveLength(1100)
  expect(cache.selectTable('User')(store.getState())).toBe(
    cache.selectTable('User')(store.getState()),
  )
  // One more record: the summary, its page and its bucket change; every other bucket is the
  // same object.
  const before = store.getState().data.entities.User as unknown as Array<unknown>
  controller.setResponse(getUser, { id: 5000 }, { id: 5000, name: 'new' })
  const after = store.getState().data.entities.User as unknown as Array<unknown>
  // Pk 5,000 is a pair of its own: one entry more.
  expect(after[0]).toEqual({ size: 1101, buckets: 64, entries: summary.entries + 1 })
  expect(after[1]).not.toBe(before[1])
  const pageBefore = before[1] as unknown[]
  const pageAfter = after[1] as unknown[]
  const changed = pageAfter.flatMap((bucket, i) => (bucket !== pageBefore[i] ? [i] : []))
  expect(changed).toHaveLength(1)
  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
  expectSilentChecks()
})

test('a split table is made plain again when garbage collection leaves it small', () => {
  const { store, controller } = makeStore()
  controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 1100))
  controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'kept' })
  expect(store.getState().data.layout.splitTables).toEqual(['User'])
  const payload = controller.collectGarbage({ now: Date.now() + 60 * 60_000 })
  expect(payload.keys).toEqual(['getUsers [{"page":1}]', 'getUser [{"id":1}]'])
  expect(store.getState().data.layout.splitTables).toEqual([])
  expect(store.getState().data.entities).toEqual({})
})

describe('a table of up to 1,000 records is always plain', () => {
  const deleteUsers = new Endpoint(async () => [] as unknown[], {
    schema: [new schema.Delete(User)],
    name: 'deleteUsers',
    sideEffect: true,
  })
  const ids = (from: number, count: number) => usersFrom(from, count).map(({ id }) => ({ id }))

  test('tombstones do not count: 1,000 records and 200 deletions stay at entities[key][pk]', () => {
    const { store, controller, replay, expectSilentChecks } = makeStore()
    controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 1000))
    // Ids never stored, and stored ones, deleted: 1,100 meta entries for 900 records.
    controller.setResponse(deleteUsers, ids(5001, 100))
    controller.setResponse(deleteUsers, ids(1, 100))
    const state = store.getState().data
    expect(state.layout.splitTables).toEqual([])
    expect(Object.keys(state.entities.User ?? {})).toHaveLength(900)
    expect(Object.keys(state.entitiesMeta.User ?? {})).toHaveLength(1100)
    expect(state.entities.User?.['500']).toEqual({ id: 500, name: 'user 500', posts: [] })
    expect(replay()).toEqual(store.getState())
    expectSilentChecks()
  })

  test('a split table that deletions leave at 1,000 records or fewer is made plain again', () => {
    const { store, cache, controller, replay, expectSilentChecks } = makeStore()
    controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 1100))
    expect(store.getState().data.layout.splitTables).toEqual(['User'])
    const kept = cache.selectEntity(User, 7)(store.getState())
    // 1,020 left: between the limits, the table keeps its layout.
    controller.setResponse(deleteUsers, ids(1021, 80))
    expect(store.getState().data.layout.splitTables).toEqual(['User'])
    // 990 left: plain, tombstones as entries of the meta.
    controller.setResponse(deleteUsers, ids(991, 30))
    const state = store.getState().data
    expect(state.layout.splitTables).toEqual([])
    expect(Object.keys(state.entities.User ?? {})).toHaveLength(990)
    expect(state.entitiesMeta.User?.['1050']).toMatchObject({ deleted: true })
    expect(state.entitiesMeta.User?.['7']).toMatchObject({ expiresAt: expect.any(Number) })
    expect(cache.selectEntity(User, 7)(store.getState())).toBe(kept)
    expect(cache.selectEntity(User, 1050)(store.getState())).toBeUndefined()
    expect(replay()).toEqual(store.getState())
    expectSilentChecks()
  })

  test('made plain again whenever its plain meta would fit, counted exactly', () => {
    const { store, controller, replay } = makeStore()
    // Three writes: once split, every record keeps a meta entry of its own (no shared meta).
    controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 367))
    controller.setResponse(getUsers, { page: 2 }, usersFrom(368, 367))
    controller.setResponse(getUsers, { page: 3 }, usersFrom(735, 367))
    expect(store.getState().data.layout.splitTables).toEqual(['User'])
    // Tombstones of ids never stored, then 201 records deleted: 900 records, and a plain meta
    // of 7,601 entries (900 + 201 + 6,500), under the limit though records and entries add up
    // past it.
    controller.setResponse(deleteUsers, ids(100_001, 6500))
    controller.setResponse(deleteUsers, ids(1, 201))
    expect(900 + 201 + 6500).toBeLessThanOrEqual(PLAIN_META_LIMIT)
    const state = store.getState().data
    expect(state.layout.splitTables).toEqual([])
    expect(Object.keys(state.entitiesMeta.User ?? {})).toHaveLength(7601)
    expect(replay()).toEqual(store.getState())
  })

  test('a state saved without a layout (format 1 or 2) is restored by the same rule', () => {
    const cache = createEntityCache({ reducerPath: 'data' })
    const records: Record<string, unknown> = {}
    const metas: Record<string, unknown> = {}
    const meta = { fetchedAt: 1, date: 1, expiresAt: Number.MAX_SAFE_INTEGER }
    for (const user of usersFrom(1, 1000)) {
      records[user.id] = user
      metas[user.id] = meta
    }
    for (let id = 2001; id <= 2100; id++) metas[id] = { ...meta, deleted: true }
    const restored = restoredStore(cache, {
      entities: { User: records },
      entitiesMeta: { User: metas },
    })
    const state = restored.getState().data
    expect(state.layout.splitTables).toEqual([])
    expect(state.entities.User?.['1000']).toEqual(records['1000'])
  })

  test(`a plain table's meta past ${PLAIN_META_LIMIT} entries (tombstones kept) is split`, () => {
    const { store, controller } = makeStore()
    controller.setResponse(getUsers, { page: 1 }, usersFrom(1, 10))
    controller.setResponse(deleteUsers, ids(100, PLAIN_META_LIMIT - 10))
    expect(store.getState().data.layout.splitTables).toEqual([])
    controller.setResponse(deleteUsers, ids(100_000, 1))
    expect(store.getState().data.layout.splitTables).toEqual(['User'])
  })
})

test('past 1,024 request keys, results and meta are split too; reads and keys unchanged', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  // Built by the cache's own reducer (the same actions a store would get), without a store.
  const fixtures = Array.from({ length: 1030 }, (_, i) => ({
    endpoint: getUser,
    args: [{ id: i + 1 }] as [{ id: number }],
    response: { id: i + 1, name: `u${i + 1}` },
  }))
  const data = fixtureState(cache, fixtures)
  expect(data.layout.splitRequests).toBe(true)
  expect(Array.isArray(data.results)).toBe(true)
  expect((data.meta as unknown as unknown[])[0]).toEqual({ size: 1030, buckets: 128 })
  const store = restoredStore(cache, data)
  const controller = cache.controller(store)
  expect(cache.select(getUser, { id: 777 })(store.getState())?.name).toBe('u777')
  expect(cache.selectCall(getUser, { id: 777 })(store.getState()).expiryStatus).toBe(
    ExpiryStatus.Valid,
  )
  controller.invalidateAll({ testKey: (key) => key === 'getUser [{"id":3}]' })
  expect(cache.selectCall(getUser, { id: 3 })(store.getState()).expiryStatus).toBe(
    ExpiryStatus.Invalid,
  )
  expect(cache.selectCall(getUser, { id: 4 })(store.getState()).expiryStatus).toBe(
    ExpiryStatus.Valid,
  )
  expectPlain(store.getState())
})
