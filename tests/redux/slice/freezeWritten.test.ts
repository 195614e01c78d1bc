/**
 * Development freezes what the cache stores, as copies: what a caller handed over (a plain
 * function's response, a `setResponse` value, the nested members of its records, an optimistic
 * response) is never frozen under them. A fake server that changes its own objects later keeps
 * working, and the state keeps what was stored (data-client freezes nothing).
 */
import { Endpoint, Entity } from 'rtk-resources'
import { makeStore } from '../../fixtures/store'

class Note extends Entity {
  id = 0
  text = ''
  meta: { pinned: boolean } = { pinned: false }
  tags: string[] = []
  pk() {
    return this.id
  }
  static key = 'Note'
}

/** A Note as the state stores it. */
type StoredNote = { id: number; text: string; meta: { pinned: boolean }; tags: string[] }

test('a schema-less response stays open for its owner; the state keeps what was stored', async () => {
  const settings = { theme: 'dark', nested: { size: 1 }, list: [1, 2] }
  const getSettings = new Endpoint(async () => settings, { name: 'settings' })
  const { controller, store } = makeStore()
  await controller.fetch(getSettings)
  settings.theme = 'light'
  settings.nested.size = 2
  settings.list.push(3)
  store.dispatch({ type: 'anything' }) // RTK's immutable check sees no mutation of the state
  expect(store.getState().data.results[getSettings.key()]).toEqual({
    theme: 'dark',
    nested: { size: 1 },
    list: [1, 2],
  })
  expect(Object.isFrozen(store.getState().data.results[getSettings.key()])).toBe(true)
})

test("a record's nested members stay open for their owner, in fetch and setResponse", async () => {
  const db = { id: 1, text: 'a', meta: { pinned: false }, tags: ['x'] }
  const getNote = new Endpoint(async () => db, { schema: Note, name: 'note' })
  const { controller, store } = makeStore()
  await controller.fetch(getNote)
  db.meta.pinned = true
  db.tags.push('y')
  const given = { id: 2, text: 'b', meta: { pinned: false }, tags: ['z'] }
  controller.setResponse(getNote, given)
  given.tags.push('w')
  store.dispatch({ type: 'anything' })
  const table = store.getState().data.entities.Note as Record<string, StoredNote>
  expect(table['1']).toEqual({ id: 1, text: 'a', meta: { pinned: false }, tags: ['x'] })
  expect(table['2']?.tags).toEqual(['z'])
  expect(Object.isFrozen(table['1']?.meta)).toBe(true)
})

test('an object shared by two records is copied for each, and frozen values are kept as they are', () => {
  const shared = { pinned: true }
  const kept = Object.freeze(['frozen'])
  const list = new Endpoint(async () => [], { schema: [Note], name: 'notes' })
  const { controller, store } = makeStore()
  controller.setResponse(list, [
    { id: 1, text: 'a', meta: shared, tags: kept },
    { id: 2, text: 'b', meta: shared, tags: [] },
  ])
  const table = store.getState().data.entities.Note as Record<string, StoredNote>
  expect(table['1']?.meta).not.toBe(shared)
  expect(table['2']?.meta).toEqual({ pinned: true })
  expect(table['1']?.tags).toBe(kept)
  expect(Object.isFrozen(shared)).toBe(false)
})

test('an optimistic response stays open for its owner', async () => {
  const draft = { id: 3, text: 'draft', meta: { pinned: false }, tags: ['t'] }
  let answer!: (value: unknown) => void
  const saveNote = new Endpoint(
    (_body: typeof draft) => new Promise((resolve) => (answer = resolve)),
    { schema: Note, sideEffect: true, name: 'saveNote', getOptimisticResponse: () => draft },
  )
  const { controller } = makeStore()
  const saving = controller.fetch(saveNote, draft)
  await Promise.resolve()
  expect(() => draft.tags.push('u')).not.toThrow()
  answer({ ...draft, tags: ['t'] })
  await saving
})

test('objects of another realm and without a prototype are copied too, not frozen in place', async () => {
  const bare = Object.assign(Object.create(null) as Record<string, unknown>, { pinned: false })
  const cloned = structuredClone({ id: 4, text: 'c', meta: { pinned: false }, tags: ['x'] })
  const getNote = new Endpoint(async () => cloned, { schema: Note, name: 'clonedNote' })
  const getBare = new Endpoint(async () => ({ settings: bare }), { name: 'bare' })
  const { controller, store } = makeStore()
  await controller.fetch(getNote)
  await controller.fetch(getBare)
  expect(() => {
    cloned.meta.pinned = true
    bare.pinned = true
  }).not.toThrow()
  store.dispatch({ type: 'anything' })
  const table = store.getState().data.entities.Note as Record<string, StoredNote>
  expect(table['4']?.meta).toEqual({ pinned: false })
  expect(store.getState().data.results[getBare.key()]).toEqual({ settings: { pinned: false } })
})
