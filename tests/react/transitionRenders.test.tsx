/**
 * A transition to other args that suspends leaves the reader on screen alone: while React
 * renders the new args in the background, store changes (the new request starting, unrelated
 * actions) do not render the committed reader again, nor re-run its effects.
 */
import { act } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { startTransition, useState } from 'react'
import { RestEndpoint } from 'rtk-resources'
import { Story } from '../fixtures/resources'
import { useDLE, useFetch, useSuspense } from 'rtk-resources/react'
import { serveHandlers } from '../mocks/server'
import { renderWithCache } from './render'

const getNote = new RestEndpoint({
  urlPrefix: 'http://notes.test',
  path: '/notes/:id',
  schema: Story,
})
serveHandlers(
  http.get('http://notes.test/notes/:id', async ({ params }) => {
    // Note 2 takes a while: the transition to it stays pending meanwhile.
    await delay(params.id === '2' ? 200 : 0)
    return HttpResponse.json({ id: params.id, title: `note ${params.id}` })
  }),
)

const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/**
 * Renders a reader of note 1 (`read` gives what it shows) beside a reader that suspends, moves
 * both to note 2 in a transition, dispatches unrelated actions while it is pending, and gives
 * every render of the first reader from the move on.
 */
async function rendersWhileMoving(read: (id: number) => string): Promise<string[]> {
  const seen: string[] = []
  function Reader({ id }: { id: number }) {
    seen.push(`${id}:${read(id)}`)
    return null
  }
  function Title({ id }: { id: number }) {
    return <h1>{useSuspense(getNote, { id }).title}</h1>
  }
  let show!: (id: number) => void
  function Page() {
    const [id, setId] = useState(1)
    show = (next) => startTransition(() => setId(next))
    return (
      <>
        <Reader id={id} />
        <Title id={id} />
      </>
    )
  }
  const { store } = renderWithCache(<Page />)
  await pause(50)
  seen.length = 0
  act(() => show(2))
  await pause(20)
  for (let i = 0; i < 3; i++) {
    act(() => {
      store.dispatch({ type: 'elsewhere/changed' })
    })
    await pause(5)
  }
  await pause(300)
  return seen
}

test('useDLE: only renders of the new args, none of the args on screen', async () => {
  const seen = await rendersWhileMoving((id) => {
    const { data, loading } = useDLE(getNote, { id })
    return loading ? 'loading' : (data?.title ?? 'none')
  })
  expect(seen.filter((render) => render.startsWith('1:'))).toEqual([])
  expect(seen.at(-1)).toBe('2:note 2')
})

test('useFetch: only renders of the new args, none of the args on screen', async () => {
  const seen = await rendersWhileMoving((id) => (useFetch(getNote, { id }) ? 'asks' : 'done'))
  expect(seen.filter((render) => render.startsWith('1:'))).toEqual([])
  expect(seen.at(-1)).toBe('2:done')
})

test('useSuspense: only renders of the new args, none of the args on screen', async () => {
  const seen = await rendersWhileMoving((id) => useSuspense(getNote, { id }).title)
  expect(seen.filter((render) => render.startsWith('1:'))).toEqual([])
  expect(seen.at(-1)).toBe('2:note 2')
})
