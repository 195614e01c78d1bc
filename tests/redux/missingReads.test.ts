/**
 * A dashboard open for a week: a mounted list keeps reading records that are not in the cache
 * (a deleted todo still named by the list until it is refetched, a reply to a message outside the
 * loaded window). Garbage collection keeps the state bounded, and the memory follows: the memo's
 * index of missing reads drops what forgotten records read and what no live node reads any more
 * (it kept every (table, pk) ever read as missing, holding the reading entity nodes, so the heap
 * grew with every distinct missing pk). Heap checks: full GCs, generous margins, no timings.
 */
import { http, HttpResponse } from 'msw'
import { Entity, RestEndpoint, createResource, schema } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'
import { aliveAfterGc, growthPerCycle } from '../fixtures/heap'
import { makeLongStore as makeStore } from '../fixtures/longStore'

const BASE = 'http://missing-reads.test'
const HOUR = 3_600_000

class Message extends Entity {
  id = 0
  text = ''
  replyTo: Message | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Message'
}
Message.schema = { replyTo: Message }

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}

const MessageResource = createResource({
  urlPrefix: BASE,
  path: '/rooms/:room/messages/:id',
  schema: Message,
})
const TodoResource = createResource({ urlPrefix: BASE, path: '/todos/:id', schema: Todo })
/** "Clear completed": deletes the done todos, answers with their ids. */
const clearCompleted = new RestEndpoint({
  urlPrefix: BASE,
  path: '/todos/completed',
  method: 'DELETE',
  schema: [new schema.Delete(Todo)],
})

/** The server: a chat room that gets 20 new messages per cycle, and a todo list. */
const server = {
  lastMessage: 0,
  todos: [] as Array<{ id: number; title: string; done: boolean }>,
  nextTodo: 1,
}
serveHandlers(
  http.get(`${BASE}/rooms/:room/messages`, () => {
    const latest = []
    for (let id = server.lastMessage - 19; id <= server.lastMessage; id++) {
      // Each message replies to an older one, outside the loaded window (a thread).
      latest.push({ id, text: `message ${id}`, replyTo: id > 500 ? id - 500 : null })
    }
    return HttpResponse.json(latest)
  }),
  http.get(`${BASE}/todos`, () => HttpResponse.json(server.todos)),
  http.delete(`${BASE}/todos/completed`, () => {
    const done = server.todos.filter((todo) => todo.done)
    server.todos = server.todos.filter((todo) => !todo.done)
    return HttpResponse.json(done.map(({ id }) => ({ id })))
  }),
)

/**
 * Reads the feed and returns weak references to its message instances (a plain function, so no
 * suspended frame keeps them).
 */
function weakInstances(read: () => Message[] | undefined): WeakRef<Message>[] {
  return (read() ?? []).map((message) => new WeakRef(message))
}

const count = (table: Record<string, unknown> | undefined) => Object.keys(table ?? {}).length

test('a sweep forgets the messages that scrolled out, and their instances go with them', async () => {
  const { store, cache, controller } = makeStore()
  const release = cache.retain(store, MessageResource.getList, { room: 'ops' })
  const selectFeed = cache.select(MessageResource.getList, { room: 'ops' })
  server.lastMessage = 1_000
  await controller.fetch(MessageResource.getList, { room: 'ops' })
  await controller.fetch(MessageResource.getList, { room: 'ops' })
  const old = weakInstances(() => selectFeed(store.getState()))
  expect(old).toHaveLength(20)

  // Twenty new messages: the old ones scroll out and a sweep forgets them.
  server.lastMessage += 20
  await controller.fetch(MessageResource.getList, { room: 'ops' })
  expect(selectFeed(store.getState())?.[0]?.id).toBe(1_001)
  const payload = controller.collectGarbage({ now: Date.now() + HOUR })
  expect(payload.entities.Message).toHaveLength(20)
  expect(count(store.getState().data.entities.Message)).toBe(20)

  // The middleware drops the memo's instances of what was forgotten: nothing keeps the
  // forgotten messages' instances alive (the index of reads held them, by their replies).
  expect(await aliveAfterGc(old)).toBe(0)
  release()
})

test('a polled feed whose messages reply to messages outside the window: the heap stays flat once the state is bounded', async () => {
  const { store, cache, controller } = makeStore()
  // The feed component: mounted all week (retained, read on every change).
  const release = cache.retain(store, MessageResource.getList, { room: 'ops' })
  const selectFeed = cache.select(MessageResource.getList, { room: 'ops' })
  const unsubscribe = store.subscribe(() => void selectFeed(store.getState()))

  const cycle = async (i: number) => {
    server.lastMessage += 20
    await controller.fetch(MessageResource.getList, { room: 'ops' })
    if (i % 10 === 9) controller.collectGarbage({ now: Date.now() + HOUR })
  }
  const perCycle = await growthPerCycle(cycle, 300, 300)

  // The state is bounded: the window of 20 messages (older ones were collected).
  controller.collectGarbage({ now: Date.now() + HOUR })
  expect(count(store.getState().data.entities.Message)).toBe(20)
  expect(selectFeed(store.getState())).toHaveLength(20)
  // ...and so is the heap. It grew 8 to 10 KB per cycle when the memo kept an index entry for
  // each of the 20 new missing pks, for good. A generous margin for noise.
  expect(perCycle).toBeLessThan(2_000)
  unsubscribe()
  release()
})

test('a todo list mounted all week, todos added and cleared: the heap stays flat once the state is bounded', async () => {
  const { store, cache, controller } = makeStore()
  const release = cache.retain(store, TodoResource.getList)
  const selectTodos = cache.select(TodoResource.getList)
  const unsubscribe = store.subscribe(() => void selectTodos(store.getState()))

  const cycle = async (i: number) => {
    // Fifty todos are added and done; the list is refetched; the user clears the completed
    // ones (the list still names them, deleted, until it is refetched).
    for (let k = 0; k < 50; k++) {
      server.todos.push({ id: server.nextTodo, title: `t${server.nextTodo++}`, done: true })
    }
    await controller.fetch(TodoResource.getList)
    await controller.fetch(clearCompleted)
    await controller.fetch(TodoResource.getList)
    if (i % 10 === 9) controller.collectGarbage({ now: Date.now() + HOUR })
  }
  const perCycle = await growthPerCycle(cycle, 150, 150)

  controller.collectGarbage({ now: Date.now() + HOUR })
  // Nothing left: no todo, no tombstone, and the clear's own result is gone too.
  expect(count(store.getState().data.entities.Todo)).toBe(0)
  expect(count(store.getState().data.entitiesMeta.Todo)).toBe(0)
  expect(selectTodos(store.getState())).toEqual([])
  // It grew about 13 KB per cycle when the memo kept an entry for each of the fifty deleted pks
  // the list read as missing, for good. A generous margin for noise.
  expect(perCycle).toBeLessThan(2_500)
  unsubscribe()
  release()
})
