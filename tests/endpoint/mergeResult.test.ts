/**
 * The cache's `mergeResult` hook (used by `paginated`): the stored normalized result and the new
 * one are combined before the single `received` action, which carries the final result.
 */
import { Endpoint } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { deferred } from '../fixtures/store'
import { makeRestStore } from '../fixtures/restStore'

const pages: Record<string, { id: number; name: string }[]> = {
  a: [
    { id: 1, name: 'Ada' },
    { id: 2, name: 'Grace' },
  ],
  b: [
    { id: 2, name: 'Grace H.' },
    { id: 3, name: 'Linus' },
  ],
}

/** Appends the ids not already stored. */
function mergeResult(existing: unknown, incoming: unknown) {
  const seen = new Set(existing as string[])
  return [...(existing as string[]), ...(incoming as string[]).filter((id) => !seen.has(id))]
}
const options = { name: 'users', schema: [User], key: () => 'users', mergeResult }
const append = new Endpoint(
  async ({ page }: { page: string }) => structuredClone(pages[page]),
  options,
)

test('the second response is merged with the stored one; the action carries the merged result', async () => {
  const { store, controller, recorded, check } = makeRestStore()
  await controller.fetch(append, { page: 'a' })
  const users = await controller.fetch(append, { page: 'b' })
  expect(users.map((u) => u.name)).toEqual(['Ada', 'Grace H.', 'Linus'])
  expect(store.getState().data.results.users).toEqual([1, 2, 3])
  const received = recorded.filter((a) => a.type === 'data/received')
  expect(received).toHaveLength(2)
  expect((received[1]?.payload as { result: unknown }).result).toEqual([1, 2, 3])
  check()
})

test('without a stored result the response is stored as it is', async () => {
  const { store, controller, check } = makeRestStore()
  await controller.fetch(append, { page: 'b' })
  expect(store.getState().data.results.users).toEqual([2, 3])
  check()
})

test('requests with different args are not deduplicated by their shared key', async () => {
  const gates = { a: deferred<void>(), b: deferred<void>() }
  const slow = new Endpoint(async ({ page }: { page: 'a' | 'b' }) => {
    await gates[page].promise
    return structuredClone(pages[page])
  }, options)
  const { store, controller, check } = makeRestStore()
  const first = controller.fetch(slow, { page: 'a' })
  const second = controller.fetch(slow, { page: 'b' })
  const again = controller.fetch(slow, { page: 'a' })
  expect(again).toBe(first)
  expect(second).not.toBe(first)
  gates.a.resolve()
  await first
  gates.b.resolve()
  await second
  expect(store.getState().data.results.users).toEqual([1, 2, 3])
  check()
})
