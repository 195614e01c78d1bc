/**
 * States of other storage formats (persisted by earlier versions, or written by hand): upgraded
 * when restored, or refused with a clear error.
 */
import { configureStore } from '@reduxjs/toolkit'
import { ExpiryStatus, SetupError, createEntityCache } from 'rtk-resources'
import type { EntityCacheState } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { forEachEntityMeta } from '../../src/redux/slice/tables'
import { forEachEntryIn } from '../../src/redux/slice/bucketEntries'
import { buildSplit } from '../../src/redux/slice/splitWrite'
import { forEachBucket } from '../../src/redux/slice/storedMap'
import type { SplitMap, StoredKey } from '../../src/redux/slice/storedMap'
import { expectTrueSummary } from '../fixtures/splitSummary'
import { getUser, getUsers, restoredStore, usersFrom } from '../fixtures/layout'

/** A map split as format 2 wrote it: `{ "0": { size }, "1"…"256": { [key]: value } }`. */
function format2Split(entries: ReadonlyArray<readonly [key: string, value: unknown]>) {
  const split: Record<string, Record<string, unknown>> = { '0': { size: entries.length } }
  // Which bucket does not matter to the upgrade: it reads every bucket.
  entries.forEach(([key, value], i) => ((split[String(1 + (i % 256))] ??= {})[key] = value))
  return split
}

/**
 * A map split as formats 3 and 4 wrote it: `[{ size, buckets }, page, …]`, buckets of pairs, an
 * integer key's bucket chosen by mixing the key itself (the previous hash).
 */
function format4Split(
  entries: ReadonlyArray<readonly [key: number, value: unknown]>,
  buckets: number,
  summary: object = {},
) {
  const mixed = (key: number) => {
    let hash = Math.imul(key ^ (key >>> 16), 0x45d9f3b)
    hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b)
    return (hash ^ (hash >>> 16)) & (buckets - 1)
  }
  const flat: Array<unknown[] | null> = Array.from({ length: buckets }, () => null)
  for (const [key, value] of entries) (flat[mixed(key)] ??= []).push(key, value)
  const pages: unknown[] = []
  for (let start = 0; start < buckets; start += 64) pages.push(flat.slice(start, start + 64))
  return [{ size: entries.length, buckets, ...summary }, ...pages]
}

test('format 1 (every table in 1,024 buckets, no layout) is upgraded when restored', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  // What rtk-resources wrote before layouts: `User` 1 in bucket 796.
  const format1 = {
    entities: { User: { '796': { '1': { id: 1, name: 'Ada', posts: [] } } } },
    entitiesMeta: {
      User: { '796': { '1': { fetchedAt: 1, date: 2, expiresAt: Date.now() + 60_000 } } },
    },
    results: { 'getUser [{"id":1}]': '1' },
    meta: { 'getUser [{"id":1}]': { date: 2, fetchedAt: 1, expiresAt: Date.now() + 60_000 } },
    resetAt: 0,
    optimistic: [],
  }
  const store = restoredStore(cache, format1)
  expect(store.getState().data.entities).toEqual({
    User: { '1': { id: 1, name: 'Ada', posts: [] } },
  })
  expect(store.getState().data.layout.version).toBe(6)
  expect(cache.select(getUser, { id: 1 })(store.getState())?.name).toBe('Ada')
  // Read before any store upgraded it (an SSR payload handed to a selector): read upgraded.
  expect(cache.select(getUser, { id: 1 })({ data: format1 })?.name).toBe('Ada')
})

test('a hand-written state without a layout (plain tables) reads as it is', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    preloadedState: {
      data: {
        entities: { User: { '796': { id: 796, name: 'Not a bucket', posts: [] } } },
        results: { 'getUser [{"id":796}]': '796' },
      } as unknown as EntityCacheState,
    },
  })
  expect(cache.select(getUser, { id: 796 })(store.getState())?.name).toBe('Not a bucket')
})

