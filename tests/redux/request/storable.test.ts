/**
 * Everything a store writes is plain JSON data, by every route: a response with `undefined`
 * members (which clear what they name, then are left out), an optimistic response holding a
 * Date or `undefined`, a `mergeResult` that leaves a member `undefined`. The state equals its
 * JSON copy, and a replay rebuilds it.
 */
import { Endpoint, Entity } from 'rtk-resources'
import type { OptimisticSnapshot } from 'rtk-resources'
import { deferred, expectPlain, makeStore } from '../../fixtures/store'

class Note extends Entity {
  id = 0
  text = ''
  deletedAt: string | null = null
  pk() {
    return this.id
  }
  static key = 'StorableNote'
}

test('an undefined member of a later response clears the stored one, and is not stored', async () => {
  const { store, controller, cache, replay, expectSilentChecks } = makeStore()
  const answers = [
    { id: 1, text: 'a', deletedAt: '2024-01-01' },
    { id: 1, text: 'a', deletedAt: undefined },
  ]
  const getNote = new Endpoint(async () => answers.shift(), { schema: Note, name: 'getNote' })
  await controller.fetch(getNote)
  expect(cache.select(getNote)(store.getState())?.deletedAt).toBe('2024-01-01')
  await controller.fetch(getNote)
  expect(store.getState().data.entities.StorableNote?.[1]).toStrictEqual({ id: 1, text: 'a' })
  // Read as the field's default, live as restored from JSON.
  expect(cache.select(getNote)(store.getState())?.deletedAt).toBeNull()
  expectPlain(store.getState().data)
  expect(replay().data).toStrictEqual(store.getState().data)
  expectSilentChecks()
})

test('an optimistic response is stored as plain data: a Date as its ISO string, no undefined', async () => {
  const { store, controller, recorded, expectSilentChecks } = makeStore()
  const answer = deferred<unknown>()
  const at = new Date('2024-05-01T10:00:00.000Z')
  const editNote = new Endpoint((_body: { id: number; text: string }) => answer.promise, {
    schema: Note,
    sideEffect: true,
    name: 'editNote',
    getOptimisticResponse: (_snapshot: OptimisticSnapshot, body: { id: number; text: string }) => ({
      ...body,
      deletedAt: at,
      extra: undefined,
    }),
  })
  const pending = controller.fetch(editNote, { id: 1, text: 'draft' })
  const layer = store.getState().data.optimistic[0]
  expect(layer?.entities.StorableNote?.[1]).toStrictEqual({
    id: 1,
    text: 'draft',
    deletedAt: '2024-05-01T10:00:00.000Z',
  })
  expectPlain(store.getState().data)
  for (const action of recorded) expectPlain(action)
  answer.resolve({ id: 1, text: 'draft', deletedAt: null })
  await pending
  expectSilentChecks()
})

test("a mergeResult's undefined member is left out of the stored result", async () => {
  const { store, controller } = makeStore()
  const pages = [{ ids: [1], next: 'p2' }, { ids: [2] }]
  const getPages = new Endpoint(async () => pages.shift(), {
    name: 'getPages',
    mergeResult: (existing: unknown, incoming: unknown) => {
      const a = existing as { ids: number[] }
      const b = incoming as { ids: number[]; next?: string }
      return { ids: [...a.ids, ...b.ids], next: b.next }
    },
  })
  await controller.fetch(getPages)
  await controller.fetch(getPages)
  expect(store.getState().data.results[getPages.key()]).toStrictEqual({ ids: [1, 2] })
  expectPlain(store.getState().data)
})
