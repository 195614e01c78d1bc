import { delay, http, HttpResponse } from 'msw'
import { Entity, createResource, normalize, schema } from 'rtk-resources'
import type { NormalizedResponse } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { serveHandlers } from '../mocks/server'

class Todo extends Entity {
  id = 0
  userId = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

const BASE = 'http://grow.test'
const requests: string[] = []
let nextId = 100
const todos = [
  { id: 1, userId: 1, title: 'a' },
  { id: 2, userId: 2, title: 'b' },
  { id: 3, userId: 1, title: 'c' },
]
const server = serveHandlers(
  http.get(`${BASE}/todos`, ({ request }) => {
    const url = new URL(request.url)
    requests.push(`GET ${url.pathname}${url.search}`)
    const userId = url.searchParams.get('userId')
    return HttpResponse.json(todos.filter((t) => userId === null || String(t.userId) === userId))
  }),
  http.post(`${BASE}/todos`, async ({ request }) => {
    const body = (await request.json()) as { userId: number; title: string }
    requests.push(`POST /todos`)
    if (body.title === 'fail') return HttpResponse.json({ message: 'no' }, { status: 422 })
    return HttpResponse.json({ id: nextId++, ...body })
  }),
  http.patch(`${BASE}/todos/:id`, async ({ params, request }) => {
    const body = (await request.json()) as { title: string }
    requests.push(`PATCH /todos/${params.id}`)
    await delay(30)
    if (body.title === 'fail') return HttpResponse.json({ message: 'no' }, { status: 409 })
    return HttpResponse.json({ ...todos.find((t) => t.id === Number(params.id)), ...body })
  }),
)
beforeEach(() => {
  requests.length = 0
})

const TodoResource = createResource({ urlPrefix: BASE, path: '/todos/:id', schema: Todo })

/** A store holding getList(), getList({ userId: 1 }) and getList({ userId: 2 }); `ids` reads them. */
async function withThreeLists() {
  const harness = makeStore()
  const { store, cache, controller } = harness
  await controller.fetch(TodoResource.getList)
  await controller.fetch(TodoResource.getList, { userId: 1 })
  await controller.fetch(TodoResource.getList, { userId: 2 })
  requests.length = 0
  const ids = (args?: { userId: number }) =>
    cache
      .select(
        TodoResource.getList,
        ...(args ? [args] : []),
      )(store.getState())
      ?.map((t) => t.id)
  return { ...harness, ids }
}

test('push adds the created record to every stored list it matches, with no refetch', async () => {
  const { store, controller, replay, ids } = await withThreeLists()
  const created = await controller.fetch(TodoResource.getList.push, { userId: 1, title: 'new' })
  expect(created.title).toBe('new')
  expect(ids()).toEqual([1, 2, 3, created.id])
  expect(ids({ userId: 1 })).toEqual([1, 3, created.id])
  expect(ids({ userId: 2 })).toEqual([2])
  const first = await controller.fetch(TodoResource.getList.unshift, { userId: 2, title: 'top' })
  expect(ids({ userId: 2 })).toEqual([first.id, 2])
  expect(ids()).toEqual([first.id, 1, 2, 3, created.id])
  expect(requests).toEqual(['POST /todos', 'POST /todos'])
  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
})

test('create is getList.push under its own name, as in data-client 0.2–0.7: the record joins the lists it matches', async () => {
  const { store, controller, replay, ids } = await withThreeLists()
  const created = await controller.fetch(TodoResource.create, { userId: 1, title: 'made' })
  expect(TodoResource.create.name).toBe('Todo.create')
  expect(TodoResource.create.method).toBe('POST')
  expect(TodoResource.create.schema).toBe(Todo)
  expect(ids()).toEqual([1, 2, 3, created.id])
  expect(ids({ userId: 1 })).toEqual([1, 3, created.id])
  expect(ids({ userId: 2 })).toEqual([2])
  expect(requests).toEqual(['POST /todos'])
  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
})

test('a create extended with a response of another shape adds nothing to the lists', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(TodoResource.getList)
  // The server answers the record itself; this create reads it wrapped, as another shape would.
  const createWrapped = TodoResource.create.extend({
    process: (todo: unknown) => ({ todo, note: 'made' }),
    schema: { todo: Todo, note: '' },
  })
  const made = await controller.fetch(createWrapped, { userId: 1, title: 'wrapped' })
  expect(made.todo.title).toBe('wrapped')
  expect(
    cache
      .select(TodoResource.getList)(store.getState())
      ?.map((t) => t.id),
  ).toEqual([1, 2, 3])
})

