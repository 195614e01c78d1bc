/**
 * One GraphQL view over the same cache: `Team` reads users as `Member` (table `'User'`, shared
 * with REST), and `SetStatus` updates the signed-in user everywhere it is shown.
 */
import { GQLEndpoint } from 'rtk-resources'
import { Member } from './entities'

const gql = new GQLEndpoint('/api/graphql')

export const getTeam = gql.query(
  `query Team {
     users { id name color status openIssues }
   }`,
  { users: [Member] },
)

const statusResult = { setStatus: Member }

export const setStatus = gql.mutation<{ status: string }, typeof statusResult>(
  `mutation SetStatus($status: String!) {
     setStatus(status: $status) { id status }
   }`,
  statusResult,
)