test('a state in a format this version does not know is refused with a clear error', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const build = () =>
    configureStore({
      reducer: { data: cache.reducer },
      preloadedState: {
        data: { layout: { version: 7 }, entities: {} } as unknown as EntityCacheState,
      },
    })
  expect(build).toThrow(SetupError)
  expect(build).toThrow(/format 7, which this version of rtk-resources \(format 6\) cannot read/)
  // A layout that is not an object at all: the same error, not a TypeError.
  for (const layout of [null, 6, 'x']) {
    const broken = () =>
      configureStore({
        reducer: { data: cache.reducer },
        preloadedState: { data: { layout, entities: {} } as unknown as EntityCacheState },
      })
    expect(broken).toThrow(SetupError)
  }
})

test('format 2 (split maps in 256 object buckets) is upgraded when restored', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const expiresAt = Date.now() + 60_000
  const meta = { fetchedAt: 1, date: 2, expiresAt }
  const users = usersFrom(1, 1100)
  // What the previous version wrote for a table past 1,024 records.
  const records = format2Split(users.map((user) => [String(user.id), user] as const))
  const metas = format2Split(users.map((user) => [String(user.id), meta] as const))
  const format2 = {
    layout: { version: 2, splitTables: ['User'], splitRequests: false },
    entities: { User: records },
    entitiesMeta: { User: metas },
    results: { 'getUser [{"id":1}]': '1' },
    meta: { 'getUser [{"id":1}]': { date: 2, fetchedAt: 1, expiresAt } },
    resetAt: 0,
    optimistic: [],
  }
  const store = restoredStore(cache, format2)
  const state = store.getState().data
  expect(state.layout).toEqual({ version: 6, splitTables: ['User'], splitRequests: false })
  const split = state.entities.User as unknown as unknown[]
  // Sized as this version sizes 1,100 ids in sequence: 17 runs in 64 buckets.
  expect(split[0]).toEqual({ size: 1100, buckets: 64, entries: 17 })
  expect(split).toHaveLength(2) // one page of 64 buckets
  expect(cache.select(getUser, { id: 1 })(store.getState())?.name).toBe('user 1')
  expect(cache.selectRecord('User', 1099)(store.getState())).toEqual(usersFrom(1099, 1)[0])
  expect(Object.keys(cache.selectTable('User')(store.getState()))).toHaveLength(1100)
  expectPlain(state)
})

test('format 4 (buckets of pairs only, shared metas) is built again in format 6 when restored', async () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const expiresAt = Date.now() + 60_000
  const shared = { fetchedAt: 1, date: 2, expiresAt }
  const own = { fetchedAt: 3, date: 4, expiresAt }
  const users = usersFrom(1, 1100)
  // Five records have metas of their own; the rest share the summary's.
  const format4 = {
    layout: { version: 4, splitTables: ['User'], splitRequests: false },
    entities: {
      User: format4Split(
        users.map((user) => [user.id, user] as const),
        128,
      ),
    },
    entitiesMeta: {
      User: format4Split(
        [1, 2, 3, 500, 1100].map((id) => [id, own] as const),
        64,
        { shared },
      ),
    },
    results: { 'getUsers [{"page":1}]': users.map((user) => user.id) },
    meta: { 'getUsers [{"page":1}]': { date: 2, fetchedAt: 1, expiresAt } },
    resetAt: 0,
    optimistic: [],
  }
  // Selectors read it converted before any action.
  expect(
    cache.selectRecord('User', 1099)({ data: format4 as unknown as EntityCacheState }),
  ).toEqual(users[1098])
  const store = restoredStore(cache, format4)
  const state = store.getState().data
  expect(state.layout).toEqual({ version: 6, splitTables: ['User'], splitRequests: false })
  // The same table the current version writes for the same records.
  const fresh = makeStore()
  fresh.controller.setResponse(getUsers, { page: 1 }, users)
  expect(state.entities.User).toEqual(fresh.store.getState().data.entities.User)
  const metas = state.entitiesMeta.User as unknown as unknown[]
  // Pks 1, 2 and 3 are a run: three entries.
  expect(metas[0]).toEqual({ size: 5, buckets: 64, entries: 3, shared })
  expect(cache.select(getUsers, { page: 1 })(store.getState())).toHaveLength(1100)
  expect(cache.selectRecord('User', 1)(store.getState())).toEqual(users[0])
  for (let id = 1; id <= 1100; id += 7) {
    expect(cache.selectRecord('User', id)(store.getState())).toEqual(users[id - 1])
  }
  // Metas: its own for the five, the shared one for the others.
  const metaOf = new Map<string, unknown>()
  forEachEntityMeta(state, 'User', (pk, meta) => metaOf.set(pk, meta))
  expect(metaOf.size).toBe(1100)
  expect(metaOf.get('500')).toEqual(own)
  expect(metaOf.get('1100')).toEqual(own)
  expect(metaOf.get('501')).toEqual(shared)
  expect(Object.keys(cache.selectTable('User')(store.getState()))).toHaveLength(1100)
  expectPlain(state)
})

