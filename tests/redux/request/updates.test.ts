/**
 * The endpoint option `update` (data-client's Endpoint `update`): a response changes the stored
 * results of other keys, a created record joining the lists it belongs to. Real store (RTK's dev
 * checks on, the cache's middleware), real fetch through msw.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit'
import { configureStore } from '@reduxjs/toolkit'
import { http, HttpResponse } from 'msw'
import {
  createEntityCache,
  Endpoint,
  EndpointUpdateError,
  ExpiryStatus,
  fixtureState,
  RestEndpoint,
} from 'rtk-resources'
import { makeRestStore } from '../../fixtures/restStore'
import { complaints } from '../../fixtures/store'
import { API, Todo, TodoResource } from '../../fixtures/resources'
import { useMockApi } from '../../mocks/server'

const server = useMockApi()

type TodoIds = Array<number | string>

/**
 * A POST that adds to no list by itself, so that `update` alone decides (`TodoResource.create`
 * also adds the record to the lists it matches, as `getList.push` does: lists-that-grow tests).
 */
const postTodo = new RestEndpoint({
  urlPrefix: API,
  path: '/todos',
  method: 'POST',
  schema: Todo,
  body: {} as Partial<Todo>,
  name: 'Todo.post',
})

/** A create that puts the new todo first in the unfiltered list and in its user's list. */
const createTodo = postTodo.extend({
  update: (newId: number, body: { userId?: number }) => ({
    [TodoResource.getList.key()]: (ids: TodoIds = []) => [newId, ...ids],
    [TodoResource.getList.key({ userId: body.userId ?? 1 })]: (ids: TodoIds = []) => [
      ...ids,
      newId,
    ],
  }),
})

const ids = (
  harness: ReturnType<typeof makeRestStore>,
  ...args: Parameters<typeof TodoResource.getList>
) =>
  harness.cache
    .select(
      TodoResource.getList,
      ...args,
    )(harness.store.getState())
    ?.map((t) => t.id)

const receivedActions = (recorded: UnknownAction[]) =>
  recorded.filter((action) => action.type === 'data/received')

test('a created record joins the lists update names, in one received action; other lists keep their references', async () => {
  const harness = makeRestStore()
  const { controller, store, recorded, check } = harness
  await controller.fetch(TodoResource.getList)
  await controller.fetch(TodoResource.getList, { userId: 1 })
  await controller.fetch(TodoResource.getList, { userId: 2 })
  const selectOthers = harness.cache.select(TodoResource.getList, { userId: 2 })
  const othersBefore = selectOthers(store.getState())
  const storedBefore = store.getState().data.results[TodoResource.getList.key({ userId: 2 })]
  const before = recorded.length

  const created = await controller.fetch(createTodo, { userId: 1, title: 'New' })
  expect(created).toBeInstanceOf(Todo)
  expect(created.id).toBe(4)
  expect(ids(harness)).toEqual([4, 1, 2, 3])
  expect(ids(harness, { userId: 1 })).toEqual([1, 2, 4])
  expect(selectOthers(store.getState())).toBe(othersBefore)
  expect(store.getState().data.results[TodoResource.getList.key({ userId: 2 })]).toBe(storedBefore)
  // The new results travel in the create's received action, as plain data.
  const [received] = receivedActions(recorded.slice(before))
  expect((received?.payload as { updates?: unknown }).updates).toEqual({
    [TodoResource.getList.key()]: [4, 1, 2, 3],
    [TodoResource.getList.key({ userId: 1 })]: [1, 2, 4],
  })
  // The lists stay as fresh as they were: their meta is theirs.
  expect(controller.getResponse(TodoResource.getList, store.getState()).expiryStatus).toBe(
    ExpiryStatus.Valid,
  )
  check()
})

test('update gets the normalized result and the call args, with the endpoint as this', async () => {
  const seen: unknown[][] = []
  const create = postTodo.extend({
    update(this: unknown, ...args: unknown[]) {
      seen.push([this === create, ...args])
      return {}
    },
  })
  const { controller, check } = makeRestStore()
  await controller.fetch(create, { userId: 2, title: 'Args' })
  expect(seen).toEqual([[true, 4, { userId: 2, title: 'Args' }]])
  check()
})

