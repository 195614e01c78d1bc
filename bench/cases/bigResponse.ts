/**
 * Cases 9–12, 100,000 records through the public API, in a real `configureStore` store
 * (default middleware; production mode, so without RTK's dev checks):
 *  9. a 100k-row response (8 fields a row): fetch → stored → first read (`controller.fetch` of
 *     an `Endpoint` resolving to the parsed array, then `cache.select`) vs `JSON.parse` of the
 *     same body;
 * 10. re-reading that list after one row changed vs copying 100k references (the floor);
 * 11. writing 10k records into a 100k table (`controller.setResponse`: normalize + reducer) vs
 *     a plain object-spread reducer writing the same records, with numeric ids (11) and with
 *     string ids (11s: V8 copies an object keyed by array indices far faster than one keyed by
 *     names, so the plain reducer's cost depends on the ids);
 * 12. the heap of a store holding 100k records vs a `createEntityAdapter` slice's.
 */
import { configureStore } from '@reduxjs/toolkit'
import type { UnknownAction } from '@reduxjs/toolkit'
import {
  Endpoint,
  MemoCache,
  applyNormalized,
  createEntityCache,
  createPlainSource,
  normalize,
} from '../../src/index'
import type { EndpointInterface, PlainTables } from '../../src/index'
import { generateItems, generateRows } from '../data'
import type { RawItem, RawRow } from '../data'
import { Item, Row, StringItem } from '../peers/ours'
import { createAdapterStore } from '../peers/rtkAdapter'
import type { CaseResult } from '../results'
import {
  asyncTaskWithSetup,
  compare,
  compareAsync,
  retainedHeap,
  task,
  taskWithSetup,
} from '../timing'
import type { MeasureOptions } from '../timing'

const SIZE = 100_000
const WRITE = 10_000
/** The record changed in case 10 (in the middle of the list). */
const CHANGED_ID = SIZE / 2

const rowList = [Row]
/** What the list endpoint resolves to next (its "response body", already parsed). */
let nextResponse: RawRow[] = []
const listRows = new Endpoint(async () => nextResponse, { schema: rowList, name: 'rows' })
const getRow = new Endpoint(async (id: number) => ({ id }) as RawRow, {
  schema: Row,
  name: 'row',
})
const allItems = new Endpoint(async () => [] as RawItem[], { schema: [Item], name: 'items' })
const writeItems = new Endpoint(async () => [] as RawItem[], { schema: [Item], name: 'page' })
const allStringItems = new Endpoint(async () => [] as RawItem[], {
  schema: [StringItem],
  name: 'string items',
})
const writeStringItems = new Endpoint(async () => [] as RawItem[], {
  schema: [StringItem],
  name: 'string page',
})

const ms = (value: number) => `${value.toFixed(1)} ms`

