/**
 * The endpoint option `update` seen from React: a mounted list shows the created record as soon
 * as the create answers, with no refetch; a reader of a list `update` does not name does not
 * re-render.
 */
import { act, screen } from '@testing-library/react'
import { useController, useSuspense } from 'rtk-resources/react'
import { TodoResource } from '../fixtures/resources'
import { resetDb } from '../mocks/db'
import { handlers } from '../mocks/handlers'
import { serveHandlers } from '../mocks/server'
import { renderWithCache } from './render'

const server = serveHandlers(...handlers)
beforeEach(() => resetDb())

const createTodo = TodoResource.create.extend({
  update: (newId: number) => ({
    [TodoResource.getList.key()]: (ids: number[] = []) => [...ids, newId],
  }),
})

test('a mounted list shows the created record; a list update does not name keeps its render', async () => {
  const requests: string[] = []
  const onRequest = ({ request }: { request: Request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`)
  }
  server.events.on('request:start', onRequest)
  let otherRenders = 0
  let otherTodos: unknown
  function OtherUser() {
    otherRenders += 1
    otherTodos = useSuspense(TodoResource.getList, { userId: 2 })
    return null
  }
  let controller!: ReturnType<typeof useController>
  function Todos() {
    controller = useController()
    const todos = useSuspense(TodoResource.getList)
    return (
      <ul>
        {todos.map((todo) => (
          <li key={todo.id}>{todo.title}</li>
        ))}
      </ul>
    )
  }
  const { expectSilentChecks } = renderWithCache(
    <>
      <Todos />
      <OtherUser />
    </>,
  )
  expect(await screen.findByText('Buy milk')).toBeTruthy()
  const renders = otherRenders
  const before = otherTodos
  requests.length = 0

  await act(() => controller.fetch(createTodo, { title: 'Water the plants' }))
  expect(screen.getByText('Water the plants')).toBeTruthy()
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Buy milk',
    'Walk the dog',
    'Read a book',
    'Water the plants',
  ])
  expect(requests).toEqual(['POST /todos'])
  expect(otherRenders).toBe(renders)
  expect(otherTodos).toBe(before)
  server.events.removeListener('request:start', onRequest)
  expectSilentChecks()
})
