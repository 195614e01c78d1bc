/**
 * useDLE and useFetch fetch again when a request settles without making the data usable: the
 * call was invalidated while it was in flight (the mark holds), or the store was reset (its
 * answer is dropped). useSuspense does so on its next render; these hooks must not stay
 * loading with nothing in flight. Data that lands and still cannot show for any other reason is
 * not asked for again by any of them: useSuspense throws UnusableResponseError instead.
 */
import { act, screen } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { Entity, RestEndpoint, UnusableResponseError } from 'rtk-resources'
import { useCache, useController, useDLE, useFetch, useSuspense } from 'rtk-resources/react'
import { useEffect } from 'react'
import { Doc } from '../fixtures/entities'
import { serveHandlers } from '../mocks/server'
import { ErrorBoundary, renderWithCache } from './render'

let served = 0
const server = serveHandlers(
  http.get('http://settle.test/docs/:id', async ({ params }) => {
    served += 1
    const version = served
    await delay(30)
    return HttpResponse.json({ id: Number(params.id), title: `v${version}` })
  }),
)
beforeEach(() => {
  served = 0
})

const getDoc = new RestEndpoint({ urlPrefix: 'http://settle.test', path: '/docs/:id', schema: Doc })
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

function WithDLE() {
  const { data, loading } = useDLE(getDoc, { id: 1 })
  return <p>{loading ? 'loading' : (data?.title ?? 'none')}</p>
}
function WithFetch() {
  useFetch(getDoc, { id: 1 })
  return <p>{useCache(getDoc, { id: 1 })?.title ?? 'none'}</p>
}

describe.each([
  ['useDLE', WithDLE],
  ['useFetch + useCache', WithFetch],
])('%s', (_name, Reader) => {
  test('invalidated while its first request is in flight: fetches again and shows that', async () => {
    const { controller } = renderWithCache(<Reader />)
    await wait(10)
    act(() => controller.invalidate(getDoc, { id: 1 }))
    expect(await screen.findByText('v2', undefined, { timeout: 10_000 })).toBeTruthy()
    await wait(60)
    expect(served).toBe(2)
  })

  test('store reset while its first request is in flight: fetches again and shows that', async () => {
    const { controller } = renderWithCache(<Reader />)
    await wait(10)
    act(() => controller.resetEntireStore())
    expect(await screen.findByText('v2', undefined, { timeout: 10_000 })).toBeTruthy()
    await wait(60)
    expect(served).toBe(2)
  })

  test('invalidated while a background revalidation is in flight: fetches once more', async () => {
    const { controller } = renderWithCache(<Reader />)
    expect(await screen.findByText('v1')).toBeTruthy()
    act(() => controller.expireAll({ testKey: () => true }))
    await wait(10)
    act(() => controller.invalidate(getDoc, { id: 1 }))
    expect(await screen.findByText('v3', undefined, { timeout: 10_000 })).toBeTruthy()
    await wait(60)
    expect(served).toBe(3)
  })
})

describe('data that lands and still cannot show is not asked for again (no request loop)', () => {
  class Writer extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'Writer'
  }
  // Normalized, `author` is the writer's key; read, the record holds a key, not an object:
  // validate fails on every read, whatever the server answers.
  class Book extends Entity {
    id = 0
    author: Writer | undefined = undefined
    pk() {
      return this.id
    }
    static key = 'Book'
    static schema = { author: Writer }
    static validate(record: Record<string, unknown>) {
      return typeof record.author === 'object' && record.author !== null ? undefined : 'no author'
    }
  }
  let books = 0
  beforeEach(() => {
    books = 0
  })
  const getBook = new RestEndpoint({
    urlPrefix: 'http://settle.test',
    path: '/books/:id',
    schema: Book,
  })
  const seen: Array<Error | undefined> = []
  function BookDLE() {
    const { loading, error } = useDLE(getBook, { id: 1 })
    seen.push(error)
    return (
      <p>
        {loading ? 'loading' : error ? `error ${(error as UnusableResponseError).reason}` : 'shown'}
      </p>
    )
  }
  function BookFetch() {
    useFetch(getBook, { id: 1 })
    return <p>{useCache(getBook, { id: 1 }) ? 'shown' : 'none'}</p>
  }

  test.each([
    ['useDLE', BookDLE],
    ['useFetch', BookFetch],
  ])('%s: one request', async (_name, Reader) => {
    server.use(
      http.get('http://settle.test/books/:id', ({ params }) => {
        books += 1
        return HttpResponse.json({ id: Number(params.id), author: { id: 1 } })
      }),
    )
    renderWithCache(<Reader />)
    await wait(300)
    expect(books).toBe(1)
  })

  test('useDLE: one request, then the UnusableResponseError, not loading forever', async () => {
    server.use(
      http.get('http://settle.test/books/:id', ({ params }) => {
        books += 1
        return HttpResponse.json({ id: Number(params.id), author: { id: 1 } })
      }),
    )
    renderWithCache(<BookDLE />)
    await wait(300)
    expect(books).toBe(1)
    expect(screen.getByText('error incomplete')).toBeTruthy()
    expect(seen.at(-1)?.message).toContain('Book 1 fails Book.validate() when read: "no author".')
  })

  test('useSuspense: one request, then UnusableResponseError at the boundary', async () => {
    server.use(
      http.get('http://settle.test/books/:id', ({ params }) => {
        books += 1
        return HttpResponse.json({ id: Number(params.id), author: { id: 1 } })
      }),
    )
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const caught: Error[] = []
    function BookSuspense() {
      return <p>{useSuspense(getBook, { id: 1 }).id}</p>
    }
    const tree = (round: number) => (
      <ErrorBoundary
        key={round}
        fallback={(error) => {
          caught.push(error)
          return <p>unusable {round}</p>
        }}
      >
        <BookSuspense />
      </ErrorBoundary>
    )
    const { controller, rerender } = renderWithCache(tree(1))
    await wait(300)
    expect(books).toBe(1)
    expect(screen.getByText('unusable 1')).toBeTruthy()
    const error = caught[0] as UnusableResponseError
    expect(error).toBeInstanceOf(UnusableResponseError)
    expect(error).toMatchObject({ code: 'unusable-response', reason: 'incomplete', status: 400 })
    expect(error.key).toBe(getBook.key({ id: 1 }))
    expect(error.message).toContain('validate()')
    // It names the record that fails, and what its validate() said.
    expect(error.message).toContain('Book 1 fails Book.validate() when read: "no author".')
    // An invalidation is a reason to ask again: the next reader fetches once more, then stops.
    act(() => controller.invalidate(getBook, { id: 1 }))
    rerender(tree(2))
    await wait(300)
    expect(books).toBe(2)
    expect(screen.getByText('unusable 2')).toBeTruthy()
    jest.restoreAllMocks()
  })
})

test('useDLE: a reset made right after its request started (before it rendered again) fetches again', async () => {
  function Parent() {
    const controller = useController()
    useEffect(() => {
      controller.resetEntireStore()
    }, [controller])
    return <WithDLE />
  }
  renderWithCache(<Parent />)
  expect(await screen.findByText('v2', undefined, { timeout: 10_000 })).toBeTruthy()
  expect(served).toBe(2)
})
