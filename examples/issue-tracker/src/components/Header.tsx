import { useDispatch, useSelector } from 'react-redux'
import { useSuspense } from 'rtk-resources/react'
import { UserResource } from '../api/resources'
import type { Route } from '../routing'
import { selectCurrentUserId, signedIn } from '../store'
import { Avatar } from './Avatar'
import { Boundary } from './Boundary'

/** Who requests are made as: the `ui` slice holds the id, the auth context turns it into a header. */
function UserSwitcher() {
  const users = useSuspense(UserResource.getList)
  const currentId = useSelector(selectCurrentUserId)
  const dispatch = useDispatch()
  const me = users.find((user) => user.id === currentId)
  return (
    <div className="user-switcher">
      {me && <Avatar name={me.name} color={me.color} size={28} />}
      <label>
        <span className="muted">Signed in as</span>
        <select
          aria-label="Signed in as"
          value={currentId ?? ''}
          onChange={(event) => dispatch(signedIn(event.target.value || null))}
        >
          <option value="">nobody (signed out)</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

export function Header({ route }: { route: Route }) {
  const tab = (page: Route['page'], href: string, label: string) => (
    <a
      className={
        route.page === page || (page === 'list' && route.page === 'issue') ? 'tab active' : 'tab'
      }
      href={href}
    >
      {label}
    </a>
  )
  return (
    <header className="header">
      <a className="brand" href="#/">
        <span className="logo" aria-hidden />
        Issue tracker
        <span className="muted"> · rtk-resources example</span>
      </a>
      <nav className="tabs">
        {tab('list', '#/', 'Issues')}
        {tab('team', '#/team', 'Team (GraphQL)')}
      </nav>
      <Boundary fallback={<span className="muted">…</span>}>
        <UserSwitcher />
      </Boundary>
    </header>
  )
}
