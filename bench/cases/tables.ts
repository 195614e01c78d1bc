/** Cases 5 and 6: flat records written into a 100,000-record table. */
import { applyNormalized, createPlainSource, normalize } from '../../src/index'
import type { PlainTables } from '../../src/index'
import { generateItems } from '../data'
import type { RawItem } from '../data'
import { Item } from '../peers/ours'
import { createCacheStore, receivedPayload } from '../peers/redux'
import { createAdapterStore, itemAdapter, itemsSlice } from '../peers/rtkAdapter'
import type { CaseResult } from '../results'
import { compare, measure, task } from '../timing'
import type { MeasureOptions, Task } from '../timing'

const TABLE = 100_000
const WRITE = 10_000
/** Half the written ids exist already, half are new. */
const FIRST_WRITTEN = TABLE - WRITE / 2 + 1
const UPDATED_ID = TABLE / 2

const itemList = [Item]
const adapter = 'RTK createEntityAdapter'

/** Two versions of the same write, so that alternating them changes every record each time. */
function versions<T>(make: (version: 1 | 2) => T): [T, T] {
  return [make(1), make(2)]
}

/** Calls `fn` with the two inputs in turn. */
function alternating<T>(inputs: [T, T], fn: (input: T) => unknown): Task {
  let i = 0
  return task(() => fn(inputs[(i ^= 1)] as T))
}

function pair(
  id: string,
  title: string,
  oursTask: Task,
  peer: string,
  peerTask: Task,
  options: MeasureOptions,
): CaseResult {
  const [ours, theirs] = compare([oursTask, peerTask], options)
  return { id, title, ours: { timing: ours }, peers: [{ name: peer, value: { timing: theirs } }] }
}

export function runTableCases(options: MeasureOptions = {}): CaseResult[] {
  const base = generateItems(TABLE, 1)
  const many = versions((v) => generateItems(WRITE, FIRST_WRITTEN, v))
  const one = versions((v) => generateItems(1, UPDATED_ID, v)[0] as RawItem)

  // Ours, engine only: plain tables, a normalize output written with applyNormalized. Every
  // call starts from the same 100k tables (as does the adapter from the same 100k state).
  const stored = normalize(itemList, base)
  const tables: PlainTables = { entities: stored.entities, entitiesMeta: stored.entitiesMeta }
  const source = createPlainSource(tables)
  const written = normalize(itemList, many[0], [], source)
  const writtenOne = normalize(Item, one[0], [], source)
  const adapterState = itemAdapter.setAll(itemAdapter.getInitialState(), base)

  const results: CaseResult[] = [
    pair(
      '5',
      'write 10k into 100k (applyNormalized)',
      task(() => applyNormalized(tables, written)),
      `${adapter}.upsertMany`,
      task(() => itemAdapter.upsertMany(adapterState, many[0])),
      options,
    ),
    {
      id: '5b',
      title: 'normalize + write 10k into 100k',
      ours: {
        timing: measure(
          () => applyNormalized(tables, normalize(itemList, many[0], [], source)),
          options,
        ),
      },
      peers: [],
    },
    pair(
      '6',
      'update 1 in 100k (applyNormalized)',
      task(() => applyNormalized(tables, writtenOne)),
      `${adapter}.upsertOne`,
      task(() => itemAdapter.upsertOne(adapterState, one[0])),
      options,
    ),
  ]

  // Through a store: our slice's reducer vs the adapter's, same store options. Writes
  // alternate between two versions so that each dispatch really changes the records.
  const adapterStore = createAdapterStore(base)
  const adapterMany = alternating(many, (items) =>
    adapterStore.dispatch(itemsSlice.actions.upsertMany(items)),
  )
  const adapterOne = alternating(one, (item) =>
    adapterStore.dispatch(itemsSlice.actions.upsertOne(item)),
  )
  const { dispatchReceived } = createCacheStore(base)
  const payloads = versions((v) => receivedPayload('page', many[v - 1] as RawItem[]))
  const payloadsOne = versions((v) => receivedPayload('one', [one[v - 1] as RawItem]))
  results.push(
    pair(
      '5r',
      'dispatch 10k into 100k store',
      alternating(payloads, dispatchReceived),
      `${adapter} slice`,
      adapterMany,
      options,
    ),
    pair(
      '6r',
      'dispatch 1 entity into 100k store',
      alternating(payloadsOne, dispatchReceived),
      `${adapter} slice`,
      adapterOne,
      options,
    ),
  )
  return results
}
