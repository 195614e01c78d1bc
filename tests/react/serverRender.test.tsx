/**
 * Server-side rendering with one cache for the whole server: two requests at once, each with a
 * store of its own, rendered with react-dom/server; then the browser hydrates one page from the
 * slice sent with the HTML, without fetching again and without a hydration mismatch.
 */
import { configureStore } from '@reduxjs/toolkit'
import { act } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { Provider } from 'react-redux'
import { Endpoint, Entity, createEntityCache } from 'rtk-resources'
import type { EntityCacheState } from 'rtk-resources'
import { EntityCacheProvider, useSuspense } from 'rtk-resources/react'
import { server } from '../mocks/server'

class Profile extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'Profile'
}
const getProfile = new Endpoint(
  async ({ id }: { id: number }) => (await fetch(`http://ssr.test/profiles/${id}`)).json(),
  { schema: Profile, name: 'getProfile' },
)

const requests: string[] = []
beforeEach(() => {
  requests.length = 0
  server.use(
    http.get('http://ssr.test/profiles/:id', async ({ params }) => {
      requests.push(String(params.id))
      // The first request answers last.
      if (params.id === '1') await new Promise((resolve) => setTimeout(resolve, 30))
      return HttpResponse.json({ id: Number(params.id), name: `Person ${String(params.id)}` })
    }),
  )
})

const cache = createEntityCache({ reducerPath: 'data' })
function makeStore(preloaded?: EntityCacheState) {
  return configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
    preloadedState: preloaded ? { [cache.reducerPath]: preloaded } : undefined,
  })
}

function Page({ id }: { id: number }) {
  const profile = useSuspense(getProfile, { id })
  return <h1>{profile.name}</h1>
}
function App({ store, id }: { store: ReturnType<typeof makeStore>; id: number }) {
  return (
    <Provider store={store}>
      <EntityCacheProvider cache={cache}>
        <Page id={id} />
      </EntityCacheProvider>
    </Provider>
  )
}

/**
 * react-redux's Provider picks useLayoutEffect when it finds a DOM, which jsdom gives it, and
 * React 18's server renderer then warns; on a real server there is no DOM and no warning.
 */
const JSDOM_ONLY = /^Warning: useLayoutEffect does nothing on the server/

/** What the server does per request: a new store, the page's data, the HTML and the slice. */
async function serve(id: number) {
  const store = makeStore()
  await cache.controller(store).fetch(getProfile, { id })
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const html = renderToString(<App store={store} id={id} />)
    const said = errors.mock.calls.map((call) => String(call[0]))
    expect(said.filter((text) => !JSDOM_ONLY.test(text))).toEqual([])
    return { html, slice: JSON.stringify(store.getState().data) }
  } finally {
    errors.mockRestore()
  }
}

test('two requests at once, one cache: each page shows its own data; the browser hydrates without a fetch', async () => {
  const [first, second] = await Promise.all([serve(1), serve(2)])
  expect(first.html).toBe('<h1>Person 1</h1>')
  expect(second.html).toBe('<h1>Person 2</h1>')
  expect(requests.sort()).toEqual(['1', '2'])
  // Each slice holds its own request's record only.
  expect(first.slice).toContain('Person 1')
  expect(first.slice).not.toContain('Person 2')

  // The browser: the HTML in the page, the store made from the slice sent with it.
  const container = document.createElement('div')
  container.innerHTML = first.html
  document.body.appendChild(container)
  const errors = jest.spyOn(console, 'error')
  const store = makeStore(JSON.parse(first.slice) as EntityCacheState)
  await act(async () => {
    hydrateRoot(container, <App store={store} id={1} />)
  })
  expect(container.innerHTML).toBe('<h1>Person 1</h1>')
  expect(errors).not.toHaveBeenCalled()
  expect(requests).toEqual(['1', '2'])
  errors.mockRestore()
})