test("create with a detail class of the list's table, or of a union, joins the lists it matches", async () => {
  class TodoDetail extends Todo {
    notes = ''
  }
  const Detailed = TodoResource.extend({ create: { schema: TodoDetail } })
  const { store, cache, controller } = makeStore()
  await controller.fetch(TodoResource.getList, { userId: 1 })
  const made = await controller.fetch(Detailed.create, { userId: 1, title: 'detail' })
  expect(
    cache
      .select(TodoResource.getList, { userId: 1 })(store.getState())
      ?.map((t) => t.id),
  ).toEqual([1, 3, made.id])

  // A union's item: the list's filter (userId) is a field only the server's answer carries,
  // read from the created record (the union reference holds only its id and member name).
  server.use(
    http.get(`${BASE}/chores`, () => HttpResponse.json([{ id: 50, userId: 7, type: 'chore' }])),
    http.post(`${BASE}/chores`, async ({ request }) =>
      HttpResponse.json({ id: 51, userId: 7, ...((await request.json()) as object) }),
    ),
  )
  class Task extends Entity {
    id = 0
    userId = 0
    type = 'task'
    pk() {
      return this.id
    }
    static key = 'GrowTask'
  }
  class Chore extends Task {
    type = 'chore'
    static key = 'GrowChore'
  }
  const Work = createResource({
    urlPrefix: BASE,
    path: '/chores/:id',
    schema: new schema.Union({ task: Task, chore: Chore }, 'type'),
  })
  await controller.fetch(Work.getList, { userId: 7 })
  await controller.fetch(Work.create, { type: 'chore' })
  expect(
    (cache.select(Work.getList, { userId: 7 })(store.getState()) as Task[] | undefined)?.map(
      (t) => t.id,
    ),
  ).toEqual([50, 51])
})

test('args that page or sort (cursor, limit, orderDir, page_size, ...) do not keep a created record out of a list; orderId filters', async () => {
  const { store, cache, controller } = makeStore()
  const sorts = [
    { orderDir: 'desc' },
    { orderBy: 'title' },
    { limit: 2 },
    { sort: 'title' },
    // Written with `_` or in another case, as the docs say.
    { page_size: 10 },
    { PER_PAGE: 10 },
    { Order_Direction: 'asc' },
    { sort_order: 'desc' },
    { pageToken: 'abc' },
    { starting_after: 'x' },
  ]
  const filtered = { userId: 2, orderDirection: 'asc' }
  const byOrder = { orderId: 9 }
  for (const args of [...sorts, filtered, byOrder]) {
    await controller.fetch(TodoResource.getList, args as never)
  }
  const made = await controller.fetch(TodoResource.create, { userId: 1, title: 'sorted' })
  const ids = (args: object) =>
    cache
      .select(
        TodoResource.getList,
        args as never,
      )(store.getState())
      ?.map((t) => t.id)
  for (const args of sorts) expect(ids(args)).toContain(made.id)
  // A real filter still decides: this list is user 2's; `orderId` filters (the record has none).
  expect(ids(filtered)).not.toContain(made.id)
  expect(ids(byOrder)).not.toContain(made.id)
})

test('a failed push changes no list', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(TodoResource.getList, { userId: 1 })
  await expect(
    controller.fetch(TodoResource.getList.push, { userId: 1, title: 'fail' }),
  ).rejects.toMatchObject({ status: 422 })
  expect(
    cache
      .select(TodoResource.getList, { userId: 1 })(store.getState())
      ?.map((t) => t.id),
  ).toEqual([1, 3])
})

test('optimistic resources show writes at once and roll back a failed one', async () => {
  const Optimistic = createResource({
    urlPrefix: BASE,
    path: '/todos/:id',
    schema: Todo,
    optimistic: true,
  })
  const { store, cache, controller } = makeStore()
  await controller.fetch(Optimistic.getList)
  const title = () => cache.select(Optimistic.get, { id: 1 })(store.getState())?.title
  const saving = controller.fetch(Optimistic.partialUpdate, { id: 1 }, { title: 'saving' })
  expect(title()).toBe('saving')
  await saving
  expect(title()).toBe('saving')
  const failing = controller.fetch(Optimistic.partialUpdate, { id: 1 }, { title: 'fail' })
  expect(title()).toBe('fail')
  await expect(failing).rejects.toMatchObject({ status: 409 })
  expect(title()).toBe('saving')
  expect(store.getState().data.optimistic).toEqual([])
})

