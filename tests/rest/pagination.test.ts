/** Recipes: pagination tokens in the body, in a Link header, and infinite scroll (docs/guides/pagination.md). */
import { http, HttpResponse } from 'msw'
import type { RestGenerics } from 'rtk-resources'
import {
  createResource,
  ExpiryStatus,
  RestEndpoint,
  schema,
  SchemaDefinitionError,
} from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { thrown } from '../fixtures/tables'
import { API, Story } from '../fixtures/resources'
import { db } from '../mocks/db'
import { recordRequests } from '../mocks/requests'
import { useMockApi } from '../mocks/server'

const server = useMockApi()
const seen = recordRequests(server)
beforeEach(() => {
  seen.length = 0
})

const NewsResource = createResource({ urlPrefix: API, path: '/news/:id', schema: Story })
/** GET /news?cursor= answers `{ results, nextPage, prevPage }` (null at either end). */
const getNews = NewsResource.getList.extend({
  searchParams: {} as { cursor?: string },
  schema: { results: [Story], nextPage: '' as string | null, prevPage: '' as string | null },
})

describe('tokens in the body', () => {
  it('each page is its own response; null tokens are kept as plain data', async () => {
    const { controller, check } = makeRestStore()
    const first = await controller.fetch(getNews)
    expect(first.results.map((s) => s.id)).toEqual(['s1', 's2'])
    expect(first.results[0]).toBeInstanceOf(Story)
    expect(first).toMatchObject({ nextPage: '2', prevPage: null })

    const second = await controller.fetch(getNews, { cursor: first.nextPage ?? undefined })
    expect(seen.map((r) => r.url)).toEqual([`${API}/news`, `${API}/news?cursor=2`])
    expect(second.results.map((s) => s.id)).toEqual(['s3', 's4'])
    expect(second).toMatchObject({ nextPage: '4', prevPage: '0' })

    const last = await controller.fetch(getNews, { cursor: '4' })
    expect(last).toMatchObject({ nextPage: null, prevPage: '2' })
    expect(last.results.map((s) => s.id)).toEqual(['s5'])
    check()
  })
})

/** Tokens of a `Link` header: `<url>; rel="next", ...` → `{ next: url, ... }`. */
function parseLink(header: string | null): Record<string, string> {
  const links: Record<string, string> = {}
  for (const part of header?.split(',') ?? []) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part)
    if (match) links[match[2] as string] = match[1] as string
  }
  return links
}

/** Every endpoint of the API shares this class: lists come back as `{ results, nextPage }`. */
class LinkEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  urlPrefix = API
  async parseResponse(response: Response) {
    const results: unknown = await super.parseResponse(response)
    if (!Array.isArray(results)) return results
    const next = parseLink(response.headers.get('link')).next
    return { results, nextPage: next ? new URL(next).searchParams.get('page') : null }
  }
}

describe('tokens in a Link header', () => {
  const base = createResource({
    path: '/repos/:owner/:repo/stories/:id',
    schema: Story,
    Endpoint: LinkEndpoint,
  })
  const RepoStoryResource = {
    ...base,
    getList: base.getList.extend({
      searchParams: {} as { page?: string },
      schema: { results: [Story], nextPage: '' as string | null },
    }),
  }

  it('parseResponse in a shared Endpoint class turns the header into a member', async () => {
    const { controller, check } = makeRestStore()
    const params = { owner: 'acme', repo: 'news' }
    const first = await controller.fetch(RepoStoryResource.getList, params)
    expect(first.results.map((s) => s.id)).toEqual(['s1', 's2'])
    expect(first.nextPage).toBe('2')
    const page2 = await controller.fetch(RepoStoryResource.getList, { ...params, page: '2' })
    expect(page2.results.map((s) => s.id)).toEqual(['s3', 's4'])
    const page3 = await controller.fetch(RepoStoryResource.getList, { ...params, page: '3' })
    expect(page3).toMatchObject({ nextPage: null })
    expect(seen.map((r) => r.url)).toEqual([
      `${API}/repos/acme/news/stories`,
      `${API}/repos/acme/news/stories?page=2`,
      `${API}/repos/acme/news/stories?page=3`,
    ])
    check()
  })
})