test('a key with no stored result is skipped: its updater is not called, nothing is written', async () => {
  const called: string[] = []
  const create = postTodo.extend({
    update: (newId: number) => ({
      [TodoResource.getList.key()]: (list: TodoIds = []) => {
        called.push('all')
        return [...list, newId]
      },
      [TodoResource.getList.key({ userId: 9 })]: (list: TodoIds = []) => {
        called.push('user 9')
        return [...list, newId]
      },
    }),
  })
  const harness = makeRestStore()
  const { controller, store, check } = harness
  await controller.fetch(TodoResource.getList)
  await controller.fetch(create, { title: 'Only where stored' })
  expect(called).toEqual(['all'])
  expect(Object.keys(store.getState().data.results)).not.toContain(
    TodoResource.getList.key({ userId: 9 }),
  )
  // The list's first reader fetches it whole.
  expect(
    controller.getResponse(TodoResource.getList, { userId: 9 }, store.getState()),
  ).toMatchObject({ data: undefined, expiryStatus: ExpiryStatus.Invalid })
  expect(ids(harness)).toEqual([1, 2, 3, 4])
  check()
})

test('an updater returning undefined or what it got changes nothing', async () => {
  const create = postTodo.extend({
    update: () => ({
      [TodoResource.getList.key()]: () => undefined,
      [TodoResource.getList.key({ userId: 1 })]: (list: TodoIds) => list,
    }),
  })
  const { controller, store, recorded, check } = makeRestStore()
  await controller.fetch(TodoResource.getList)
  await controller.fetch(TodoResource.getList, { userId: 1 })
  const results = store.getState().data.results
  const before = recorded.length
  await controller.fetch(create, { title: 'Nothing' })
  const after = store.getState().data.results
  expect(after[TodoResource.getList.key()]).toBe(results[TodoResource.getList.key()])
  expect(after[TodoResource.getList.key({ userId: 1 })]).toBe(
    results[TodoResource.getList.key({ userId: 1 })],
  )
  expect(receivedActions(recorded.slice(before))[0]?.payload).not.toHaveProperty('updates')
  check()
})

test('update runs on success only: a failed create changes no list', async () => {
  server.use(http.post(`${API}/todos`, () => HttpResponse.json({ message: 'no' }, { status: 422 })))
  let calls = 0
  const create = postTodo.extend({
    update: (newId: number) => {
      calls += 1
      return { [TodoResource.getList.key()]: (list: TodoIds = []) => [...list, newId] }
    },
  })
  const harness = makeRestStore()
  await harness.controller.fetch(TodoResource.getList)
  await expect(harness.controller.fetch(create, { title: 'Refused' })).rejects.toMatchObject({
    status: 422,
  })
  expect(calls).toBe(0)
  expect(ids(harness)).toEqual([1, 2, 3])
  harness.check()
})

test('with getOptimisticResponse, the record shows at once and the lists grow when the server answers', async () => {
  let release!: () => void
  const answered = new Promise<void>((resolve) => (release = resolve))
  server.use(
    http.post(`${API}/todos`, async ({ request }) => {
      await answered
      return HttpResponse.json({
        id: 4,
        userId: 1,
        completed: false,
        ...((await request.json()) as object),
      })
    }),
  )
  let calls = 0
  const create = createTodo.extend({
    getOptimisticResponse: (_snapshot: unknown, body: object) => ({ id: 4, userId: 1, ...body }),
    update: (newId: number) => {
      calls += 1
      return { [TodoResource.getList.key()]: (list: TodoIds = []) => [newId, ...list] }
    },
  })
  const harness = makeRestStore()
  const { controller, store, check } = harness
  await controller.fetch(TodoResource.getList)
  const pending = controller.fetch(create, { title: 'Soon' })
  await Promise.resolve()
  await Promise.resolve()
  expect(harness.cache.select(TodoResource.get, { id: 4 })(store.getState())?.title).toBe('Soon')
  expect(calls).toBe(0)
  expect(ids(harness)).toEqual([1, 2, 3])
  release()
  await pending
  expect(calls).toBe(1)
  expect(ids(harness)).toEqual([4, 1, 2, 3])
  check()
})