test('push does not add an item a stored list already holds, as 2 or as "2" (stored before numbers were kept)', () => {
  const push = TodoResource.getList.push as unknown as {
    updateResults(
      result: unknown,
      results: Record<string, unknown>,
      args: readonly unknown[],
      normalized: NormalizedResponse,
    ): Record<string, unknown>
  }
  const key = TodoResource.getList.key()
  const normalized = normalize(Todo, { id: 2, userId: 2, title: 'b' })
  expect(normalized.result).toBe(2)
  const args = [{ userId: 2, title: 'b' }]
  expect(push.updateResults(2, { [key]: ['1', '2'] }, args, normalized)).toEqual({})
  expect(push.updateResults(2, { [key]: [1, 2] }, args, normalized)).toEqual({})
  expect(push.updateResults(2, { [key]: ['1'] }, args, normalized)).toEqual({ [key]: ['1', 2] })
})

test('an extended list keeps push and unshift, built from it (its settings, its page shape)', async () => {
  const seen: Array<string | null> = []
  server.use(
    http.post(`${BASE}/todos`, async ({ request }) => {
      seen.push(request.headers.get('x-team'))
      const body = (await request.json()) as { userId: number; title: string }
      return HttpResponse.json({ id: nextId++, ...body })
    }),
    http.get(`${BASE}/todos`, () => HttpResponse.json({ results: todos, next: '' })),
  )
  const { store, cache, controller } = makeStore()
  // The same list with a header, and the list as a page object.
  const teamList = TodoResource.getList.extend({
    getHeaders: (headers) => ({ ...headers, 'x-team': 'blue' }),
  })
  const pages = TodoResource.getList.extend({ schema: { results: [Todo], next: '' } })
  expect(typeof teamList.push).toBe('function')
  expect(typeof pages.unshift).toBe('function')
  await controller.fetch(teamList.push, { userId: 1, title: 'team' })
  expect(seen).toEqual(['blue'])
  await controller.fetch(pages)
  await controller.fetch(pages.push, { userId: 1, title: 'last' })
  const read = cache.select(pages)(store.getState())
  expect(read?.results.map((todo) => todo.title)).toEqual(['a', 'b', 'c', 'last'])
  // The resource's own list is untouched by these.
  expect(TodoResource.getList.push).not.toBe(teamList.push)
})

test("a list extended with a nested path grows by a push to that path, into that user's list only", async () => {
  server.use(
    http.get(`${BASE}/users/:userId/todos`, ({ params }) =>
      HttpResponse.json(todos.filter((t) => String(t.userId) === params.userId)),
    ),
    http.post(`${BASE}/users/:userId/todos`, async ({ params, request }) => {
      const body = (await request.json()) as { title: string }
      requests.push(`POST /users/${String(params.userId)}/todos`)
      return HttpResponse.json({ id: nextId++, userId: Number(params.userId), ...body })
    }),
  )
  const { store, cache, controller } = makeStore()
  const userTodos = TodoResource.getList.extend({ path: '/users/:userId/todos' })
  await controller.fetch(userTodos, { userId: 1 })
  await controller.fetch(userTodos, { userId: 2 })
  requests.length = 0
  const made = await controller.fetch(userTodos.push, { userId: 1 }, { title: 'nested' })
  expect(requests).toEqual(['POST /users/1/todos'])
  const titles = (userId: number) =>
    cache
      .select(userTodos, { userId })(store.getState())
      ?.map((todo) => todo.title)
  expect(titles(1)).toEqual(['a', 'c', 'nested'])
  expect(titles(2)).toEqual(['b'])
  expect(made.userId).toBe(1)
})

test('a polymorphic list (schema.Array with a schema attribute) grows by an entity of the union, stored in its table', async () => {
  class Note extends Entity {
    id = 0
    type = 'note'
    text = ''
    pk() {
      return this.id
    }
    static key = 'FeedNote'
  }
  class Photo extends Entity {
    id = 0
    type = 'photo'
    url = ''
    pk() {
      return this.id
    }
    static key = 'FeedPhoto'
  }
  server.use(
    http.get(`${BASE}/feed`, () => HttpResponse.json([{ id: 1, type: 'note', text: 'hi' }])),
    http.post(`${BASE}/feed`, async ({ request }) =>
      HttpResponse.json({ id: 2, ...((await request.json()) as object) }),
    ),
  )
  const Feed = createResource({ urlPrefix: BASE, path: '/feed/:id', schema: Note })
  const feed = Feed.getList.extend({
    schema: new schema.Array({ note: Note, photo: Photo }, 'type'),
  })
  const { store, cache, controller, replay } = makeStore()
  await controller.fetch(feed)
  const made = await controller.fetch(feed.push, { type: 'photo', url: 'p.png' })
  expect(made).toBeInstanceOf(Photo)
  const state = store.getState()
  expect(state.data.entities.FeedPhoto?.['2']).toEqual({ id: 2, type: 'photo', url: 'p.png' })
  const read = cache.select(feed)(state)
  expect(read?.map((item) => item.constructor.name)).toEqual(['Note', 'Photo'])
  expectPlain(state)
  expect(replay()).toEqual(state)
  // The resource's own create adds plain ids: the polymorphic list stored under the same URL
  // holds union references, and is left as it is (R12).
  await controller.fetch(Feed.create, { type: 'note', text: 'plain' })
  expect(
    cache
      .select(feed)(store.getState())
      ?.map((item) => item.constructor.name),
  ).toEqual(['Note', 'Photo'])
})

