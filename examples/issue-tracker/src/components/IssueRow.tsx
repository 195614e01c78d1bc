import { memo } from 'react'
import type { IssueSummary } from '../api/entities'
import { timeAgo } from '../format'
import { LabelChip } from './LabelChip'

/** One list row. Memoized: entities keep their reference until their record changes. */
export const IssueRow = memo(function IssueRow({ issue }: { issue: IssueSummary }) {
  return (
    <li className="issue-row" data-testid={`issue-${issue.id}`}>
      <span className={`state-dot ${issue.state}`} title={issue.state} />
      <div className="grow">
        <a className="issue-title" href={`#/issues/${issue.id}`}>
          {issue.title}
        </a>
        {issue.labels.map((label) => (
          <LabelChip key={label.name} label={label} />
        ))}
        <div className="meta">
          #{issue.id} opened {timeAgo(issue.createdAt)} by {issue.author.name}
        </div>
      </div>
      {issue.commentCount > 0 && (
        <span className="comments" title={`${issue.commentCount} comments`}>
          {issue.commentCount} {issue.commentCount === 1 ? 'comment' : 'comments'}
        </span>
      )}
    </li>
  )
})
