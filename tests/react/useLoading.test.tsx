/**
 * useLoading's deps, as in Reactive Data Client (`deps || [func]`): without deps the wrapped
 * function follows the latest function (a submit handler sends what was typed); with deps it
 * keeps the function of the render where they last changed.
 */
import { runInNewContext } from 'node:vm'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { Endpoint } from 'rtk-resources'
import { useController, useLoading } from 'rtk-resources/react'
import { BASE, fetchJson } from './api'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

const sent: unknown[] = []
serveHandlers(
  http.post(`${BASE}/notes`, async ({ request }) => {
    const body = await request.json()
    sent.push(body)
    return HttpResponse.json({ id: sent.length, ...(body as object) })
  }),
)
beforeEach(() => {
  sent.length = 0
})

const saveNote = new Endpoint(
  (body: { text: string }) =>
    fetchJson('/notes', { method: 'POST', body: JSON.stringify(body) }) as Promise<{
      id: number
      text: string
    }>,
  { sideEffect: true, name: 'saveNote' },
)

function NoteForm() {
  const controller = useController()
  const [text, setText] = useState('')
  const [save, saving] = useLoading(() => controller.fetch(saveNote, { text }))
  return (
    <div>
      <input aria-label="text" value={text} onChange={(event) => setText(event.target.value)} />
      <button onClick={() => save()}>save</button>
      <p>{saving ? 'saving' : 'idle'}</p>
    </div>
  )
}

test('without deps, the wrapped function calls the latest function: a submit sends what was typed', async () => {
  renderWithCache(<NoteForm />)
  fireEvent.change(screen.getByLabelText('text'), { target: { value: 'typed' } })
  fireEvent.click(screen.getByText('save'))
  expect(screen.getByText('saving')).toBeTruthy()
  await waitFor(() => expect(screen.getByText('idle')).toBeTruthy())
  expect(sent).toEqual([{ text: 'typed' }])
})

test('without deps, the wrapped function is remade when the function changes', () => {
  const seen: unknown[] = []
  function Wrapper({ value }: { value: string }) {
    const [wrapped] = useLoading(async () => value)
    seen.push(wrapped)
    return null
  }
  const { rerender } = renderWithCache(<Wrapper value="first" />)
  rerender(<Wrapper value="second" />)
  expect(new Set(seen).size).toBe(seen.length)
})

test('with deps, the wrapped function keeps the function of the render where they changed', async () => {
  let call!: () => Promise<string | undefined>
  function Wrapper({ value, version }: { value: string; version: number }) {
    const [wrapped] = useLoading(async () => value, [version])
    call = wrapped
    return null
  }
  const { rerender } = renderWithCache(<Wrapper value="first" version={1} />)
  const first = call
  rerender(<Wrapper value="second" version={1} />)
  expect(call).toBe(first)
  await act(async () => expect(await call()).toBe('first'))
  rerender(<Wrapper value="third" version={2} />)
  expect(call).not.toBe(first)
  await act(async () => expect(await call()).toBe('third'))
})

test('a failure of an earlier call that overlaps a later one is reported; loading follows the latest', async () => {
  const answers: Array<{ resolve: () => void; reject: (error: Error) => void }> = []
  const remove = (_id: number) =>
    new Promise<void>((resolve, reject) => answers.push({ resolve, reject }))
  function Rows() {
    const [del, deleting, error] = useLoading(remove)
    return (
      <div>
        <button onClick={() => del(1)}>delete 1</button>
        <button onClick={() => del(2)}>delete 2</button>
        <p>{`${deleting ? 'deleting' : 'idle'} ${error?.message ?? 'ok'}`}</p>
      </div>
    )
  }
  renderWithCache(<Rows />)
  fireEvent.click(screen.getByText('delete 1'))
  fireEvent.click(screen.getByText('delete 2'))
  await act(async () => answers[1]?.resolve())
  expect(screen.getByText('idle ok')).toBeTruthy()
  await act(async () => answers[0]?.reject(new Error('delete 1 failed')))
  expect(screen.getByText('idle delete 1 failed')).toBeTruthy()
})

/** Renders a button whose `useLoading` call throws `thrown`, clicks it, and gives what it reports. */
async function reportedAfterThrowing(thrown: unknown): Promise<Error | undefined> {
  const reported: Array<Error | undefined> = []
  function Save() {
    const [save, , error] = useLoading(async () => {
      throw thrown
    })
    reported.push(error)
    return <button onClick={() => save()}>save</button>
  }
  renderWithCache(<Save />)
  fireEvent.click(screen.getByText('save'))
  await waitFor(() => expect(reported.at(-1)).toBeDefined())
  return reported.at(-1)
}

test('a thrown value that is not an Error is described in the message and kept as its cause', async () => {
  const conflict = { status: 409, detail: 'conflict' }
  const error = await reportedAfterThrowing(conflict)
  expect(error).toBeInstanceOf(Error)
  expect(error?.message).toBe('{"status":409,"detail":"conflict"}')
  expect(error?.cause).toBe(conflict)
})

test("an Error of another realm (an iframe's, Node's fetch under jsdom) is reported as it is", async () => {
  const foreign = runInNewContext('new TypeError("boom")') as Error
  expect(foreign instanceof Error).toBe(false)
  const error = await reportedAfterThrowing(foreign)
  expect(error).toBe(foreign)
  expect(error?.message).toBe('boom')
})
