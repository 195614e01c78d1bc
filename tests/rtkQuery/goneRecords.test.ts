/**
 * Records leaving RTK Query entries the way the cache's own reads leave them out: a deleted
 * record in a `schema.Values` map, as an optional member, as a required member (its holder goes
 * too). And entries whose paths name `__proto__` or `constructor`, which Immer refuses to replay
 * as patches: the bridge patches them with a new value instead, from either side.
 */
import { configureStore } from '@reduxjs/toolkit'
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query'
import { HttpResponse, http } from 'msw'
import { Endpoint, Entity, createEntityCache, schema } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'
import { deferred, expectPlain } from '../fixtures/store'

const API = 'https://gone.example.com'

class Person extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static key = 'Person'
}

class Note extends Entity {
  id = ''
  text = ''
  /** Required: a note cannot show without its author. */
  author = Person.fromJS()
  /** Optional: a note without a reviewer shows `undefined` there. */
  reviewer: Person | null = null
  pk() {
    return this.id
  }
  static key = 'Note'
  static schema = { author: Person, reviewer: Person }
}

interface PersonRow {
  id: string
  name: string
}
interface NoteRow {
  id: string
  text: string
  author: PersonRow
  reviewer?: PersonRow | null
}

const ada = { id: 'ada', name: 'Ada' }
const bob = { id: 'bob', name: 'Bob' }
let notes: Record<string, NoteRow>
const server = serveHandlers()
beforeEach(() => {
  notes = {
    n1: { id: 'n1', text: 'one', author: ada, reviewer: bob },
    n2: { id: 'n2', text: 'two', author: bob, reviewer: ada },
  }
  server.use(
    http.get(`${API}/notes`, () => HttpResponse.json(Object.values(notes))),
    http.get(`${API}/byKey`, () => HttpResponse.json(notes)),
    http.patch(`${API}/notes/:id`, async ({ params, request }) => {
      const id = params.id as string
      const body = (await request.json()) as Partial<NoteRow>
      return HttpResponse.json({ ...(notes[id] ?? { id, author: ada }), ...body })
    }),
  )
})

function setup() {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: fetchBaseQuery({ baseUrl: API }),
    endpoints: (build) => ({
      getNotes: build.query<NoteRow[], void>({ query: () => '/notes' }),
      getByKey: build.query<Record<string, NoteRow>, void>({ query: () => '/byKey' }),
      editNote: build.mutation<NoteRow, Pick<NoteRow, 'id'> & Partial<NoteRow>>({
        query: ({ id, ...body }) => ({ url: `/notes/${id}`, method: 'PATCH', body }),
      }),
    }),
  })
  const cache = createEntityCache({ reducerPath: 'data' })
  const bridge = cache.bridgeRtkQuery(api, {
    getNotes: [Note],
    getByKey: new schema.Values(Note),
    editNote: Note,
  })
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
  })
  const controller = cache.controller(store)
  const byKey = () => api.endpoints.getByKey.select()(store.getState()).data
  const list = () => api.endpoints.getNotes.select()(store.getState()).data
  const stop = () => store.dispatch(api.util.resetApiState())
  const load = async (name: 'getNotes' | 'getByKey') => {
    if (name === 'getNotes') await store.dispatch(api.endpoints.getNotes.initiate())
    else await store.dispatch(api.endpoints.getByKey.initiate())
  }
  return { api, bridge, store, controller, byKey, list, load, stop }
}

const deleteNote = new Endpoint(async ({ id }: { id: string }) => ({ id }), {
  schema: new schema.Delete(Note),
  sideEffect: true,
  name: 'deleteNote',
})
const deletePerson = new Endpoint(async ({ id }: { id: string }) => ({ id }), {
  schema: new schema.Delete(Person),
  sideEffect: true,
  name: 'deletePerson',
})
const renamePerson = new Endpoint(async (person: PersonRow) => person, {
  schema: Person,
  sideEffect: true,
  name: 'renamePerson',
})

describe('a deleted record leaves RTK Query entries as it leaves our reads', () => {
  it('is removed from a schema.Values map; the other values keep their references', async () => {
    const { store, controller, bridge, byKey, load, stop } = setup()
    await load('getByKey')
    const before = byKey()
    await controller.fetch(deleteNote, { id: 'n1' })
    expect(Object.keys(byKey() ?? {})).toEqual(['n2'])
    expect(byKey()?.n2).toBe(before?.n2)
    expect(Object.keys(bridge.select('getByKey')(store.getState()) ?? {})).toEqual(['n2'])
    expectPlain(store.getState().api)
    stop()
  })

  it('an optional member is removed; its holder stays, as our read shows it', async () => {
    const { store, controller, bridge, list, load, stop } = setup()
    await load('getNotes')
    await controller.fetch(deletePerson, { id: 'bob' })
    // n1's reviewer was bob: gone, n1 stays. n2's author was bob (required): n2 goes too.
    expect(list()).toEqual([{ id: 'n1', text: 'one', author: ada }])
    const ours = bridge.select('getNotes')(store.getState())
    expect(ours?.map((note) => [note.id, note.reviewer])).toEqual([['n1', undefined]])
    stop()
  })

  it('a required member takes its holder out of a map too', async () => {
    const { store, controller, bridge, byKey, load, stop } = setup()
    await load('getByKey')
    await controller.fetch(deletePerson, { id: 'ada' })
    // n1's author was ada: n1 goes; n2's reviewer was ada: the member goes, n2 stays.
    expect(byKey()).toEqual({ n2: { id: 'n2', text: 'two', author: bob } })
    expect(Object.keys(bridge.select('getByKey')(store.getState()) ?? {})).toEqual(['n2'])
    stop()
  })
})