test('format 5 (no entries in the summary) gets them counted when restored; buckets kept', () => {
  // A format-5 state: buckets stored as now, but every map sized by its keys (16 a bucket:
  // 128 buckets for 1,100 users) and no `entries` in a summary.
  const { store: fresh, controller } = makeStore()
  const users = usersFrom(1, 1100)
  controller.setResponse(getUsers, { page: 1 }, users)
  // Three records fetched again have metas of their own: a run of three, one entry.
  for (const id of [3, 4, 5])
    controller.setResponse(getUser, { id }, { id, name: 'again', posts: [] })
  const current = JSON.parse(JSON.stringify(fresh.getState().data)) as EntityCacheState
  const format5Map = (map: unknown, buckets: number) => {
    const keys: StoredKey[] = []
    const values: unknown[] = []
    forEachBucket(map as SplitMap<unknown>, (bucket) =>
      forEachEntryIn(bucket, (key, value) => {
        keys.push(key)
        values.push(value)
      }),
    )
    const [summary, ...pages] = buildSplit(keys, values, buckets)
    const { entries: _entries, ...format5Summary } = summary
    const shared = (map as SplitMap<unknown>)[0].shared
    return [shared ? { ...format5Summary, shared } : format5Summary, ...pages]
  }
  const format5 = {
    ...current,
    layout: { version: 5, splitTables: ['User'], splitRequests: false },
    entities: { User: format5Map(current.entities.User, 128) },
    entitiesMeta: { User: format5Map(current.entitiesMeta.User, 64) },
  }
  expect(format5.entities.User[0]).toEqual({ size: 1100, buckets: 128 })
  expect(format5.entitiesMeta.User[0]).toEqual({
    size: 3,
    buckets: 64,
    shared: expect.any(Object),
  })
  const cache = createEntityCache({ reducerPath: 'data' })
  expect(cache.selectRecord('User', 3)({ data: format5 as unknown as EntityCacheState })).toEqual({
    id: 3,
    name: 'again',
    posts: [],
  })
  const store = restoredStore(cache, format5)
  const state = store.getState().data
  expect(state.layout.version).toBe(6)
  // Counted; the buckets are format 5's, as they were.
  const table = state.entities.User as unknown as SplitMap<unknown>
  expect(table[0]).toEqual({ size: 1100, buckets: 128, entries: expect.any(Number) })
  expect(table.slice(1)).toEqual(format5.entities.User.slice(1))
  expectTrueSummary(table)
  const metas = state.entitiesMeta.User as unknown as SplitMap<unknown>
  expectTrueSummary(metas)
  // The members in the order a write of this version gives them.
  expect(Object.keys(metas[0])).toEqual(
    Object.keys((current.entitiesMeta.User as unknown as SplitMap<unknown>)[0]),
  )
  expect(Object.keys(metas[0])).toEqual(['size', 'buckets', 'entries', 'shared'])
  expect(cache.select(getUsers, { page: 1 })(store.getState())).toHaveLength(1100)
  // Written to as any state, its count kept.
  cache.controller(store).setResponse(getUser, { id: 5000 }, { id: 5000, name: 'new', posts: [] })
  expect(cache.selectRecord('User', 5000)(store.getState())).toEqual({
    id: 5000,
    name: 'new',
    posts: [],
  })
  expectTrueSummary(store.getState().data.entities.User as unknown as SplitMap<unknown>)
  expectPlain(store.getState().data)
})

