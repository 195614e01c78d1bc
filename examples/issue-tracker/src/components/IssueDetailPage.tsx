/**
 * The detail page reads `IssueResource.get` (schema `Issue`). A record that came from a list has
 * no body, so `Issue.validate` marks it incomplete and `useSuspense` fetches the full issue.
 */
import { useState } from 'react'
import { useSuspense } from 'rtk-resources/react'
import { IssueResource } from '../api/resources'
import { timeAgo } from '../format'
import { Avatar } from './Avatar'
import { Boundary } from './Boundary'
import { Comments } from './Comments'
import { DeleteIssue } from './DeleteIssue'
import { EditIssue } from './EditIssue'
import { LabelChip, StateBadge } from './LabelChip'

export function IssueDetailPage({ id }: { id: number }) {
  const issue = useSuspense(IssueResource.get, { id })
  const [editing, setEditing] = useState(false)
  return (
    <article className="panel detail" data-testid="issue-detail">
      <a className="back" href="#/">
        ← All issues
      </a>
      {editing ? (
        <EditIssue issue={issue} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className="detail-head">
            <h1>
              {issue.title} <span className="muted">#{issue.id}</span>
            </h1>
            <div className="actions">
              <button className="button" onClick={() => setEditing(true)}>
                Edit
              </button>
              <DeleteIssue issue={issue} />
            </div>
          </div>
          <div className="detail-meta">
            <StateBadge state={issue.state} />
            <Avatar name={issue.author.name} color={issue.author.color} size={22} />
            <span>
              <strong>{issue.author.name}</strong> opened this {timeAgo(issue.createdAt)}
              {issue.updatedAt > issue.createdAt && ` · edited ${timeAgo(issue.updatedAt)}`}
            </span>
            {issue.labels.map((label) => (
              <LabelChip key={label.name} label={label} />
            ))}
          </div>
          <div className="issue-body" data-testid="issue-body">
            {issue.body || <em className="muted">No description.</em>}
          </div>
        </>
      )}
      <Boundary fallback={<p className="loading">Loading comments…</p>}>
        <Comments issueId={issue.id} total={issue.commentCount} />
      </Boundary>
    </article>
  )
}
