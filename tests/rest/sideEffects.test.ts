/** Recipe: a mutation whose response updates several records (docs/guides/side-effects.md). */
import { makeRestStore } from '../fixtures/restStore'
import {
  Person,
  PersonResource,
  PersonTodoResource,
  Todo,
  TodoResource,
} from '../fixtures/resources'
import { useMockApi } from '../mocks/server'

useMockApi()

/** POST /people/:userId/todos answers `{ todo, user }`. */
const createTodo = PersonTodoResource.create.extend({ schema: { todo: Todo, user: Person } })

test('a create answering { todo, user } updates both records in one action', async () => {
  const { store, cache, controller, recorded, check } = makeRestStore()
  await controller.fetch(PersonResource.get, { id: 1 })
  await controller.fetch(PersonTodoResource.getList, { userId: 1 })
  const selectAda = cache.select(PersonResource.get, { id: 1 })
  expect(selectAda(store.getState())?.todoCount).toBe(2)

  const received = recorded.length
  const result = await controller.fetch(createTodo, { userId: 1 }, { title: 'Water plants' })
  expect(recorded.slice(received).filter((a) => a.type === 'data/received')).toHaveLength(1)
  expect(result.todo).toBeInstanceOf(Todo)
  expect(result.todo).toMatchObject({ id: 4, userId: 1, title: 'Water plants' })
  expect(result.user).toBeInstanceOf(Person)
  expect(result.user.todoCount).toBe(3)

  // Every view of the person shows the new count; the new todo is readable by pk.
  expect(selectAda(store.getState())?.todoCount).toBe(3)
  const todo = cache.select(PersonTodoResource.get, { userId: 1, id: 4 })(store.getState())
  expect(todo?.title).toBe('Water plants')
  check()
})

test('a partialUpdate changes the record every list shows', async () => {
  const { store, cache, controller, check } = makeRestStore()
  await controller.fetch(PersonTodoResource.getList, { userId: 1 })
  const selectList = cache.select(PersonTodoResource.getList, { userId: 1 })
  const first = selectList(store.getState())
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { completed: false })
  const after = selectList(store.getState())
  expect(after).not.toBe(first)
  expect(after?.[1]?.completed).toBe(false)
  // The untouched todo keeps its instance.
  expect(after?.[0]).toBe(first?.[0])
  check()
})