test('a page object with two lists grows in the first, the one its item schema comes from', async () => {
  server.use(
    http.get(`${BASE}/boards`, () =>
      HttpResponse.json({ todos: [{ id: 1, userId: 1, title: 'a' }], owners: [] }),
    ),
    http.post(`${BASE}/boards`, async ({ request }) =>
      HttpResponse.json({ id: 2, userId: 1, ...((await request.json()) as object) }),
    ),
  )
  class Owner extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'BoardOwner'
  }
  const Boards = createResource({ urlPrefix: BASE, path: '/boards/:id', schema: Todo })
  const board = Boards.getList.extend({ schema: { todos: [Todo], owners: [Owner] } })
  const { store, controller } = makeStore()
  await controller.fetch(board)
  await controller.fetch(board.push, { title: 'b' })
  const stored = store.getState().data.results['GET http://grow.test/boards'] as {
    todos: unknown[]
    owners: unknown[]
  }
  expect(stored.todos).toEqual([1, 2])
  expect(stored.owners).toEqual([])
})

test('an optimistic edit answered 204 keeps what it showed; without optimistic, 204 stores nothing', async () => {
  server.use(http.patch(`${BASE}/todos/:id`, () => new HttpResponse(null, { status: 204 })))
  const Optimistic = createResource({
    urlPrefix: BASE,
    path: '/todos/:id',
    schema: Todo,
    optimistic: true,
  })
  const { store, cache, controller, replay } = makeStore()
  await controller.fetch(TodoResource.getList)
  const title = (id: number) => cache.select(TodoResource.get, { id })(store.getState())?.title
  // The id as a route gives it (a string): the record keeps its number id.
  const saved = await controller.fetch(Optimistic.partialUpdate, { id: '1' }, { title: 'edited' })
  expect(saved).toMatchObject({ id: 1, title: 'edited', userId: 1 })
  expect(title(1)).toBe('edited')
  expect(cache.select(TodoResource.get, { id: 1 })(store.getState())).toMatchObject({
    id: 1,
    userId: 1,
  })
  expect(store.getState().data.optimistic).toEqual([])
  // The same call on a resource without optimistic: null, and the record as it was.
  expect(await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'x' })).toBeNull()
  expect(title(2)).toBe('b')
  expect(replay()).toEqual(store.getState())
})

test('while an optimistic edit is pending, params given as strings show in the fields types', async () => {
  let answer: () => void = () => undefined
  const answered = new Promise<void>((resolve) => (answer = resolve))
  server.use(
    http.patch(`${BASE}/users/:userId/todos/:id`, async ({ params, request }) => {
      await answered
      const body = (await request.json()) as { title: string }
      return HttpResponse.json({ id: Number(params.id), userId: Number(params.userId), ...body })
    }),
  )
  const Nested = createResource({
    urlPrefix: BASE,
    path: '/users/:userId/todos/:id',
    schema: Todo,
    optimistic: true,
  })
  const { store, cache, controller } = makeStore()
  await controller.fetch(TodoResource.getList)
  // A router gives strings.
  const saving = controller.fetch(Nested.partialUpdate, { userId: '1', id: '1' }, { title: 'e' })
  const shown = cache.select(TodoResource.get, { id: 1 })(store.getState())
  expect(store.getState().data.optimistic).toHaveLength(1)
  expect(shown).toMatchObject({ id: 1, userId: 1, title: 'e' })
  answer()
  await saving
  expect(cache.select(TodoResource.get, { id: 1 })(store.getState())).toMatchObject({
    id: 1,
    userId: 1,
    title: 'e',
  })
})
