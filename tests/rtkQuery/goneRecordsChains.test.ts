/**
 * Records leaving RTK Query entries (a second look): a deleted Union member of an entity, a
 * holder deleted in the same write as its required member, swaps in the same write, chains of
 * required members, and an undefined nested-entity member clearing the stored reference.
 */
import { configureStore } from '@reduxjs/toolkit'
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query'
import { HttpResponse, http } from 'msw'
import { Endpoint, Entity, createEntityCache, schema } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'

const API = 'https://auditgone.example.com'

class Person extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static key = 'APerson'
}
class Image extends Entity {
  id = ''
  kind = 'image'
  pk() {
    return this.id
  }
  static key = 'AImage'
}
class Doc extends Entity {
  id = ''
  kind = 'doc'
  pk() {
    return this.id
  }
  static key = 'ADoc'
}
const attachment = new schema.Union({ image: Image, doc: Doc }, 'kind')
class Note extends Entity {
  id = ''
  text = ''
  author = Person.fromJS()
  reviewer: Person | null = null
  attachment: Image | Doc | null = null
  pk() {
    return this.id
  }
  static key = 'ANote'
  static schema = { author: Person, reviewer: Person, attachment }
}
class Comment extends Entity {
  id = ''
  note = Note.fromJS()
  pk() {
    return this.id
  }
  static key = 'AComment'
  static schema = { note: Note }
}

const ada = { id: 'ada', name: 'Ada' }
const bob = { id: 'bob', name: 'Bob' }
const server = serveHandlers()
beforeEach(() => {
  const notes = [
    { id: 'n1', text: 'one', author: ada, reviewer: bob, attachment: { id: 'i1', kind: 'image' } },
    { id: 'n2', text: 'two', author: bob, reviewer: ada, attachment: null },
  ]
  server.use(
    http.get(`${API}/notes`, () => HttpResponse.json(notes)),
    http.get(`${API}/comments`, () =>
      HttpResponse.json([
        { id: 'c1', note: notes[0] },
        { id: 'c2', note: notes[1] },
      ]),
    ),
  )
})

function setup() {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: fetchBaseQuery({ baseUrl: API }),
    endpoints: (build) => ({
      getNotes: build.query<any[], void>({ query: () => '/notes' }),
      getComments: build.query<any[], void>({ query: () => '/comments' }),
    }),
  })
  const cache = createEntityCache({ reducerPath: 'data' })
  const bridge = cache.bridgeRtkQuery(api, { getNotes: [Note], getComments: [Comment] })
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(api.middleware, cache.middleware, bridge.middleware),
  })
  const controller = cache.controller(store)
  const list = () => api.endpoints.getNotes.select()(store.getState()).data
  const comments = () => api.endpoints.getComments.select()(store.getState()).data
  const stop = () => store.dispatch(api.util.resetApiState())
  return { api, bridge, store, controller, list, comments, stop }
}
const del = (S: typeof Entity, name: string) =>
  new Endpoint(async ({ id }: { id: string }) => ({ id }), {
    schema: new schema.Delete(S),
    sideEffect: true,
    name,
  })

it('a deleted Union member of an entity leaves the RTK entry as it leaves our read', async () => {
  const { store, controller, bridge, api, list, stop } = setup()
  await store.dispatch(api.endpoints.getNotes.initiate())
  await controller.fetch(del(Image, 'delImage'), { id: 'i1' })
  const ours = (bridge.select('getNotes')(store.getState()) as any[])?.map(
    (n) => n.attachment?.id ?? null,
  )
  expect(ours).toEqual([null, null])
  expect(list()?.map((n: any) => n.attachment?.id ?? null)).toEqual(ours)
  stop()
})

it('holder deleted in the same write as its required member', async () => {
  const { store, controller, bridge, api, list, stop } = setup()
  await store.dispatch(api.endpoints.getNotes.initiate())
  const both = new Endpoint(async () => ({ p: { id: 'bob' }, n: { id: 'n2' } }), {
    schema: { p: new schema.Delete(Person), n: new schema.Delete(Note) },
    sideEffect: true,
    name: 'both',
  })
  await controller.fetch(both)
  const ours = (bridge.select('getNotes')(store.getState()) as any[])?.map(
    (n) => `${n.id}:${n.reviewer?.id}`,
  )
  expect(list()?.map((n: any) => `${n.id}:${n.reviewer?.id}`)).toEqual(ours)
  stop()
})

it('optional member swapped to another in the same write as the delete', async () => {
  const { store, controller, bridge, api, list, stop } = setup()
  await store.dispatch(api.endpoints.getNotes.initiate())
  const swap = new Endpoint(
    async () => ({ p: { id: 'bob' }, n: { id: 'n1', text: 'one', author: ada, reviewer: ada } }),
    { schema: { p: new schema.Delete(Person), n: Note }, sideEffect: true, name: 'swapRev' },
  )
  await controller.fetch(swap)
  const ours = (bridge.select('getNotes')(store.getState()) as any[])?.map(
    (n) => `${n.id}:${n.author?.id}:${n.reviewer?.id}`,
  )
  expect(list()?.map((n: any) => `${n.id}:${n.author?.id}:${n.reviewer?.id}`)).toEqual(ours)
  stop()
})

it('chain of required members: deleting a person drops the comment of its note', async () => {
  const { store, controller, bridge, api, comments, stop } = setup()
  await store.dispatch(api.endpoints.getComments.initiate())
  await controller.fetch(del(Person, 'delPerson'), { id: 'bob' })
  const ours = (bridge.select('getComments')(store.getState()) as any[])?.map((c) => c.id)
  expect(comments()?.map((c: any) => c.id)).toEqual(ours)
  stop()
})

it('chain: person deleted while the note is re-pointed to ada in the same write keeps the comment', async () => {
  const { store, controller, bridge, api, comments, stop } = setup()
  await store.dispatch(api.endpoints.getComments.initiate())
  const swap = new Endpoint(
    async () => ({ p: { id: 'bob' }, n: { id: 'n2', text: 'two', author: ada, reviewer: ada } }),
    { schema: { p: new schema.Delete(Person), n: Note }, sideEffect: true, name: 'swapChain' },
  )
  await controller.fetch(swap)
  const ours = (bridge.select('getComments')(store.getState()) as any[])?.map(
    (c) => `${c.id}:${c.note.author.id}`,
  )
  expect(comments()?.map((c: any) => `${c.id}:${c.note.author.id}`)).toEqual(ours)
  stop()
})

it('an undefined nested-entity member clears the stored reference, as a plain member does', async () => {
  const { store, controller, bridge, api, stop } = setup()
  await store.dispatch(api.endpoints.getNotes.initiate())
  const clear = new Endpoint(
    async () => ({ id: 'n1', text: 'one', author: ada, reviewer: undefined }),
    {
      schema: Note,
      sideEffect: true,
      name: 'clearRev',
    },
  )
  await controller.fetch(clear)
  const ours = (bridge.select('getNotes')(store.getState()) as any[])?.[0]
  expect(ours?.reviewer).toBeNull()
  stop()
})
