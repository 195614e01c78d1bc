/**
 * A user-controlled value in a call's args (an id, a search text) is part of its cache key; the
 * slice keeps every key at most MAX_KEY_LENGTH characters, and long keys keep working as keys.
 */
import { http, HttpResponse } from 'msw'
import { createResource, Entity, ExpiryStatus, NetworkError } from 'rtk-resources'
import { MAX_KEY_LENGTH } from '../../src/internal/boundedKey'
import { makeRestStore } from '../fixtures/restStore'
import { server } from '../mocks/server'

const API = 'https://long.example.com'
class Note extends Entity {
  id = ''
  text = ''
  tag = ''
  pk() {
    return this.id
  }
  static key = 'Note'
}
const notes = createResource({ urlPrefix: API, path: '/notes/:id', schema: Note })
const sliceKeys = (state: { data: { meta: object; results: object } }) => [
  ...Object.keys(state.data.meta),
  ...Object.keys(state.data.results),
]

test('a 1 MB id answered 414: the error is recorded under a bounded key', async () => {
  server.use(http.get(`${API}/notes/:id`, () => HttpResponse.json({}, { status: 414 })))
  const { store, controller, check } = makeRestStore()
  const id = 'z'.repeat(1_000_000)
  await expect(controller.fetch(notes.get, { id })).rejects.toBeInstanceOf(NetworkError)
  expect(controller.getError(notes.get, { id }, store.getState())).toMatchObject({ status: 414 })
  const state = store.getState()
  for (const key of sliceKeys(state)) expect(key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH)
  expect(JSON.stringify(state).length).toBeLessThan(3 * MAX_KEY_LENGTH)
  check()
})

test('long search texts: each call stored, read and invalidated under its own bounded key', async () => {
  server.use(
    http.get(`${API}/notes`, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? ''
      return HttpResponse.json([{ id: q.slice(-1), text: `${q.length}` }])
    }),
  )
  const { store, cache, controller, check } = makeRestStore()
  const long = 'q'.repeat(500_000)
  // Two texts that differ only past the point where their keys are cut.
  const a = await controller.fetch(notes.getList, { q: `${long}a` })
  const b = await controller.fetch(notes.getList, { q: `${long}b` })
  expect(a.map((note) => note.id)).toEqual(['a'])
  expect(b.map((note) => note.id)).toEqual(['b'])
  expect(cache.select(notes.getList, { q: `${long}a` })(store.getState())?.[0]?.id).toBe('a')
  expect(cache.select(notes.getList, { q: `${long}b` })(store.getState())?.[0]?.id).toBe('b')
  const state = store.getState()
  expect(sliceKeys(state)).toHaveLength(4)
  for (const key of sliceKeys(state)) expect(key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH)
  // The endpoint still recognizes its shortened keys.
  controller.invalidateAll({ testKey: (key) => notes.getList.testKey(key) })
  const after = controller.getResponse(notes.getList, { q: `${long}a` }, store.getState())
  expect(after.expiryStatus).toBe(ExpiryStatus.Invalid)
  check()
})

test('a value shortened inside the path keeps the rest of the key: testKey and lists that grow still read it', async () => {
  const nested = createResource({ urlPrefix: API, path: '/users/:userId/notes/:id', schema: Note })
  const userId = 'u'.repeat(5_000)
  const key = nested.getList.key({ userId })
  expect(key.length).toBeLessThan(MAX_KEY_LENGTH)
  expect(key).toMatch(/\/notes$/)
  expect(nested.getList.testKey(key)).toBe(true)
  expect(nested.get.testKey(key)).toBe(false)

  server.use(
    http.get(`${API}/notes`, () => HttpResponse.json([{ id: '1', text: 'one', tag: 'x' }])),
    http.post(`${API}/notes`, async ({ request }) =>
      HttpResponse.json({ id: '2', ...((await request.json()) as object) }),
    ),
  )
  const { store, cache, controller, check } = makeRestStore()
  const tag = 't'.repeat(5_000)
  await controller.fetch(notes.getList, { tag })
  await controller.fetch(notes.getList.push, { text: 'two', tag })
  const ids = cache
    .select(notes.getList, { tag })(store.getState())
    ?.map((note) => note.id)
  expect(ids).toEqual(['1', '2'])
  check()
})