test('format 4 ids far apart are laid out in id order: as many buckets as a fresh write', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  // Two ranges far apart (so not counted on a map of their range), listed in hash order.
  const ids = [
    ...Array.from({ length: 2000 }, (_, i) => 1 + i),
    ...Array.from({ length: 2000 }, (_, i) => 1e8 + i),
  ]
  const users = ids.map((id) => ({ id, name: `user ${id}`, posts: [] }))
  const meta = { fetchedAt: 1, date: 2, expiresAt: Date.now() + 60_000 }
  const format4 = {
    layout: { version: 4, splitTables: ['User'], splitRequests: false },
    entities: {
      User: format4Split(
        users.map((user) => [user.id, user] as const),
        256,
      ),
    },
    entitiesMeta: { User: format4Split([], 64, { shared: meta }) },
    results: {},
    meta: {},
    resetAt: 0,
    optimistic: [],
  }
  const state = restoredStore(cache, format4).getState().data
  const table = state.entities.User as unknown as SplitMap<unknown>
  expectTrueSummary(table)
  expect(table[0]).toEqual(
    (buildSplit(ids, users) as SplitMap<unknown>)[0] as unknown as Record<string, unknown>,
  )
  expect(table[0]).toMatchObject({ size: 4000, buckets: 128 })
})

test('a damaged format-4 bucket is upgraded without it: the store starts, the rest reads', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const users = usersFrom(1, 1100)
  const records = format4Split(
    users.map((user) => [user.id, user] as const),
    128,
  )
  const page = records[1] as Array<unknown[] | null>
  const slot = page.findIndex((bucket) => bucket !== null)
  const bucket = page[slot] as unknown[]
  const [firstKey] = bucket
  // A negative key with a count that would move a reader backwards, a duplicate, a stray value.
  page[slot] = [-1, -2, ...bucket, firstKey, { id: -1 }, 'stray']
  const format4 = {
    layout: { version: 4, splitTables: ['User'], splitRequests: false },
    entities: { User: records },
    entitiesMeta: {
      User: format4Split([], 64, { shared: { fetchedAt: 1, date: 2, expiresAt: 3 } }),
    },
    results: {},
    meta: {},
    resetAt: 0,
    optimistic: [],
  }
  const store = restoredStore(cache, format4)
  const table = cache.selectTable('User')(store.getState())
  expect(Object.keys(table)).toHaveLength(1100)
  // The first of two entries for one key is kept.
  expect(cache.selectRecord('User', firstKey as number)(store.getState())).toEqual(
    users[(firstKey as number) - 1],
  )
})

test('format 2 with results and meta split is upgraded too', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const expiresAt = Date.now() + 60_000
  const keyOf = (id: number) => `getUser [{"id":${id}}]`
  const ids = usersFrom(1, 1100).map((user) => user.id)
  const results = format2Split(ids.map((id) => [keyOf(id), String(id)] as const))
  const meta = format2Split(
    ids.map((id) => [keyOf(id), { date: 2, fetchedAt: 1, expiresAt }] as const),
  )
  const users: Record<string, unknown> = {}
  const userMeta: Record<string, unknown> = {}
  for (const user of usersFrom(1, 10)) {
    users[String(user.id)] = user
    userMeta[String(user.id)] = { fetchedAt: 1, date: 2, expiresAt }
  }
  const format2 = {
    layout: { version: 2, splitTables: [], splitRequests: true },
    entities: { User: users },
    entitiesMeta: { User: userMeta },
    results,
    meta,
    resetAt: 0,
    optimistic: [],
  }
  const store = restoredStore(cache, format2)
  const state = store.getState().data
  expect(state.layout).toEqual({ version: 6, splitTables: [], splitRequests: true })
  expect((state.meta as unknown as unknown[])[0]).toEqual({ size: 1100, buckets: 128 })
  expect(cache.select(getUser, { id: 7 })(store.getState())?.name).toBe('user 7')
  expect(cache.selectCall(getUser, { id: 7 })(store.getState()).expiryStatus).toBe(
    ExpiryStatus.Valid,
  )
  expectPlain(state)
})

test('a preloaded slice of null (a page that rendered no cache) starts empty, in development too', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    preloadedState: { data: null as unknown as EntityCacheState },
  })
  expect(store.getState().data).toEqual(JSON.parse(JSON.stringify(store.getState().data)))
  expect(store.getState().data.results).toEqual({})
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBeUndefined()
})
