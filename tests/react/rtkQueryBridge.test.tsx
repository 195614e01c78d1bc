/**
 * The RTK Query bridge under React: RTK Query's own hooks (useGetPostsQuery, useGetPostQuery,
 * useUpdatePostMutation, useDeletePostMutation) beside our hooks, in one store (dev checks on).
 * A mutation from either side re-renders every view of the record, with no refetch.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { Provider } from 'react-redux'
import { EntityCacheProvider, useCache, useController } from 'rtk-resources/react'
import { recordRequests } from '../mocks/requests'
import { serveHandlers } from '../mocks/server'
import { BLOG, PostResource, blogHandlers, makeBridgedStore, resetBlog } from '../fixtures/blogApi'
import type { BlogApi } from '../fixtures/blogApi'

const server = serveHandlers(...blogHandlers)
const requests = recordRequests(server)
beforeEach(() => {
  resetBlog()
  requests.length = 0
})

function views(api: BlogApi) {
  function RtkList() {
    const { data = [], isLoading } = api.useGetPostsQuery()
    if (isLoading) return <p>loading list</p>
    return (
      <ul aria-label="rtk list">
        {data.map((post) => (
          <li key={post.id}>
            {post.title} by {post.author.name}
          </li>
        ))}
      </ul>
    )
  }
  function RtkDetail({ id }: { id: number }) {
    const { data } = api.useGetPostQuery(id)
    const [update] = api.useUpdatePostMutation()
    const [remove] = api.useDeletePostMutation()
    if (!data) return <p>loading detail</p>
    return (
      <section aria-label="rtk detail">
        <h1>{data.title}</h1>
        <button onClick={() => update({ id, title: 'Renamed by RTK Query' })}>rtk rename</button>
        <button onClick={() => remove(id)}>rtk delete</button>
      </section>
    )
  }
  function OurDetail({ id }: { id: number }) {
    const post = useCache(PostResource.get, { id })
    const controller = useController()
    return (
      <section aria-label="our detail">
        <h2>{post ? post.title : 'none'}</h2>
        <button
          onClick={() =>
            controller.fetch(PostResource.partialUpdate, { id }, { title: 'Renamed by us' })
          }
        >
          our rename
        </button>
      </section>
    )
  }
  return { RtkList, RtkDetail, OurDetail }
}

function renderBlog(id: number) {
  const harness = makeBridgedStore()
  const { RtkList, RtkDetail, OurDetail } = views(harness.api)
  render(
    <StrictMode>
      <Provider store={harness.store}>
        <EntityCacheProvider cache={harness.cache}>
          <RtkList />
          <RtkDetail id={id} />
          <OurDetail id={id} />
        </EntityCacheProvider>
      </Provider>
    </StrictMode>,
  )
  return harness
}

const rows = () =>
  within(screen.getByRole('list', { name: 'rtk list' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent)

test('an RTK Query mutation updates the list, the detail and our hook, with no refetch', async () => {
  const { expectSilentChecks } = renderBlog(1)
  expect(await screen.findByText('Normalize by Ada')).toBeTruthy()
  expect(await screen.findByRole('heading', { level: 1, name: 'Normalize' })).toBeTruthy()
  // Our hook reads the record RTK Query's results brought into the cache.
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Normalize')
  requests.length = 0

  fireEvent.click(screen.getByText('rtk rename'))
  expect(await screen.findByText('Renamed by RTK Query by Ada')).toBeTruthy()
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Renamed by RTK Query')
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Renamed by RTK Query')
  expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`PATCH ${BLOG}/posts/1`])
  expectSilentChecks()
})

test('our PATCH updates the RTK Query views', async () => {
  const { expectSilentChecks } = renderBlog(2)
  expect(await screen.findByRole('heading', { level: 1, name: 'Selectors' })).toBeTruthy()
  expect(await screen.findByText('Selectors by Ada')).toBeTruthy()
  requests.length = 0
  fireEvent.click(screen.getByText('our rename'))
  expect(await screen.findByText('Renamed by us by Ada')).toBeTruthy()
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Renamed by us')
  expect(requests).toHaveLength(1)
  expectSilentChecks()
})

test('our PATCH shows in the RTK Query views as soon as it is stored, not a frame later', async () => {
  // Before: RTK Query's patches are auto-batched, so configureStore's autoBatchEnhancer told
  // RTK Query's hooks a frame later than ours: right after the fetch, ours showed the new
  // title and RTK Query's the old one.
  const { store, cache } = renderBlog(2)
  expect(await screen.findByRole('heading', { level: 1, name: 'Selectors' })).toBeTruthy()
  expect(await screen.findByText('Selectors by Ada')).toBeTruthy()
  const controller = cache.controller(store)
  await act(async () => {
    await controller.fetch(PostResource.partialUpdate, { id: 2 }, { title: 'At once' })
  })
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('At once')
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('At once')
  expect(rows()).toContain('At once by Ada')
})

test('a DELETE removes the row from the RTK Query list', async () => {
  const { expectSilentChecks } = renderBlog(3)
  expect(await screen.findByText('Compilers by Grace')).toBeTruthy()
  expect(await screen.findByRole('heading', { level: 1, name: 'Compilers' })).toBeTruthy()
  requests.length = 0
  fireEvent.click(screen.getByText('rtk delete'))
  await waitFor(() => expect(screen.queryByText('Compilers by Grace')).toBeNull())
  expect(rows()).toEqual(['Normalize by Ada', 'Selectors by Ada'])
  // Our hook reads the record as deleted; RTK Query's detail entry keeps its last data.
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('none')
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Compilers')
  expect(requests.map((r) => r.method)).toEqual(['DELETE'])
  expectSilentChecks()
})