describe('infinite scroll with paginated and a cursor', () => {
  const getNextPage = getNews.paginated(({ cursor: _cursor, ...rest }: { cursor: string }) => [
    rest,
  ])

  it('appends each page to the list, deduplicated by pk, with the newest tokens', async () => {
    const { store, cache, controller, recorded, check } = makeRestStore()
    const first = await controller.fetch(getNews)
    expect(getNextPage.key({ cursor: '2' })).toBe(getNews.key())

    const merged = await controller.fetch(getNextPage, { cursor: first.nextPage as string })
    expect(merged.results.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4'])
    expect(merged).toMatchObject({ nextPage: '4', prevPage: '0' })

    // A story published meanwhile shifts the pages: s4 comes again, and is not repeated.
    db.stories.unshift({ id: 's0', title: 'Breaking' })
    db.stories[4]!.title = 'Story 4 (edited)'
    const all = await controller.fetch(getNextPage, { cursor: '4' })
    expect(all.results.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4', 's5'])
    expect(all.results[3]?.title).toBe('Story 4 (edited)')
    expect(all).toMatchObject({ nextPage: null, prevPage: '2' })

    // The list's own key holds the merged list; each page was one received action.
    expect(cache.select(getNews)(store.getState())).toBe(all)
    expect(recorded.filter((a) => a.type === 'data/received')).toHaveLength(3)
    expect(Object.keys(store.getState().data.results)).toEqual([`GET ${API}/news`])
    check()
  })

  it('a page that fails (even a 4xx) leaves the loaded list on screen; its fetch rejects', async () => {
    const { store, cache, controller, check } = makeRestStore()
    const first = await controller.fetch(getNews)
    server.use(
      http.get(`${API}/news`, () => HttpResponse.json({ message: 'bad cursor' }, { status: 400 }), {
        once: true,
      }),
    )
    await expect(controller.fetch(getNextPage, { cursor: 'nope' })).rejects.toMatchObject({
      status: 400,
    })
    // The list is as it was; the page's error is soft beside it, as a poll's is.
    expect(cache.select(getNews)(store.getState())).toBe(first)
    expect(controller.getError(getNews, store.getState())).toBeUndefined()
    expect(controller.getResponse(getNews, store.getState()).expiryStatus).toBe(ExpiryStatus.Valid)
    // Without a list to grow, the same failure is the call's error, as any other.
    const { controller: other, store: otherStore } = makeRestStore()
    server.use(
      http.get(`${API}/news`, () => HttpResponse.json({ message: 'bad cursor' }, { status: 400 }), {
        once: true,
      }),
    )
    await expect(other.fetch(getNextPage, { cursor: 'nope' })).rejects.toMatchObject({
      status: 400,
    })
    expect(other.getError(getNews, otherStore.getState())).toMatchObject({ status: 400 })
    check()
  })

  it('a cursor param name works too; fetching the list again starts over', async () => {
    const byName = getNews.paginated('cursor')
    const { controller, check } = makeRestStore()
    await controller.fetch(getNews)
    const two = await controller.fetch(byName, { cursor: '2' })
    expect(two.results).toHaveLength(4)
    const fresh = await controller.fetch(getNews)
    expect(fresh.results.map((s) => s.id)).toEqual(['s1', 's2'])
    check()
  })
})

describe('paginated with other list shapes', () => {
  it('a bare list ([Story]) grows page by page', async () => {
    const getStories = new RestEndpoint({
      urlPrefix: API,
      path: '/repos/:owner/:repo/stories',
      searchParams: {} as { page?: number },
      schema: [Story],
    })
    const more = getStories.paginated('page')
    const { controller, check } = makeRestStore()
    const params = { owner: 'acme', repo: 'news' }
    await controller.fetch(getStories, params)
    await controller.fetch(more, { ...params, page: 2 })
    const all = await controller.fetch(more, { ...params, page: 3 })
    expect(all.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4', 's5'])
    check()
  })

  it('schema.Object and schema.Array merge member by member', async () => {
    const getPage = getNews.extend({
      schema: new schema.Object({ results: new schema.Array(Story), nextPage: '' }),
    })
    const more = getPage.paginated(({ cursor: _cursor, ...rest }: { cursor: string }) => [rest])
    const { controller, check } = makeRestStore()
    await controller.fetch(getPage)
    const merged = await controller.fetch(more, { cursor: '2' })
    expect(merged.results.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4'])
    expect(merged.nextPage).toBe('4')
    check()
  })
})

describe('paginated compares items by pk as the tables key them', () => {
  const getNextPage = getNews.paginated(({ cursor: _cursor, ...rest }: { cursor: string }) => [
    rest,
  ])

  it('a list stored with string pks (before numbers were kept) gets no second copy of 1 or "2"', () => {
    const stored = { results: ['1', '2'], nextPage: '2', prevPage: null }
    const page = { results: [2, '3', 1, 4], nextPage: null, prevPage: '1' }
    expect(getNextPage.mergeResult(stored, page)).toEqual({
      results: ['1', '2', '3', 4],
      nextPage: null,
      prevPage: '1',
    })
  })

  it('a union reference is compared by its pk and schema', () => {
    const stored = { results: [{ id: '1', schema: 'a' }], nextPage: '', prevPage: null }
    const page = {
      results: [
        { id: 1, schema: 'a' },
        { id: 1, schema: 'b' },
      ],
      nextPage: null,
      prevPage: null,
    }
    expect(getNextPage.mergeResult(stored, page)).toMatchObject({
      results: [
        { id: '1', schema: 'a' },
        { id: 1, schema: 'b' },
      ],
    })
  })
})

describe('paginated keeps items that only look alike', () => {
  const getNextPage = getNews.paginated(({ cursor: _cursor, ...rest }: { cursor: string }) => [
    rest,
  ])

  it('plain objects differing by id 1 and "1", and null against "null", are different items', () => {
    const merged = getNextPage.mergeResult(
      { results: [{ id: 1, kind: 'bird' }, null], nextPage: '', prevPage: null },
      { results: [{ id: '1', kind: 'bird' }, 'null'], nextPage: null, prevPage: null },
    ) as { results: unknown[] }
    expect(merged.results).toEqual([
      { id: 1, kind: 'bird' },
      null,
      { id: '1', kind: 'bird' },
      'null',
    ])
  })
})

describe('a page function that does not return the list’s arguments as an array', () => {
  it('returning the params object (`=> rest`, not `=> [rest]`) is refused, not keyed as another list', () => {
    const byObject = getNews.paginated((({ cursor: _cursor, ...rest }: any) => rest) as any)
    // Before: the key of `getNews()` with no params, another list than the one meant.
    const error = thrown(() => byObject.key({ cursor: '2' }))
    expect(error).toBeInstanceOf(SchemaDefinitionError)
    expect((error as Error).message).toMatch(/paginated.*Return the list's args as an array/s)
  })

  it('returning undefined rejects the fetch with a SchemaDefinitionError naming paginated', async () => {
    const byNothing = getNews.paginated((() => undefined) as any)
    const { controller } = makeRestStore()
    const error = await controller.fetch(byNothing, { cursor: '2' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SchemaDefinitionError)
    expect((error as Error).message).toMatch(/paginated.*returned undefined/s)
    expect(seen).toEqual([])
  })

  it('paginated given neither a function nor a param name throws where it is written', () => {
    expect(() => getNews.paginated(undefined as any)).toThrow(SchemaDefinitionError)
  })
})

describe('paginated on a schema that holds no list', () => {
  it('throws where it is written, as rest-hooks 7 did: each page would replace the stored value', () => {
    const getStory = NewsResource.get
    const error = thrown(() => getStory.paginated('cursor'))
    expect(error).toBeInstanceOf(SchemaDefinitionError)
    expect((error as Error).message).toMatch(/paginated: its schema holds no list.*\[Todo\]/s)
    const schemaless = new RestEndpoint({ urlPrefix: API, path: '/news' })
    expect(() => schemaless.paginated('cursor')).toThrow(SchemaDefinitionError)
  })

  it('a list anywhere in the schema is enough: [S], schema.Array, a member of an object', () => {
    const nested = new RestEndpoint({
      urlPrefix: API,
      path: '/news',
      schema: { data: { stories: new schema.Array(Story) }, cursor: '' },
    })
    expect(() => nested.paginated('cursor')).not.toThrow()
    expect(() => getNews.paginated('cursor')).not.toThrow()
  })
})
