/**
 * Bad answers to the members that add to a stored list (getList.paginated, getList.push,
 * getList.unshift) lose nothing: the list stored before is kept, with no `null` item and no
 * page replaced by nothing (a 204 or an empty body adds nothing; an error rejects).
 */
import { http, HttpResponse } from 'msw'
import { createResource } from 'rtk-resources'
import { Story } from '../fixtures/resources'
import { expectPlain, makeStore } from '../fixtures/store'
import { server } from '../mocks/server'

const ORIGIN = 'http://lists-grow.test'
const Stories = createResource({ urlPrefix: ORIGIN, path: '/stories/:id', schema: Story })
const nextPage = Stories.getList.paginated('cursor')

const ROWS: [string, () => Response, 'reject' | 'resolve'][] = [
  ['204', () => new HttpResponse(null, { status: 204 }), 'resolve'],
  ['200 empty', () => new HttpResponse(null, { status: 200 }), 'resolve'],
  ['404 JSON', () => HttpResponse.json({ message: 'x' }, { status: 404 }), 'reject'],
  [
    '500 HTML',
    () =>
      new HttpResponse('<html></html>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
    'reject',
  ],
  [
    '200 text',
    () => new HttpResponse('nope', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
    'reject',
  ],
  ['object for a list', () => HttpResponse.json({ error: 'rate limited' }), 'reject'],
  ['string', () => HttpResponse.json('str'), 'reject'],
  ['record without id', () => HttpResponse.json([{ title: 'no id' }]), 'reject'],
  ['network failure', () => HttpResponse.error(), 'reject'],
]
let respond: () => Response
let seen: string[] = []
beforeEach(() => {
  seen = []
  server.use(
    http.all(`${ORIGIN}/*`, ({ request }) => {
      seen.push(`${request.method} ${request.url}`)
      return respond()
    }),
  )
})

describe.each(ROWS)('%s', (_n, make, outcome) => {
  test.each([
    ['paginated page', () => [nextPage, [{ cursor: '2' }]], `GET ${ORIGIN}/stories?cursor=2`],
    ['push', () => [Stories.getList.push, [{ title: 'new' }]], `POST ${ORIGIN}/stories`],
    ['unshift', () => [Stories.getList.unshift, [{ title: 'new' }]], `POST ${ORIGIN}/stories`],
  ] as const)('%s: the stored list is kept', async (_m, pick, url) => {
    const h = makeStore()
    h.controller.setResponse(Stories.getList, [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ])
    const sel = h.cache.select(Stories.getList)
    const list = sel(h.store.getState())
    const before = h.store.getState().data.entities
    respond = make
    const [ep, args] = pick() as unknown as [unknown, unknown[]]
    const out = await (h.controller.fetch as (...a: unknown[]) => Promise<unknown>)(
      ep,
      ...args,
    ).then(
      () => 'resolve',
      () => 'reject',
    )
    expect(out).toBe(outcome)
    expect(seen).toEqual([url])
    const state = h.store.getState()
    expect(sel(state)?.map((s) => s.id)).toEqual([1, 2])
    if (outcome === 'reject') {
      expect(sel(state)).toBe(list)
      expect(state.data.entities).toBe(before)
    }
    expectPlain(state.data)
    expect(h.replay().data).toEqual(state.data)
    h.expectSilentChecks()
  })
})

test('a page-object list (results + nextPage) answered 204 for its next page keeps the stored page', async () => {
  const Feed = createResource({
    urlPrefix: ORIGIN,
    path: '/feed/:id',
    schema: Story,
  }).getList.extend({ schema: { results: [Story], nextPage: '' } })
  const next = Feed.paginated('cursor')
  const h = makeStore()
  h.controller.setResponse(Feed, { results: [{ id: 1, title: 'a' }], nextPage: '2' })
  respond = () => new HttpResponse(null, { status: 204 })
  await h.controller.fetch(next, { cursor: '2' })
  expect(seen).toEqual([`GET ${ORIGIN}/feed?cursor=2`])
  const page = h.cache.select(Feed)(h.store.getState())
  expect(page?.results.map((s) => s.id)).toEqual([1])
})

test("a page's bad record is named by the page's arguments, not only by the list's key", async () => {
  respond = () => HttpResponse.json([{ title: 'no id' }])
  const { controller } = makeStore()
  const error = await controller.fetch(nextPage, { cursor: '2' }).catch((e: unknown) => e)
  expect((error as Error).message).toMatch(
    `The response to a page of GET ${ORIGIN}/stories ([{"cursor":"2"}]): Entity "Story"`,
  )
})
