/**
 * Optimistic writes and reads in flight, on the wire (a real node:http server that holds each
 * request until the test answers it, so every interleaving is chosen, not timed):
 * - each optimistic layer holds only its own change, so a failed edit rolls back exactly;
 * - a confirmed mutation is not undone by a read that started before it was confirmed, while a
 *   read that started after it wins as usual.
 */
import { Entity, createResource } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import type { Loopback, WireRequest, WireResponse } from '../mocks/loopback'
import { startLoopback } from '../mocks/loopback'

class Todo extends Entity {
  id = 0
  title = ''
  completed = false
  pk() {
    return this.id
  }
  static key = 'Todo'
}

interface Held {
  request: WireRequest
  answer: (response: WireResponse) => void
}
const held: Held[] = []
let server: Loopback
beforeAll(async () => {
  server = await startLoopback(
    (request) => new Promise<WireResponse>((answer) => held.push({ request, answer })),
  )
})
afterAll(() => server.close())
afterEach(() => {
  expect(held).toEqual([])
})

const json = (body: unknown, status = 200): WireResponse => ({
  status,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

/** The next held request with this method (and body member), once it has arrived. */
async function arrived(method: string, member?: string): Promise<Held> {
  const matches = (h: Held) =>
    h.request.method === method && (member === undefined || h.request.body.includes(member))
  for (let i = 0; i < 400 && !held.some(matches); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const index = held.findIndex(matches)
  expect(index).toBeGreaterThanOrEqual(0)
  return held.splice(index, 1)[0] as Held
}

const resource = (optimistic = true) =>
  createResource({ urlPrefix: server.origin, path: '/todos/:id', schema: Todo, optimistic })

function setup(optimistic = true) {
  const made = makeRestStore()
  const todos = resource(optimistic)
  made.controller.setResponse(todos.getList, [
    { id: 1, title: 'one', completed: false },
    { id: 2, title: 'two', completed: false },
  ])
  const shown = (id: number) => {
    const todo = made.cache.select(todos.get, { id })(made.store.getState())
    return todo && { title: todo.title, completed: todo.completed }
  }
  const listed = () =>
    made.cache
      .select(todos.getList)(made.store.getState())
      ?.map((todo) => todo.id)
  return { ...made, todos, shown, listed }
}

describe('each optimistic layer holds only its own change', () => {
  test('PATCH A { title } and PATCH B { completed } in flight, A fails: only the title goes back', async () => {
    const { todos, controller, store, shown, check } = setup()
    const a = controller.fetch(todos.partialUpdate, { id: 1 }, { title: 'A' })
    const b = controller.fetch(todos.partialUpdate, { id: 1 }, { completed: true })
    expect(shown(1)).toEqual({ title: 'A', completed: true })
    // B's layer is B's change, not a copy of the record as A's layer showed it.
    const layers = store.getState().data.optimistic
    expect(layers.map((layer) => layer.entities.Todo?.['1'])).toEqual([
      { id: 1, title: 'A' },
      { id: 1, completed: true },
    ])

    const patchA = await arrived('PATCH', '"title"')
    const patchB = await arrived('PATCH', '"completed"')
    patchA.answer(json({ message: 'conflict' }, 409))
    await expect(a).rejects.toThrow('conflict')
    expect(shown(1)).toEqual({ title: 'one', completed: true })

    patchB.answer(json({ id: 1, title: 'one', completed: true }))
    await b
    expect(shown(1)).toEqual({ title: 'one', completed: true })
    expect(store.getState().data.optimistic).toEqual([])
    check()
  })

  test('B fails while A is in flight: A still shows, B is undone', async () => {
    const { todos, controller, shown, check } = setup()
    const a = controller.fetch(todos.partialUpdate, { id: 1 }, { title: 'A' })
    const b = controller.fetch(todos.partialUpdate, { id: 1 }, { completed: true })
    const patchA = await arrived('PATCH', '"title"')
    const patchB = await arrived('PATCH', '"completed"')
    patchB.answer(json({ message: 'nope' }, 500))
    await expect(b).rejects.toThrow('nope')
    expect(shown(1)).toEqual({ title: 'A', completed: false })
    patchA.answer(json({ id: 1, title: 'A', completed: false }))
    await a
    expect(shown(1)).toEqual({ title: 'A', completed: false })
    check()
  })
})

describe('a confirmed mutation does not lose to a read that started before it was confirmed', () => {
  test.each([
    ['optimistic', true],
    ['not optimistic', false],
  ])(
    '%s PATCH; a refetch started during it answers first with the old data',
    async (_name, optimistic) => {
      const { todos, controller, shown, check } = setup(optimistic)
      const patching = controller.fetch(todos.partialUpdate, { id: 1 }, { completed: true })
      const patch = await arrived('PATCH')
      const refetching = controller.fetch(todos.getList)
      const list = await arrived('GET')
      list.answer(json([{ id: 1, title: 'one', completed: false }]))
      await refetching
      if (optimistic) expect(shown(1)).toEqual({ title: 'one', completed: true })
      patch.answer(json({ id: 1, title: 'one', completed: true }))
      await patching
      expect(shown(1)).toEqual({ title: 'one', completed: true })
      check()
    },
  )

  test('the PATCH answers first; the refetch started before that answers late with old data', async () => {
    const { todos, controller, shown, check } = setup()
    const patching = controller.fetch(todos.partialUpdate, { id: 1 }, { completed: true })
    const patch = await arrived('PATCH')
    const refetching = controller.fetch(todos.getList)
    const list = await arrived('GET')
    patch.answer(json({ id: 1, title: 'one', completed: true }))
    await patching
    list.answer(json([{ id: 1, title: 'one (renamed)', completed: false }]))
    await refetching
    // The PATCH's record wins; a member only the read had would still fill in.
    expect(shown(1)).toEqual({ title: 'one', completed: true })
    check()
  })

  test('a read that started after the PATCH was confirmed wins, as any later read does', async () => {
    const { todos, controller, shown, check } = setup()
    const patching = controller.fetch(todos.partialUpdate, { id: 1 }, { completed: true })
    ;(await arrived('PATCH')).answer(json({ id: 1, title: 'one', completed: true }))
    await patching
    const refetching = controller.fetch(todos.getList)
    // Someone else reopened it since: the newer read shows that.
    ;(await arrived('GET')).answer(json([{ id: 1, title: 'one', completed: false }]))
    await refetching
    expect(shown(1)).toEqual({ title: 'one', completed: false })
    check()
  })

  test('a DELETE confirmed after a refetch that started during it: the record stays deleted', async () => {
    const { todos, controller, shown, listed, check } = setup()
    const deleting = controller.fetch(todos.delete, { id: 2 })
    expect(listed()).toEqual([1])
    const del = await arrived('DELETE')
    const refetching = controller.fetch(todos.getList)
    ;(await arrived('GET')).answer(
      json([
        { id: 1, title: 'one', completed: false },
        { id: 2, title: 'two', completed: false },
      ]),
    )
    await refetching
    del.answer({ status: 204 })
    await deleting
    expect(shown(2)).toBeUndefined()
    expect(listed()).toEqual([1])
    check()
  })
})

describe('a list that getList.push grew is not shrunk by a read that started before the push was confirmed', () => {
  test.each([
    ['the refetch answers after the push', true],
    ['the refetch answers before the push', false],
  ])('%s', async (_name, pushFirst) => {
    const { todos, controller, store, listed, check } = setup(false)
    const refetching = controller.fetch(todos.getList)
    const list = await arrived('GET')
    const pushing = controller.fetch(todos.getList.push, { title: 'three' })
    const post = await arrived('POST')
    // The server's list as it was before the POST.
    const before = json([
      { id: 1, title: 'one', completed: false },
      { id: 2, title: 'two', completed: false },
    ])
    if (!pushFirst) {
      list.answer(before)
      await refetching
    }
    post.answer(json({ id: 3, title: 'three', completed: false }))
    await pushing
    expect(listed()).toEqual([1, 2, 3])
    if (pushFirst) {
      list.answer(before)
      // Dropped, as it would undo the push; what it knew may still be newer than the rest of the
      // list, so the fetch asks once more, and resolves to the server's list as it is now.
      ;(await arrived('GET')).answer(
        json([
          { id: 1, title: 'one', completed: false },
          { id: 2, title: 'two (renamed)', completed: false },
          { id: 3, title: 'three', completed: false },
        ]),
      )
      const now = await refetching
      expect(now.map((todo) => todo.title)).toEqual(['one', 'two (renamed)', 'three'])
      expect(controller.getResponse(todos.getList, store.getState()).expiresAt).toBeGreaterThan(
        Date.now(),
      )
    }
    expect(listed()).toEqual([1, 2, 3])
    check()
  })

  test('an error recorded on the list after the push does not let the older refresh undo it', async () => {
    const { todos, controller, listed, check } = setup(false)
    const refetching = controller.fetch(todos.getList)
    const list = await arrived('GET')
    const pushing = controller.fetch(todos.getList.push, { title: 'three' })
    ;(await arrived('POST')).answer(json({ id: 3, title: 'three', completed: false }))
    await pushing
    controller.setError(todos.getList, new Error('shown'))
    list.answer(
      json([
        { id: 1, title: 'one', completed: false },
        { id: 2, title: 'two', completed: false },
      ]),
    )
    await refetching
    expect(listed()).toEqual([1, 2, 3])
    check()
  })

  test('a further page that started before the push was confirmed still grows the list', async () => {
    const { todos, controller, listed, check } = setup(false)
    const nextPage = todos.getList.paginated('page')
    const paging = controller.fetch(nextPage, { page: 2 })
    const page = await arrived('GET')
    const pushing = controller.fetch(todos.getList.push, { title: 'three' })
    ;(await arrived('POST')).answer(json({ id: 3, title: 'three', completed: false }))
    await pushing
    page.answer(json([{ id: 4, title: 'four', completed: false }]))
    // The page is merged into the list as it is now, push included: it undoes nothing.
    await expect(paging).resolves.toHaveLength(4)
    expect(listed()).toEqual([1, 2, 3, 4])
    check()
  })

  test('a refetch started after the push was confirmed replaces the list, as any later read does', async () => {
    const { todos, controller, listed, check } = setup(false)
    const pushing = controller.fetch(todos.getList.push, { title: 'three' })
    ;(await arrived('POST')).answer(json({ id: 3, title: 'three', completed: false }))
    await pushing
    expect(listed()).toEqual([1, 2, 3])
    const refetching = controller.fetch(todos.getList)
    // Someone else removed 2 since.
    ;(await arrived('GET')).answer(
      json([
        { id: 1, title: 'one', completed: false },
        { id: 3, title: 'three', completed: false },
      ]),
    )
    await refetching
    expect(listed()).toEqual([1, 3])
    check()
  })
})
