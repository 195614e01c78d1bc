/**
 * Per-user auth: the signed-in user (from the `ui` slice) is provided through a React context,
 * and `hookifyResource` turns the mutations into hooks that send that user's `Access-Token`.
 */
import type { ReactNode } from 'react'
import { createContext, useContext, useMemo } from 'react'
import { useSelector } from 'react-redux'
import { hookifyResource } from 'rtk-resources'
import { selectCurrentUserId } from '../store'
import { setStatus } from './graphql'
import { createIssue, IssueResource } from './resources'

/** The demo server's tokens are `demo-token-<userId>`; a real app gets one from its login. */
const AccessTokenContext = createContext<string | null>(null)

export function AuthProvider({ children }: { children: ReactNode }) {
  const userId = useSelector(selectCurrentUserId)
  const token = userId === null ? null : `demo-token-${userId}`
  return <AccessTokenContext.Provider value={token}>{children}</AccessTokenContext.Provider>
}

function authInit(token: string | null): RequestInit {
  return { headers: token === null ? {} : { 'Access-Token': token } }
}

/** The request settings every authenticated endpoint gets (a hook: it reads the context). */
function useAuthInit(): RequestInit {
  return authInit(useContext(AccessTokenContext))
}

/** `useCreate()`, `useUpdate()`, `usePartialUpdate()`, `useDelete()`: endpoints with the header. */
export const IssueHooks = hookifyResource(
  {
    create: createIssue,
    update: IssueResource.update,
    partialUpdate: IssueResource.partialUpdate,
    delete: IssueResource.delete,
  },
  useAuthInit,
)

/** The GraphQL mutation with the same header (GQLEndpoint's `extend` takes `requestInit`). */
export function useSetStatus() {
  const token = useContext(AccessTokenContext)
  return useMemo(() => setStatus.extend({ requestInit: authInit(token) }), [token])
}
