/**
 * The endpoints. Reads are plain endpoints (no auth needed); mutations get the signed-in user's
 * `Access-Token` through `hookifyResource` (see ./auth.tsx).
 */
import type { RestGenerics } from 'rtk-resources'
import { createResource, RestEndpoint, schema } from 'rtk-resources'
import type { IssueInput } from './entities'
import { Comment, Issue, IssueSummary, Label, User } from './entities'

const FIVE_MINUTES = 5 * 60_000

export const UserResource = createResource({ path: '/api/users/:id', schema: User })

/** `GET /api/labels` answers `{ bug: {...}, docs: {...} }`: a map of Label. */
export const getLabels = new RestEndpoint({
  path: '/api/labels',
  schema: new schema.Values(Label),
  dataExpiryLength: FIVE_MINUTES,
})

/** get / update / partialUpdate / delete answer the full `Issue`. */
export const IssueResource = createResource({
  path: '/api/issues/:id',
  schema: Issue,
  body: {} as IssueInput,
})

/** One page of issues: summaries, and the cursor of the next page (`null` on the last one). */
export const issuePage = { results: [IssueSummary], nextCursor: null as string | null }

/** The list: `{}` for every issue, `{ label }` for one label's. */
export const getIssues = IssueResource.getList.extend({
  schema: issuePage,
  searchParams: {} as { label?: string },
  dataExpiryLength: FIVE_MINUTES,
})

/** The next pages: `{ ...listArgs, cursor }`; each is appended to the list without the cursor. */
export const getNextIssues = getIssues.paginated('cursor')

/** Create answers `{ issue, author }`: the new issue, and its author with updated counters. */
export const createIssue = IssueResource.create.extend({
  schema: { issue: Issue, author: User },
})

/**
 * A RestEndpoint for lists paginated through the `Link` header (GitHub style): the body is the
 * array, and the next page's number is read from `Link: <...?page=2>; rel="next"`.
 */
export class LinkPagedEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  async parseResponse(response: Response) {
    const results: unknown = await super.parseResponse(response)
    return { results, nextPage: nextPageOf(response.headers.get('link')) }
  }
}

/** `<...?page=3>; rel="next"` → 3; no next link → null. */
export function nextPageOf(link: string | null): number | null {
  const next = link?.split(',').find((part) => /rel="?next"?/.test(part))
  const page = next && /[?&]page=(\d+)/.exec(next)?.[1]
  return page ? Number(page) : null
}

export const getComments = new LinkPagedEndpoint({
  path: '/api/issues/:issueId/comments',
  schema: { results: [Comment], nextPage: null as number | null },
  searchParams: {} as { page?: number },
})

export const getMoreComments = getComments.paginated('page')