function createStore() {
  const cache = createEntityCache({ reducerPath: 'cache' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  return { cache, store, controller: cache.controller(store) }
}

/** A store that fetched the 100k list, and its selector (read once). */
async function loadedStore(body: string) {
  const loaded = createStore()
  nextResponse = JSON.parse(body) as RawRow[]
  await loaded.controller.fetch(listRows)
  const select = loaded.cache.select(listRows)
  const list = select(loaded.store.getState()) as Row[] | undefined
  if (list?.length !== SIZE) throw new Error('bench setup: the 100k list did not load')
  return { ...loaded, select }
}

/** Where the time of case 9 goes: normalize, the reducer, the first read (each alone). */
function breakdown(body: string, options: MeasureOptions): string {
  const parsed = () => JSON.parse(body) as RawRow[]
  const payloadOf = (rows: RawRow[]) => {
    const now = Date.now()
    const { result, entities, entitiesMeta } = normalize(rowList, rows, [], undefined, {
      date: now,
    })
    const times = { date: now, fetchedAt: now, expiresAt: Number.MAX_SAFE_INTEGER }
    return { key: listRows.key(), result, entities, entitiesMeta, times }
  }
  const payload = payloadOf(parsed())
  const [norm, write, read] = compare(
    [
      taskWithSetup(parsed, (rows) => normalize(rowList, rows), { clean: true }),
      taskWithSetup(
        createStore,
        ({ cache, store }) => store.dispatch(cache.actions.received(payload)),
        { clean: true },
      ),
      taskWithSetup(
        () => {
          const { cache, store } = createStore()
          store.dispatch(cache.actions.received(payload))
          return { select: cache.select(listRows), state: store.getState() }
        },
        ({ select, state }) => select(state),
        { clean: true },
      ),
    ],
    { ...options, minSamples: Math.min(options.minSamples ?? 15, 9) },
  )
  return (
    `each alone: normalize ${ms((norm as { median: number }).median)}, ` +
    `reducer (received) ${ms((write as { median: number }).median)}, ` +
    `first read ${ms((read as { median: number }).median)}`
  )
}

async function endToEnd(body: string, options: MeasureOptions): Promise<CaseResult> {
  const [ours, parse] = await compareAsync(
    [
      asyncTaskWithSetup(
        () => {
          const fresh = createStore()
          nextResponse = JSON.parse(body) as RawRow[]
          return fresh
        },
        async ({ cache, store, controller }) => {
          await controller.fetch(listRows)
          return cache.select(listRows)(store.getState())
        },
        { clean: true },
      ),
      asyncTaskWithSetup(
        () => body,
        (text) => JSON.parse(text),
        { clean: true },
      ),
    ],
    { ...options, minSamples: Math.min(options.minSamples ?? 15, 9) },
  )
  return {
    id: '9',
    title: '100k response: fetch → stored → first read',
    ours: { timing: ours },
    peers: [{ name: 'JSON.parse of the body', value: { timing: parse } }],
    notes: [
      `rows of 8 fields, body ${(body.length / 1024 / 1024).toFixed(1)} MB`,
      breakdown(body, options),
    ],
  }
}

/**
 * Case 10e, the engine's share of case 10: the same list in plain tables written with
 * `applyNormalized`, whose source reports what each write changed (what the slice's source can
 * do too, see `EntitySource.forEachChangeSince`).
 */
function rereadEngine(body: string, options: MeasureOptions): CaseResult {
  const written = normalize(rowList, JSON.parse(body) as RawRow[])
  let tables: PlainTables = { entities: written.entities, entitiesMeta: written.entitiesMeta }
  const memo = new MemoCache()
  const read = () =>
    memo.denormalize<Row[]>(rowList, written.result, createPlainSource(tables)).data as Row[]
  const before = read()
  let version = 0
  const change = () => {
    version++
    const row = { id: CHANGED_ID, title: `row ${CHANGED_ID} changed ${version}`, comments: version }
    const time = Date.now() + version
    const output = normalize(Row, row, [], createPlainSource(tables), {
      fetchedAt: time,
      date: time,
    })
    tables = applyNormalized(tables, output)
  }
  change()
  const after = read()
  let kept = 0
  for (let i = 0; i < after.length; i++) if (after[i] === before[i]) kept++
  const [ours, floor] = compare([taskWithSetup(change, read), task(() => before.slice())], options)
  return {
    id: '10e',
    title: 'engine: 100k re-read after 1 change (changes reported)',
    ours: { timing: ours },
    peers: [{ name: 'floor: copy 100k refs (slice)', value: { timing: floor } }],
    notes: [
      `after one change: ${kept.toLocaleString('en')} of ${(SIZE - 1).toLocaleString('en')} other items kept`,
    ],
    refsKept: after !== before && kept === SIZE - 1,
  }
}

async function rereadAfterChange(body: string, options: MeasureOptions): Promise<CaseResult> {
  const { controller, store, select } = await loadedStore(body)
  let version = 0
  const change = () => {
    version++
    controller.setResponse(getRow, CHANGED_ID, {
      id: CHANGED_ID,
      title: `row ${CHANGED_ID} changed ${version}`,
      comments: version,
    })
  }
  // References: the list is new, the changed item is new, every other item is the same object.
  const before = select(store.getState()) as Row[]
  change()
  const after = select(store.getState()) as Row[]
  let kept = 0
  for (let i = 0; i < after.length; i++) if (after[i] === before[i]) kept++
  const changed = after.findIndex((item) => item.id === CHANGED_ID)
  const refsKept =
    after !== before &&
    after.length === SIZE &&
    after[changed] !== before[changed] &&
    after[changed]?.comments === version &&
    kept === SIZE - 1
  const refs =
    `after one change: list ${after === before ? 'KEPT (wrong)' : 'new'}, changed item ` +
    `${after[changed] === before[changed] ? 'KEPT (wrong)' : 'new'}, ` +
    `${kept.toLocaleString('en')} of ${(SIZE - 1).toLocaleString('en')} other items kept`

  const list = before
  const [ours, floor] = compare(
    [taskWithSetup(change, () => select(store.getState())), task(() => list.slice())],
    options,
  )
  return {
    id: '10',
    title: '100k list re-read after 1 row changed',
    ours: { timing: ours },
    peers: [{ name: 'floor: copy 100k refs (slice)', value: { timing: floor } }],
    notes: [refs],
    refsKept,
  }
}

type PlainItems = Record<string, { id: string | number }>

/** The plain way to keep records in Redux: one object by id, spread on every write. */
function plainItemsReducer(state: PlainItems = {}, action: UnknownAction): PlainItems {
  if (action.type !== 'items/written') return state
  const next = { ...state }
  for (const item of action.payload as Array<{ id: string | number }>) next[item.id] = item
  return next
}

/**
 * Our store holding 100k records vs a plain reducer holding the same, then 10k written (half
 * new, half changed) alternately in two versions, so every write changes every record.
 */
function writeMany(
  id: string,
  keyOf: (item: RawItem) => string | number,
  all: EndpointInterface,
  page: EndpointInterface,
  options: MeasureOptions,
): CaseResult {
  const withKeys = (items: RawItem[]) => items.map((item) => ({ ...item, id: keyOf(item) }))
  const { controller } = createStore()
  controller.setResponse(all, withKeys(generateItems(SIZE, 1)))
  const first = SIZE - WRITE / 2 + 1
  const versions = [
    withKeys(generateItems(WRITE, first, 1)),
    withKeys(generateItems(WRITE, first, 2)),
  ]
  const plain = configureStore({ reducer: { items: plainItemsReducer } })
  plain.dispatch({ type: 'items/written', payload: withKeys(generateItems(SIZE, 1)) })
  let i = 0
  let j = 0
  const [ours, theirs] = compare(
    [
      task(() => controller.setResponse(page, versions[(i ^= 1)])),
      task(() => plain.dispatch({ type: 'items/written', payload: versions[(j ^= 1)] })),
    ],
    options,
  )
  return {
    id,
    title: `write 10k into 100k, ${id === '11' ? 'numeric' : 'string'} ids (setResponse)`,
    ours: { timing: ours },
    peers: [{ name: 'plain object-spread reducer', value: { timing: theirs } }],
  }
}

function heap(): CaseResult {
  // Median of three builds, after three left out: in a process of its own (12-own) the first
  // builds vary by up to a megabyte either way.
  const ours = retainedHeap(
    () => {
      const { controller, store } = createStore()
      controller.setResponse(allItems, generateItems(SIZE, 1))
      return store
    },
    3,
    3,
  )
  const adapter = retainedHeap(() => createAdapterStore(generateItems(SIZE, 1)), 3, 3)
  return {
    id: '12',
    title: 'heap of a 100k-record store',
    ours: { bytes: ours },
    peers: [{ name: 'RTK createEntityAdapter store', value: { bytes: adapter } }],
  }
}

/** Case 12 alone (`BENCH_ONLY=heap`, and the child process of case 12-own). */
export function runHeapCase(): CaseResult[] {
  return [heap()]
}

export async function runBigResponseCases(options: MeasureOptions = {}): Promise<CaseResult[]> {
  const body = JSON.stringify(generateRows(SIZE))
  return [
    await endToEnd(body, options),
    await rereadAfterChange(body, options),
    rereadEngine(body, options),
    writeMany('11', (item) => item.id, allItems, writeItems, options),
    writeMany('11s', (item) => `item-${item.id}`, allStringItems, writeStringItems, options),
    heap(),
  ]
}