test('controller.setResponse runs update too (a response stored by hand is stored the same way)', () => {
  const harness = makeRestStore()
  const { controller, check } = harness
  controller.setResponse(TodoResource.getList, [{ id: 1, userId: 1, title: 'a', completed: false }])
  controller.setResponse(createTodo, { userId: 3, title: 'b' }, { id: 7, userId: 3, title: 'b' })
  expect(ids(harness)).toEqual([7, 1])
  check()
})

test("an updater of the call's own key gets the result just received", async () => {
  const firstTwo = TodoResource.getList.extend({
    update: () => ({
      [TodoResource.getList.key()]: (list: TodoIds) => list.slice(0, 2),
    }),
  })
  const harness = makeRestStore()
  await harness.controller.fetch(firstTwo)
  expect(ids(harness)).toEqual([1, 2])
  harness.check()
})

test('with a growing list (getList.push, create), updaters get the stored lists; the item is then added once', async () => {
  const seen: unknown[] = []
  const push = TodoResource.getList.push.extend({
    update: () => ({
      [TodoResource.getList.key()]: (list: TodoIds) => {
        seen.push(list)
        return [...list].reverse()
      },
    }),
  })
  const harness = makeRestStore()
  await harness.controller.fetch(TodoResource.getList)
  await harness.controller.fetch(push, { userId: 1, title: 'Pushed' })
  expect(seen).toEqual([[1, 2, 3]])
  // The updater's list, then the push adds what it lacks.
  expect(ids(harness)).toEqual([3, 2, 1, 4])
  harness.check()
})

test.each([
  ['appends it', (ids: TodoIds, newId: number) => [...ids, newId], [1, 2, 3, 4]],
  ['puts it first', (ids: TodoIds, newId: number) => [newId, ...ids], [4, 1, 2, 3]],
  ['leaves the list as it was', (ids: TodoIds) => ids, [1, 2, 3, 4]],
] as const)(
  "create with an update of rest-hooks 7's kind that %s: the new record shows once",
  async (_name, updater, expected) => {
    const create = TodoResource.create.extend({
      update: (newId: number) => ({
        [TodoResource.getList.key()]: (ids: TodoIds) => updater(ids, newId),
      }),
    })
    const harness = makeRestStore()
    await harness.controller.fetch(TodoResource.getList)
    await harness.controller.fetch(create, { title: 'Once' })
    expect(ids(harness)).toEqual(expected)
    harness.check()
  },
)