describe('entries whose paths name __proto__ or constructor', () => {
  const keyed = (key: string) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(notes.n1)}}`)

  it.each(['__proto__', 'constructor'])(
    'a map keyed %j gets our rename, and the fetch that made it resolves',
    async (key) => {
      server.use(http.get(`${API}/byKey`, () => HttpResponse.json(keyed(key))))
      const { controller, byKey, load, stop } = setup()
      await load('getByKey')
      await expect(controller.fetch(renamePerson, { id: 'ada', name: 'Ada L.' })).resolves.toEqual(
        expect.objectContaining({ name: 'Ada L.' }),
      )
      const map = byKey() as object
      expect(Object.getPrototypeOf(map)).toBe(Object.prototype)
      expect(Object.getOwnPropertyDescriptor(map, key)?.value.author.name).toBe('Ada L.')
      expect(JSON.parse(JSON.stringify(map))).toEqual(map)
      stop()
    },
  )

  it('an RTK Query mutation of a record in a map keyed "__proto__" succeeds and is patched in', async () => {
    server.use(http.get(`${API}/byKey`, () => HttpResponse.json(keyed('__proto__'))))
    const { api, store, byKey, load, stop } = setup()
    await load('getByKey')
    const result = await store.dispatch(api.endpoints.editNote.initiate({ id: 'n1', text: 'new' }))
    expect('error' in result ? result.error : undefined).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(byKey(), '__proto__')?.value.text).toBe('new')
    stop()
  })

  it('a record deleted from a map keyed "constructor" is removed', async () => {
    server.use(http.get(`${API}/byKey`, () => HttpResponse.json(keyed('constructor'))))
    const { controller, byKey, load, stop } = setup()
    await load('getByKey')
    await controller.fetch(deleteNote, { id: 'n1' })
    expect(Object.keys(byKey() ?? {})).toEqual([])
    stop()
  })
})

describe('a holder whose required member is swapped in the same write stays', () => {
  it('one response deletes bob and gives n2 to ada: n2 stays, as in our read', async () => {
    const { store, controller, bridge, list, load, stop } = setup()
    await load('getNotes')
    const reassign = new Endpoint(
      async () => ({ gone: { id: 'bob' }, note: { id: 'n2', text: 'two', author: ada } }),
      { schema: { gone: new schema.Delete(Person), note: Note }, sideEffect: true, name: 'swap' },
    )
    await controller.fetch(reassign)
    const authors = (notes: Array<{ id: string; author: { id: string } }> | undefined) =>
      notes?.map((note) => `${note.id}:${note.author.id}`)
    expect(authors(bridge.select('getNotes')(store.getState()))).toEqual(['n1:ada', 'n2:ada'])
    expect(authors(list())).toEqual(['n1:ada', 'n2:ada'])
    stop()
  })

  it('an optimistic temporary author answered with the real one: the note stays', async () => {
    const { controller, list, load, stop } = setup()
    await load('getNotes')
    const answer = deferred<unknown>()
    const setAuthor = new Endpoint((_body: { id: string; name: string }) => answer.promise, {
      schema: Note,
      sideEffect: true,
      name: 'setAuthor',
      getOptimisticResponse: (_snapshot: unknown, body: { id: string; name: string }) => ({
        id: body.id,
        text: 'one',
        author: { id: 'tmp-1', name: body.name },
      }),
    })
    const pending = controller.fetch(setAuthor, { id: 'n1', name: 'Carl' })
    expect(list()?.map((note) => note.author.id)).toEqual(['tmp-1', 'bob'])
    answer.resolve({ id: 'n1', text: 'one', author: { id: 'carl', name: 'Carl' } })
    await pending
    expect(list()?.map((note) => note.author.id)).toEqual(['carl', 'bob'])
    stop()
  })
})

it('a written value holding an own "__proto__" key stays data in the entry', async () => {
  const { api, store, controller, load, stop } = setup()
  await load('getNotes')
  const setNote = new Endpoint(async (note: unknown) => note, {
    schema: Note,
    sideEffect: true,
    name: 'setNote',
  })
  const text = JSON.parse('{"__proto__": {"polluted": true}, "body": "hi"}')
  await controller.fetch(setNote, { id: 'n1', text, author: ada })
  const written = api.endpoints.getNotes.select()(store.getState()).data?.[0]?.text as unknown
  expect(Object.getPrototypeOf(written)).toBe(Object.prototype)
  expect(JSON.stringify(written)).toBe('{"__proto__":{"polluted":true},"body":"hi"}')
  expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  stop()
})
