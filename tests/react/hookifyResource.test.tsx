import { fireEvent, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { createContext, useContext, useState } from 'react'
import { Entity, createResource, hookifyResource } from 'rtk-resources'
import { useController, useSuspense } from 'rtk-resources/react'
import { renderWithCache } from './render'
import { serveHandlers } from '../mocks/server'

class Note extends Entity {
  id = 0
  text = ''
  owner = ''
  pk() {
    return this.id
  }
  static key = 'Note'
}
const seen: Array<string | null> = []
serveHandlers(
  http.get('http://notes.test/notes/:id', ({ params, request }) => {
    const token = request.headers.get('access-token')
    seen.push(token)
    if (!token) return HttpResponse.json({ message: 'no token' }, { status: 401 })
    return HttpResponse.json({ id: Number(params.id), text: 'hello', owner: token })
  }),
  http.patch('http://notes.test/notes/:id', async ({ params, request }) => {
    const token = request.headers.get('access-token')
    seen.push(token)
    const body = (await request.json()) as { text: string }
    return HttpResponse.json({ id: Number(params.id), text: body.text, owner: token })
  }),
)

const NoteResource = createResource({
  urlPrefix: 'http://notes.test',
  path: '/notes/:id',
  schema: Note,
})
const TokenContext = createContext('')
const useAuthInit = (): RequestInit => ({ headers: { 'Access-Token': useContext(TokenContext) } })
const NoteHooks = hookifyResource(NoteResource, useAuthInit)

function NoteView() {
  const getNote = NoteHooks.useGet()
  const partialUpdate = NoteHooks.usePartialUpdate()
  const controller = useController()
  const note = useSuspense(getNote, { id: 1 })
  return (
    <div>
      <p>
        {note.text} by {note.owner}
      </p>
      <button onClick={() => controller.fetch(partialUpdate, { id: 1 }, { text: 'edited' })}>
        edit
      </button>
    </div>
  )
}

test('hooks from hookifyResource send the headers of a context value', async () => {
  function App() {
    const [token] = useState('token-of-ada')
    return (
      <TokenContext.Provider value={token}>
        <NoteView />
      </TokenContext.Provider>
    )
  }
  renderWithCache(<App />)
  expect(await screen.findByText('hello by token-of-ada')).toBeTruthy()
  fireEvent.click(screen.getByText('edit'))
  expect(await screen.findByText('edited by token-of-ada')).toBeTruthy()
  expect(seen).toEqual(['token-of-ada', 'token-of-ada'])
  // Same settings → the same endpoint object (no new selector per render).
  expect(NoteResource.get.key({ id: 1 })).toBe('GET http://notes.test/notes/1')
})