describe('an update that fails: the response is stored, no list changes, a development error', () => {
  const failing: Record<string, (list: TodoIds, newId: number) => unknown> = {
    throws: () => {
      throw new Error('boom')
    },
    'mutates the stored list (frozen in development)': (list, newId) => {
      list.push(newId)
      return list
    },
    'returns a cycle': () => {
      const cycle: unknown[] = []
      cycle.push(cycle)
      return cycle
    },
    'returns a function': () => () => [],
    'returns a value nested too deeply': () => {
      let deep: unknown[] = []
      for (let i = 0; i < 1100; i++) deep = [deep]
      return deep
    },
  }
  test.each(Object.keys(failing))('an updater that %s', async (name) => {
    const create = postTodo.extend({
      update: (newId: number) => ({
        // Runs first and succeeds: dropped with the rest.
        [TodoResource.getList.key({ userId: 1 })]: (list: TodoIds) => [...list, newId],
        [TodoResource.getList.key()]: (list: TodoIds) => failing[name]?.(list, newId),
      }),
    })
    const harness = makeRestStore()
    const { controller, store, recorded } = harness
    await controller.fetch(TodoResource.getList)
    await controller.fetch(TodoResource.getList, { userId: 1 })
    const error = jest.spyOn(console, 'error').mockImplementation(() => {})
    const created = await controller.fetch(create, { title: 'Stored anyway' })
    expect(created.title).toBe('Stored anyway')
    expect(harness.cache.select(TodoResource.get, { id: 4 })(store.getState())?.title).toBe(
      'Stored anyway',
    )
    expect(ids(harness)).toEqual([1, 2, 3])
    expect(ids(harness, { userId: 1 })).toEqual([1, 2])
    const logged = complaints(error)
    expect(logged).toHaveLength(1)
    const [reported] = logged[0] as [EndpointUpdateError]
    expect(reported).toBeInstanceOf(EndpointUpdateError)
    expect(reported.code).toBe('bad-update')
    expect(reported.key).toBe(create.key({ title: 'Stored anyway' }))
    expect(reported.target).toBe(TodoResource.getList.key())
    expect(reported.message).toContain('docs/errors.md#bad-update')
    error.mockClear()
    error.mockRestore()
    for (const action of recorded) expect(JSON.parse(JSON.stringify(action))).toEqual(action)
    expect(harness.replay()).toEqual(store.getState())
  })

  test('update itself throws, or returns something else than updaters', async () => {
    const harness = makeRestStore()
    await harness.controller.fetch(TodoResource.getList)
    const error = jest.spyOn(console, 'error').mockImplementation(() => {})
    const throwing = postTodo.extend({
      update: () => {
        throw new Error('no updaters')
      },
    })
    await harness.controller.fetch(throwing, { title: 'a' })
    const notObject = postTodo.extend({ update: (() => 'list') as never })
    await harness.controller.fetch(notObject, { title: 'b' })
    const notFunction = postTodo.extend({
      update: (() => ({ [TodoResource.getList.key()]: [9] })) as never,
    })
    await harness.controller.fetch(notFunction, { title: 'c' })
    const reports = complaints(error).map(([reported]) => reported as EndpointUpdateError)
    expect(reports.map((reported) => [reported.code, reported.target])).toEqual([
      ['bad-update', undefined],
      ['bad-update', undefined],
      ['bad-update', TodoResource.getList.key()],
    ])
    error.mockRestore()
    expect(ids(harness)).toEqual([1, 2, 3])
  })
})

test('updates read and write results stored split (past 1,024 request keys)', async () => {
  const getOne = new Endpoint(async ({ n }: { n: number }) => n, { name: 'one' })
  const cache = createEntityCache({ reducerPath: 'data' })
  const preloaded = fixtureState(
    cache,
    Array.from({ length: 1030 }, (_, n) => ({ endpoint: getOne, args: [{ n }], response: n })),
  )
  expect(preloaded.layout.splitRequests).toBe(true)
  const recorded: UnknownAction[] = []
  const build = (record: boolean) =>
    configureStore({
      reducer: { data: cache.reducer },
      preloadedState: { data: preloaded },
      middleware: (gDM) =>
        gDM().concat(
          cache.middleware,
          ...(record
            ? [
                (() => (next) => (action) => {
                  recorded.push(action as UnknownAction)
                  return next(action)
                }) as Middleware,
              ]
            : []),
        ),
    })
  const store = build(true)
  const controller = cache.controller(store)
  await controller.fetch(TodoResource.getList)
  await controller.fetch(TodoResource.getList, { userId: 2 })
  const others = cache.select(TodoResource.getList, { userId: 2 })(store.getState())
  await controller.fetch(createTodo, { userId: 1, title: 'Split' })
  const read = (...args: Parameters<typeof TodoResource.getList>) =>
    cache.select(TodoResource.getList, ...args)(store.getState())
  expect(read()?.map((todo) => todo.id)).toEqual([4, 1, 2, 3])
  expect(read({ userId: 2 })).toBe(others)
  expect(cache.select(getOne, { n: 1029 })(store.getState())).toBe(1029)
  expect(store.getState().data.layout.splitRequests).toBe(true)
  const fresh = build(false)
  for (const action of recorded) fresh.dispatch(action)
  expect(fresh.getState()).toEqual(store.getState())
})
