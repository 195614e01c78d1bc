/**
 * Counts computed from the cache (a `Query` over `schema.All`), labels (a `schema.Values` map)
 * as filters, and each person's counters (updated by the create response, no refetch).
 */
import { useDispatch, useSelector } from 'react-redux'
import { useCache, useQuery, useSuspense } from 'rtk-resources/react'
import { issueCounts } from '../api/queries'
import { getLabels, UserResource } from '../api/resources'
import { labelFilterSet, selectLabelFilter } from '../store'
import { Avatar } from './Avatar'

function Counts() {
  const counts = useQuery(issueCounts)
  return (
    <section className="side-section" data-testid="counts">
      <h2>In the cache</h2>
      <dl className="counts">
        <div>
          <dt>Issues</dt>
          <dd data-testid="count-loaded">{counts?.loaded ?? 0}</dd>
        </div>
        <div>
          <dt>Open</dt>
          <dd data-testid="count-open">{counts?.open ?? 0}</dd>
        </div>
        <div>
          <dt>Closed</dt>
          <dd data-testid="count-closed">{counts?.closed ?? 0}</dd>
        </div>
      </dl>
    </section>
  )
}

function Labels() {
  const labels = useSuspense(getLabels)
  const byLabel = useQuery(issueCounts)?.byLabel ?? {}
  const active = useSelector(selectLabelFilter)
  const dispatch = useDispatch()
  return (
    <section className="side-section">
      <h2>Labels</h2>
      <ul className="side-list">
        {Object.values(labels).map((label) => (
          <li key={label.name}>
            <button
              className={active === label.name ? 'side-item active' : 'side-item'}
              title={label.description}
              onClick={() => {
                dispatch(labelFilterSet(active === label.name ? null : label.name))
                window.location.hash = '#/'
              }}
            >
              <span className="dot" style={{ background: label.color }} />
              <span className="grow">{label.name}</span>
              <span className="count">{byLabel[label.name] ?? 0}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function People() {
  // Read-only: the header's switcher fetches the users.
  const users = useCache(UserResource.getList)
  if (!users) return null
  return (
    <section className="side-section">
      <h2>People · open issues</h2>
      <ul className="side-list">
        {users.map((user) => (
          <li key={user.id} className="side-item static" data-testid={`person-${user.id}`}>
            <Avatar name={user.name} color={user.color} size={20} />
            <span className="grow">{user.name}</span>
            <span className="count" data-testid={`open-${user.id}`}>
              {user.openIssues}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function Sidebar() {
  return (
    <>
      <Counts />
      <Labels />
      <People />
    </>
  )
}
