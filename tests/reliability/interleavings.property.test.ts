/**
 * Random interleavings of reads (one record, a list), deletes, optimistic edits (one field each,
 * some refused by the server) and invalidations: every request starts and answers at a random
 * point of one schedule. After every step, what readers see must be what the ordering rules say
 * (docs/concepts/reliability.md, "What wins on conflict"), computed here from the schedule alone:
 * - per record, the newest write wins: reads and mutations by when they started, and between a
 *   read and a mutation, the mutation wins over reads that started before it was confirmed;
 * - a delete is a write like any other (a tombstone), which older data cannot undo;
 * - pending optimistic edits show over the confirmed data in the order they started, each only
 *   its own field, except under a record a confirmed mutation started after the edit wrote
 *   (two mutations compare their starts); a refused edit disappears and nothing else with it.
 * At the end the state is plain data and replaying the recorded actions rebuilds it.
 */
import fc from 'fast-check'
import { Endpoint, Entity, Query, schema } from 'rtk-resources'
import type { OptimisticSnapshot } from 'rtk-resources'
import { deferred, expectPlain, makeStore } from '../fixtures/store'

class Member extends Entity {
  id = 0
  name = ''
  email = ''
  pk() {
    return this.id
  }
  static key = 'Member'
}

type Field = 'name' | 'email'
type Op =
  | { kind: 'get'; id: number }
  | { kind: 'list'; ids: number[] }
  | { kind: 'delete'; id: number }
  | { kind: 'patch'; id: number; field: Field; fails: boolean }
  | { kind: 'invalidate'; id: number }

const ids = fc.integer({ min: 1, max: 3 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('get' as const), id: ids }),
  fc.record({
    kind: fc.constant('list' as const),
    ids: fc.uniqueArray(ids, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: ids }),
  fc.record({
    kind: fc.constant('patch' as const),
    id: ids,
    field: fc.constantFrom<Field>('name', 'email'),
    fails: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('invalidate' as const), id: ids }),
)

/** Ops, and for each one when it starts and when it answers (start < answer). */
const scheduleArb = fc
  .array(opArb, { minLength: 1, maxLength: 8 })
  .chain((ops) =>
    fc.tuple(
      fc.constant(ops),
      fc.array(fc.tuple(fc.nat(1000), fc.nat(1000)), {
        minLength: ops.length,
        maxLength: ops.length,
      }),
    ),
  )
  .map(([ops, times]) => {
    const events: Array<{ at: number; op: number; answer: boolean }> = []
    times.forEach(([a, b], op) => {
      events.push({ at: Math.min(a, b), op, answer: false })
      events.push({ at: Math.max(a, b) + 0.5, op, answer: true })
    })
    events.sort((x, y) => x.at - y.at || x.op - y.op)
    return { ops, events }
  })

/** The order stamps of one write in the model: start, and confirmation for mutations. */
interface Stamp {
  start: number
  confirmed?: number
}
/** The ordering rule, from the schedule's positions. */
function isNewer(stored: Stamp, incoming: Stamp): boolean {
  const order = (a: Stamp, b: Stamp) =>
    a.confirmed !== undefined && b.confirmed === undefined ? a.confirmed : a.start
  return order(stored, incoming) <= order(incoming, stored)
}

type Fields = Partial<Record<Field, string>>
type Stored = { stamp: Stamp; deleted: boolean; fields: Fields }

const all = new Query(new schema.All(Member))

