/**
 * POST /api/graphql: a hand-written resolver for one query and one mutation (no GraphQL
 * library). The operation is picked by its name; failures answer `{ errors: [{ message }] }`.
 *
 *   query Team { users { id name color status openIssues } }
 *   mutation SetStatus($status: String!) { setStatus(status: $status) { id status } }
 */
import type { Db, UserRecord } from './db'
import type { Route } from './http'
import { ApiError, readJson, route, sendJson } from './http'
import { requireUser } from './validate'

type Resolver = (variables: Record<string, unknown>, viewer: () => UserRecord) => unknown

function member(user: UserRecord) {
  const { id, name, color, status, openIssues } = user
  return { id, name, color, status, openIssues }
}

function resolvers(db: Db): Record<string, Resolver> {
  return {
    Team: () => ({ users: [...db.users.values()].map(member) }),
    SetStatus: (variables, viewer) => {
      const status = variables.status
      if (typeof status !== 'string') throw new ApiError(400, 'Variable $status must be a String.')
      if (status.trim().length > 60) throw new ApiError(400, 'A status is at most 60 characters.')
      const user = viewer()
      user.status = status.trim()
      return { setStatus: { id: user.id, status: user.status } }
    },
  }
}

/** `query Team {` → `Team`. */
function operationName(query: string): string | undefined {
  return /^\s*(?:query|mutation)\s+([_A-Za-z]\w*)/.exec(query)?.[1]
}

export function graphqlRoutes(db: Db): Route[] {
  const byName = resolvers(db)
  return [
    route('POST', '/api/graphql', async ({ req, res }) => {
      try {
        const { query, variables = {} } = await readJson(req)
        if (typeof query !== 'string') throw new ApiError(400, 'Send { query, variables }.')
        const name = operationName(query)
        const resolve = name === undefined ? undefined : byName[name]
        if (!resolve) {
          const known = Object.keys(byName).join(', ')
          throw new ApiError(
            400,
            `Unknown operation ${name ?? '(anonymous)'}; this server knows ${known}.`,
          )
        }
        if (typeof variables !== 'object' || variables === null) {
          throw new ApiError(400, 'variables must be an object.')
        }
        const data = resolve(variables as Record<string, unknown>, () => requireUser(db, req))
        sendJson(res, 200, { data })
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        // GraphQL reports failures in `errors`; 200 keeps with common servers, except for auth.
        sendJson(res, error.status === 401 ? 401 : 200, { errors: [{ message: error.message }] })
      }
    }),
  ]
}
