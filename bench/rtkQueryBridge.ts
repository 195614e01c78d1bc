/**
 * Part of `npm run bench`, in its own process (production mode): the cost of one mutation's
 * result (one changed record) in a store whose RTK Query api holds 1,000 cached entries, 10 of
 * which hold the record (lists of 20 posts; the others are details of other posts). Measured:
 * - the whole result through the bridge (`received`, then one `updateQueryData` per entry
 *   holding the record), and its two parts measured apart: the cache's `received` alone, and
 *   RTK Query's 10 `updateQueryData` alone (no cache);
 * - the bridge's own work, finding the entries and planning the patches: through its index,
 *   against a naive bridge that walks every entry on each change, at 1,000 and 10,000 entries;
 * - a whole RTK Query mutation through the bridge (initiate → fulfilled → received → patches).
 * Env: BENCH_QUICK=1 for a smoke run.
 */
process.env.NODE_ENV = 'production'

import { configureStore } from '@reduxjs/toolkit'
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query'
import { performance } from 'node:perf_hooks'
import { Endpoint, Entity, createEntityCache } from '../src/index'
import { readSourceOf } from '../src/redux/slice/entitySource'
import { EntryIndex } from '../src/rtkQuery/entryIndex'
import { planPatches } from '../src/rtkQuery/patch'
import type { RtkQueries } from '../src/rtkQuery/sync'
import { syncAll } from '../src/rtkQuery/sync'

const quick = process.env.BENCH_QUICK === '1'
const SAMPLES = quick ? 20 : 300
const HOLDING = 10
const LIST_LENGTH = 20

class Post extends Entity {
  id = 0
  title = ''
  body = ''
  pk() {
    return this.id
  }
  static key = 'Post'
}
interface PostRow {
  id: number
  title: string
  body: string
}
const row = (id: number, title = `Post ${id}`): PostRow => ({ id, title, body: 'text' })
/** Our own mutation endpoint (its result is what `setResponse` stores). */
const renamePost = new Endpoint(async (post: PostRow) => post, {
  schema: Post,
  sideEffect: true,
  name: 'renamePost',
})

function makeApi() {
  return createApi({
    reducerPath: 'api',
    baseQuery: fakeBaseQuery(),
    keepUnusedDataFor: 3600,
    endpoints: (build) => ({
      getPosts: build.query<PostRow[], number>({ queryFn: () => ({ data: [] }) }),
      getPost: build.query<PostRow, number>({ queryFn: (id) => ({ data: row(id) }) }),
      updatePost: build.mutation<PostRow, PostRow>({ queryFn: (post) => ({ data: post }) }),
    }),
  })
}
type Api = ReturnType<typeof makeApi>

/** `entries` entries: 10 lists holding post 1 (and 19 others each), details of other posts. */
function fill(api: Api, store: { dispatch: (action: unknown) => unknown }, entries: number) {
  const lists = Array.from({ length: HOLDING }, (_, page) => ({
    endpointName: 'getPosts' as const,
    arg: page,
    value: [row(1), ...Array.from({ length: LIST_LENGTH - 1 }, (_, i) => row(2 + page * 19 + i))],
  }))
  const details = Array.from({ length: entries - HOLDING }, (_, i) => ({
    endpointName: 'getPost' as const,
    arg: 1_000 + i,
    value: row(1_000 + i),
  }))
  store.dispatch(api.util.upsertQueryEntries([...lists, ...details]))
}

type Variant = 'cache alone' | 'bridge' | 'api alone'

function makeStore(variant: Variant, entries = 1_000) {
  const api = makeApi()
  const cache = createEntityCache({ reducerPath: 'data' })
  const bridge = cache.bridgeRtkQuery(api, { getPosts: [Post], getPost: Post, updatePost: Post })
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (gDM) =>
      gDM().concat(
        api.middleware,
        ...(variant === 'api alone' ? [] : [cache.middleware]),
        ...(variant === 'bridge' ? [bridge.middleware] : []),
      ),
  })
  fill(api, store, entries)
  return { api, store, cache, controller: cache.controller(store) }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** Median ms of `run(i)` over the samples. */
function timeEach(run: (i: number) => void): number {
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now()
    run(i)
    times.push(performance.now() - start)
  }
  return median(times)
}

const listTitles = (api: Api, store: { getState: () => unknown }) =>
  Array.from(
    { length: HOLDING },
    (_, page) => api.endpoints.getPosts.select(page)(store.getState() as never).data?.[0]?.title,
  )

