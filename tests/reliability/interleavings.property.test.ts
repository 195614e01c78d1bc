import fc from 'fast-check'
import { Endpoint, Query, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { deferred, expectPlain, makeStore } from '../fixtures/store'

type Op =
  | { kind: 'get'; id: number; name: string }
  | { kind: 'delete'; id: number }
  | { kind: 'list'; ids: number[]; name: string }
  | { kind: 'invalidate'; id: number }

const ids = fc.integer({ min: 1, max: 4 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('get' as const), id: ids, name: fc.string({ maxLength: 4 }) }),
  fc.record({ kind: fc.constant('delete' as const), id: ids }),
  fc.record({
    kind: fc.constant('list' as const),
    ids: fc.uniqueArray(ids, { minLength: 1, maxLength: 4 }),
    name: fc.string({ maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('invalidate' as const), id: ids }),
)

const all = new Query(new schema.All(User))

test('random interleavings of responses, deletes and invalidations keep the invariants', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc
        .array(opArb, { minLength: 1, maxLength: 8 })
        .chain((ops) =>
          fc.tuple(
            fc.constant(ops),
            fc.shuffledSubarray([...ops.keys()], { minLength: ops.length }),
          ),
        ),
      async ([ops, resolveOrder]) => {
        const { store, cache, controller, replay } = makeStore()
        const getUser = new Endpoint((_args: { id: number; n: number }) => Promise.resolve({}), {
          schema: User,
          name: 'get',
        })
        const gates = ops.map(() => deferred<void>())
        // Start every request in order (each waits on its gate), then answer them shuffled.
        const pending: Promise<unknown>[] = []
        ops.forEach((op, index) => {
          const wait = gates[index]!.promise
          if (op.kind === 'invalidate') {
            pending.push(wait.then(() => controller.invalidate(getUser, { id: op.id, n: -1 })))
            return
          }
          const endpoint = new Endpoint(
            async () => {
              await wait
              if (op.kind === 'get') return { id: op.id, name: `${op.name}#${index}`, posts: [] }
              if (op.kind === 'delete') return { id: op.id }
              return op.ids.map((id) => ({ id, name: `${op.name}#${index}`, posts: [] }))
            },
            {
              schema:
                op.kind === 'get' ? User : op.kind === 'delete' ? new schema.Delete(User) : [User],
              sideEffect: op.kind === 'delete',
              name: `op${index}`,
            },
          )
          pending.push(controller.fetch(endpoint).catch(() => undefined))
        })
        await Promise.resolve()
        for (const index of resolveOrder) {
          gates[index]!.resolve()
          await new Promise((resolve) => setTimeout(resolve, 0))
        }
        await Promise.all(pending)

        // Expected: per id, the write of the latest-started request wins.
        const expected = new Map<number, string | null>()
        ops.forEach((op, index) => {
          if (op.kind === 'get') expected.set(op.id, `${op.name}#${index}`)
          if (op.kind === 'delete') expected.set(op.id, null)
          if (op.kind === 'list') for (const id of op.ids) expected.set(id, `${op.name}#${index}`)
        })
        const state = store.getState()
        const visible = new Map(
          (cache.select(all)(state) ?? []).map((user) => [user.id, user.name] as const),
        )
        for (const [id, name] of expected) {
          if (name === null) expect(visible.has(id)).toBe(false)
          else expect(visible.get(id)).toBe(name)
        }
        expect([...visible.keys()].every((id) => expected.has(id))).toBe(true)
        void getUser
        expectPlain(state)
        expect(replay()).toEqual(state)
      },
    ),
    { numRuns: 150 },
  )
})
