/**
 * Optional path params (`{/:group}`, `:id?`) and the cursor of `paginated('cursor')` given as
 * `T | undefined` (a prop, a router's `useParams()`, a token the first page lacks) under
 * `exactOptionalPropertyTypes`: the runtime leaves an `undefined` one out of the URL and the key,
 * as an absent one (tests/rest/paths.test.ts), so the types accept it, as `ListSearch` does.
 */
import { expectTypeOf } from 'expect-type'
import { Entity, RestEndpoint, createResource } from 'rtk-resources'
import type { PathArgs } from 'rtk-resources'

class Doc extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Doc'
}
declare const group: string | undefined
declare const version: number | undefined
declare const cursor: string | undefined

expectTypeOf<PathArgs<'/docs{/:group}/items/:id'>>().toEqualTypeOf<{
  id: string | number
  group?: string | number | undefined
}>()

const Docs = createResource({ path: '/docs{/:group}/items/:id', schema: Doc })
void Docs.getList({ group })
void Docs.get({ id: 1, group })
void Docs.create({ group }, { title: 'x' })
void Docs.getList({ group: 'a', q: cursor })
// A required param still takes no undefined.
// @ts-expect-error id is required
void Docs.get({ id: undefined, group })

const getVersion = new RestEndpoint({ path: '/docs/:id/versions/:version?', schema: Doc })
void getVersion({ id: 1, version })

const morePages = Docs.getList.paginated('cursor')
void morePages({ group: 'a', cursor })
void morePages({ group, cursor })

// A list whose searchParams declare the cursor as `cursor?: string` (the pagination guide's
// getNews): the page owns its cursor param, so `undefined` (the first page has none) is taken.
const getDocs = Docs.getList.extend({
  searchParams: {} as { cursor?: string },
  schema: { results: [Doc], nextPage: '' as string | null },
})
const nextDocs = getDocs.paginated('cursor')
declare const firstNext: string | null
void nextDocs({ cursor: firstNext ?? undefined })
void nextDocs({ cursor: 'abc' })
// @ts-expect-error the cursor is text or a number
void nextDocs({ cursor: {} })