/** One mutation's result (post 1 renamed) stored with `setResponse`, with or without the bridge. */
function timeResult(variant: 'cache alone' | 'bridge'): number {
  const { api, store, controller } = makeStore(variant)
  const ms = timeEach((i) => {
    const post = row(1, `Renamed ${i}`)
    controller.setResponse(renamePost, post, post)
  })
  const expected = variant === 'bridge' ? `Renamed ${SAMPLES - 1}` : 'Post 1'
  if (listTitles(api, store).some((title) => title !== expected)) throw new Error('not patched')
  store.dispatch(api.util.resetApiState())
  return ms
}

/** RTK Query alone: the same 10 patches as `updateQueryData` calls (what the bridge dispatches). */
function timeRtkPatches(): number {
  const { api, store } = makeStore('api alone')
  const ms = timeEach((i) => {
    for (let page = 0; page < HOLDING; page++) {
      store.dispatch(
        api.util.updateQueryData('getPosts', page, (draft) => {
          ;(draft[0] as PostRow).title = `Renamed ${i}`
        }),
      )
    }
  })
  store.dispatch(api.util.resetApiState())
  return ms
}

/**
 * The bridge's own work for one change: finding the entries that hold the record and planning
 * their patches. Indexed: a lookup in the index (kept up to date as entries change). Naive: walk
 * every entry to find them, then plan.
 */
function timePlanning(entries: number): { indexed: number; naive: number } {
  const { api, store, controller, cache } = makeStore('api alone', entries)
  const post = row(1, 'Renamed')
  controller.setResponse(renamePost, post, post)
  const queries = (store.getState() as { api: { queries: RtkQueries } }).api.queries
  const source = readSourceOf(cache.selectSlice(store.getState()))
  const schemas = new Map<string, unknown>([
    ['getPosts', [Post]],
    ['getPost', Post],
  ])
  const deps = {
    schemaOf: (name: string) => schemas.get(name),
    cacheKey: (name: string, arg: unknown) => `${name}(${JSON.stringify(arg)})`,
    retain: () => () => {},
  }
  const changed: Array<[string, string]> = [['Post', '1']]
  const index = new EntryIndex()
  syncAll(index, queries, deps)
  const check = (found: number) => {
    if (found !== HOLDING) throw new Error(`planned ${found} patches`)
  }
  const indexed = timeEach(() => check(planPatches(index, changed, source).length))
  const naive = timeEach(() => {
    const scanned = new EntryIndex()
    syncAll(scanned, queries, deps)
    check(planPatches(scanned, changed, source).length)
  })
  store.dispatch(api.util.resetApiState())
  return { indexed, naive }
}

/** Median ms of a whole RTK Query mutation through the bridge, awaited. */
async function timeMutation(): Promise<number> {
  const { api, store } = makeStore('bridge')
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now()
    await store.dispatch(api.endpoints.updatePost.initiate(row(1, `Mutated ${i}`)))
    times.push(performance.now() - start)
  }
  if (listTitles(api, store).some((t) => t !== `Mutated ${SAMPLES - 1}`)) {
    throw new Error('not patched')
  }
  store.dispatch(api.util.resetApiState())
  return median(times)
}

async function main() {
  const ms = (value: number) => `${value.toFixed(3)} ms`.padStart(10)
  const bridged = timeResult('bridge')
  const alone = timeResult('cache alone')
  const rtk = timeRtkPatches()
  const small = timePlanning(1_000)
  const large = timePlanning(10_000)
  const mutation = await timeMutation()
  const line = (label: string, value: string, note = '') =>
    console.log(`  ${label.padEnd(58)}${value}${note ? `  ${note}` : ''}`)
  console.log(
    `\nRTK Query bridge: one mutation's result with 1,000 RTK Query entries cached, ` +
      `${HOLDING} holding the record (production, median of ${SAMPLES})`,
  )
  line(`result through the bridge (received + ${HOLDING} patches)`, ms(bridged))
  line("  the cache's received alone", ms(alone))
  line(
    `  RTK Query's ${HOLDING} updateQueryData alone (no cache)`,
    ms(rtk),
    `(${ms(rtk / HOLDING).trim()} per entry)`,
  )
  line("the bridge's own work: find the entries, plan the patches", '')
  line('  through its index, 1,000 entries', ms(small.indexed))
  line('  through its index, 10,000 entries', ms(large.indexed))
  line(
    '  naive, walking every entry, 1,000 entries',
    ms(small.naive),
    `(${(small.naive / small.indexed).toFixed(0)}× the index)`,
  )
  line(
    '  naive, walking every entry, 10,000 entries',
    ms(large.naive),
    `(${(large.naive / large.indexed).toFixed(0)}× the index)`,
  )
  line('whole RTK Query mutation through the bridge, awaited', ms(mutation))
}

void main()
