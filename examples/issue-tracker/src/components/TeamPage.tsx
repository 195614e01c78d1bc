/**
 * The GraphQL view. `Team` reads users as `Member`, the same `'User'` table the REST endpoints
 * fill: open-issue counts updated by a REST create show here too. `SetStatus` answers
 * `{ id status }`, merged into that record, so the sidebar, header and this page agree.
 */
import type { FormEvent } from 'react'
import { useState } from 'react'
import { useSelector } from 'react-redux'
import { useController, useLoading, useSuspense } from 'rtk-resources/react'
import { useSetStatus } from '../api/auth'
import { getTeam } from '../api/graphql'
import { messageOf } from '../format'
import { selectCurrentUserId } from '../store'
import { Avatar } from './Avatar'

function StatusForm() {
  const [status, setStatus] = useState('')
  const controller = useController()
  const mutation = useSetStatus()
  const [save, busy, error] = useLoading(
    async (value: string) => {
      await controller.fetch(mutation, { status: value })
      setStatus('')
    },
    [controller, mutation],
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save(status)
  }
  return (
    <form className="status-form" onSubmit={submit}>
      <input
        aria-label="Your status"
        placeholder="What are you working on?"
        value={status}
        onChange={(event) => setStatus(event.target.value)}
      />
      <button className="button primary" type="submit" disabled={busy}>
        Set my status
      </button>
      {error && <p className="error-text">{messageOf(error)}</p>}
    </form>
  )
}

export function TeamPage() {
  const { users } = useSuspense(getTeam)
  const me = useSelector(selectCurrentUserId)
  return (
    <section className="panel" data-testid="team">
      <div className="panel-head">
        <h1>Team</h1>
        <span className="muted">read and updated over GraphQL, stored in the same cache</span>
      </div>
      <StatusForm />
      <ul className="team-grid">
        {users.map((member) => (
          <li
            key={member.id}
            className={member.id === me ? 'member me' : 'member'}
            data-testid={`member-${member.id}`}
          >
            <Avatar name={member.name} color={member.color} size={36} />
            <div>
              <strong>{member.name}</strong>
              <p className="status">{member.status || <span className="muted">No status</span>}</p>
              <p className="muted">{member.openIssues} open issues</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