test('random interleavings of reads, deletes, optimistic edits and invalidations keep the rules', async () => {
  await fc.assert(
    fc.asyncProperty(scheduleArb, async ({ ops, events }) => {
      const { store, cache, controller, replay } = makeStore()
      const getMember = new Endpoint((_args: { id: number }) => Promise.resolve({}), {
        schema: Member,
        name: 'get',
      })
      const gates = ops.map(() => deferred<void>())
      const pending: Array<Promise<unknown>> = []
      const startedAt: number[] = []
      const answeredAt: number[] = []
      const model = new Map<number, Stored>()

      const readValue = (index: number): Fields => ({
        name: `r${index}`,
        email: `r${index}@`,
      })
      const endpointOf = (op: Op, index: number) => {
        const answer = async () => {
          await gates[index]!.promise
          if (op.kind === 'get') return { id: op.id, ...readValue(index) }
          if (op.kind === 'list') return op.ids.map((id) => ({ id, ...readValue(index) }))
          if (op.kind === 'delete') return { id: op.id }
          if (op.kind === 'patch' && op.fails) throw new Error('refused')
          return op.kind === 'patch' ? { id: op.id, [op.field]: `p${index}` } : null
        }
        if (op.kind === 'get') return new Endpoint(answer, { schema: Member, name: `op${index}` })
        if (op.kind === 'list') {
          return new Endpoint(answer, { schema: [Member], name: `op${index}` })
        }
        if (op.kind === 'delete') {
          return new Endpoint(answer, {
            schema: new schema.Delete(Member),
            sideEffect: true,
            name: `op${index}`,
            getOptimisticResponse: () => ({ id: op.id }),
          })
        }
        const patch = op as Extract<Op, { kind: 'patch' }>
        return new Endpoint(answer, {
          schema: Member,
          sideEffect: true,
          name: `op${index}`,
          getOptimisticResponse: (_snap: OptimisticSnapshot) => ({
            id: patch.id,
            [patch.field]: `p${index}`,
          }),
        })
      }

      /** The model's confirmed data after the answer of op `index` (by the rules). */
      const confirm = (op: Op, index: number) => {
        const read = op.kind === 'get' || op.kind === 'list'
        const stamp: Stamp = read
          ? { start: startedAt[index]! }
          : { start: startedAt[index]!, confirmed: answeredAt[index]! }
        const write = (id: number, deleted: boolean, fields: Fields) => {
          const stored = model.get(id)
          if (stored && !isNewer(stored.stamp, stamp)) {
            // Older than what is stored: fills in members only, and never undoes a delete.
            if (!stored.deleted && !deleted) stored.fields = { ...fields, ...stored.fields }
            return
          }
          const base = stored && !stored.deleted && !deleted ? stored.fields : {}
          model.set(id, { stamp, deleted, fields: deleted ? {} : { ...base, ...fields } })
        }
        if (op.kind === 'get') write(op.id, false, readValue(index))
        if (op.kind === 'list') for (const id of op.ids) write(id, false, readValue(index))
        if (op.kind === 'delete') write(op.id, true, {})
        if (op.kind === 'patch' && !op.fails) write(op.id, false, { [op.field]: `p${index}` })
      }

      /** What readers must see now: confirmed data, then pending optimistic edits in order. */
      const expected = () => {
        const shown = new Map<number, Fields | undefined>()
        for (const [id, stored] of model) shown.set(id, stored.deleted ? undefined : stored.fields)
        const inFlight = ops
          .map((op, index) => ({ op, index }))
          .filter(({ index }) => startedAt[index] !== undefined && answeredAt[index] === undefined)
          .sort((a, b) => startedAt[a.index]! - startedAt[b.index]!)
        for (const { op, index } of inFlight) {
          if (op.kind === 'delete') shown.set(op.id, undefined)
          if (op.kind === 'patch') {
            const current = shown.get(op.id)
            const stored = model.get(op.id)
            const edit = { [op.field]: `p${index}` }
            // A newer confirmed mutation's record keeps its fields over this older edit.
            const beneath =
              current !== undefined &&
              stored !== undefined &&
              !stored.deleted &&
              stored.stamp.confirmed !== undefined &&
              stored.stamp.start > startedAt[index]!
            shown.set(op.id, beneath ? { ...edit, ...current } : { ...(current ?? {}), ...edit })
          }
        }
        const visible = new Map<number, string>()
        for (const [id, fields] of shown) {
          if (fields) visible.set(id, `${fields.name ?? ''}|${fields.email ?? ''}`)
        }
        return visible
      }
      const visible = () =>
        new Map(
          (cache.select(all)(store.getState()) ?? []).map(
            (member) => [member.id, `${member.name}|${member.email}`] as const,
          ),
        )

      for (const [step, event] of events.entries()) {
        const op = ops[event.op]!
        if (!event.answer) {
          startedAt[event.op] = step
          if (op.kind === 'invalidate') {
            controller.invalidate(getMember, { id: op.id })
            pending[event.op] = Promise.resolve()
          } else {
            pending[event.op] = controller.fetch(endpointOf(op, event.op)).catch(() => undefined)
          }
        } else {
          gates[event.op]!.resolve()
          await pending[event.op]
          answeredAt[event.op] = step
          if (op.kind !== 'invalidate') confirm(op, event.op)
        }
        expect(visible()).toEqual(expected())
      }

      const state = store.getState()
      expect(state.data.optimistic).toEqual([])
      expectPlain(state)
      expect(replay()).toEqual(state)
    }),
    { numRuns: 150 },
  )
})
