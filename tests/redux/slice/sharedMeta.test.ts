import fc from 'fast-check'
import type { EntityMeta, EntityRecord } from 'rtk-resources'
import { sourceOf } from '../../../src/redux/slice/entitySource'
import { EMPTY_LAYOUT } from '../../../src/redux/slice/layout'
import { isSplitTable } from '../../../src/redux/slice/layout'
import type { SplitMap } from '../../../src/redux/slice/storedMap'
import { countStored } from '../../../src/redux/slice/storedMap'
import type { TablesState } from '../../../src/redux/slice/tables'
import {
  forEachEntityMeta,
  getRecord,
  removeFromTables,
  writeTables,
} from '../../../src/redux/slice/tables'

// A split table's records share one meta where they can (sharedMeta.ts). Whatever is written,
// deleted or collected, every pk must read back the meta a plain per-record map would hold.

/** The meta of one Item as the engine reads it from `state`. */
const metaOf = (state: TablesState, pk: string) => sourceOf(state).getMeta('Item', pk)

const empty = (): TablesState =>
  ({ entities: {}, entitiesMeta: {}, layout: EMPTY_LAYOUT }) as unknown as TablesState

const metaAt = (t: number, deleted = false): EntityMeta =>
  deleted
    ? { fetchedAt: t, date: t, expiresAt: t + 100, deleted: true }
    : { fetchedAt: t, date: t, expiresAt: t + 100 }

/** Pks 1..n, and a few that are not integers. */
const pkOf = (i: number) => (i % 97 === 0 ? `pk-${i}` : String(i))

type Op =
  | { kind: 'write'; from: number; count: number; deleteEvery: number; mixed: boolean }
  | { kind: 'metaOnly'; from: number; count: number; at: number }
  | { kind: 'remove'; from: number; count: number }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    from: fc.integer({ min: 0, max: 1500 }),
    count: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 600, max: 1500 })),
    deleteEvery: fc.oneof(fc.constant(0), fc.integer({ min: 2, max: 9 })),
    mixed: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('metaOnly' as const),
    from: fc.integer({ min: 0, max: 1500 }),
    count: fc.integer({ min: 1, max: 30 }),
    // Often the meta of an earlier write: the one the table may share.
    at: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('remove' as const),
    from: fc.integer({ min: 0, max: 1500 }),
    count: fc.integer({ min: 1, max: 1500 }),
  }),
)

test('every pk of a split table reads the meta it was given, shared or not', () => {
  fc.assert(
    fc.property(fc.array(opArb, { minLength: 1, maxLength: 8 }), (ops) => {
      let state = empty()
      const metas = new Map<string, EntityMeta>()
      const records = new Map<string, EntityRecord>()
      let clock = 0
      for (const op of ops) {
        clock += 1
        const pks = Array.from({ length: op.count }, (_, i) => pkOf(op.from + i + 1))
        if (op.kind === 'remove') {
          state = removeFromTables(state, { Item: pks })
          for (const pk of pks) {
            metas.delete(pk)
            records.delete(pk)
          }
          continue
        }
        const delta: Record<string, EntityRecord> = {}
        const deltaMeta: Record<string, EntityMeta> = {}
        const shared = metaAt(op.kind === 'metaOnly' ? op.at : clock)
        pks.forEach((pk, i) => {
          const deleted = op.kind === 'write' && op.deleteEvery > 0 && i % op.deleteEvery === 0
          const meta = op.kind === 'write' && op.mixed && i % 3 === 0 ? metaAt(clock + 0.5) : shared
          deltaMeta[pk] = deleted ? metaAt(clock, true) : { ...meta }
          metas.set(pk, deltaMeta[pk] as EntityMeta)
          if (deleted) records.delete(pk)
          else if (op.kind === 'write') {
            delta[pk] = { id: pk, v: clock }
            records.set(pk, delta[pk] as EntityRecord)
          }
        })
        state = writeTables(state, { Item: delta }, { Item: deltaMeta })
      }
      const restored = JSON.parse(JSON.stringify(state)) as TablesState
      const source = sourceOf(state)
      const restoredSource = sourceOf(restored)
      for (let i = 0; i <= 3100; i++) {
        const pk = pkOf(i)
        const expected = metas.get(pk)
        expect(source.getMeta('Item', pk)).toEqual(expected)
        expect(restoredSource.getMeta('Item', pk)).toEqual(expected)
        expect(getRecord(state, 'Item', pk)).toEqual(records.get(pk))
      }
      const listed = new Map<string, EntityMeta>()
      forEachEntityMeta(state, 'Item', (pk, meta) => {
        expect(listed.has(pk)).toBe(false)
        listed.set(pk, meta)
      })
      expect(listed).toEqual(metas)
    }),
    { numRuns: 15 },
  )
})

test('a response that fills a split table stores its meta once', () => {
  const pks = Array.from({ length: 5000 }, (_, i) => String(i + 1))
  const write = (state: TablesState, list: string[], t: number) =>
    writeTables(
      state,
      { Item: Object.fromEntries(list.map((pk) => [pk, { id: pk, t }])) },
      { Item: Object.fromEntries(list.map((pk) => [pk, metaAt(t)])) },
    )
  let state = write(empty(), pks, 1)
  expect(isSplitTable(state.layout, 'Item')).toBe(true)
  const metaMap = () => state.entitiesMeta.Item as unknown as SplitMap<EntityMeta>
  expect(metaMap()[0]).toMatchObject({ size: 0, shared: metaAt(1) })
  // Ten records fetched again: ten entries, the rest still shared.
  state = write(state, pks.slice(0, 10), 2)
  expect(countStored(metaMap(), true)).toBe(10)
  expect(metaOf(state, '1')).toEqual(metaAt(2))
  expect(metaOf(state, '4000')).toEqual(metaAt(1))
  // The whole list fetched again: shared again, no entries.
  state = write(state, pks, 3)
  expect(countStored(metaMap(), true)).toBe(0)
  expect(metaMap()[0]).toMatchObject({ shared: metaAt(3) })
  // A meta written alone for a pk without a record keeps an entry, even when it equals the
  // shared one (the shared meta stands only for records).
  state = writeTables(state, {}, { Item: { '9999': metaAt(3) } })
  expect(metaOf(state, '9999')).toEqual(metaAt(3))
  state = writeTables(state, {}, {})
  expect(countStored(metaMap(), true)).toBe(1)
  state = removeFromTables(state, { Item: ['9999'] })
  // JSON: one meta for 5,000 records.
  expect(JSON.stringify(state.entitiesMeta).length).toBeLessThan(2_000)
})
