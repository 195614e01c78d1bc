/** The issue list: one `getIssues` page, then more appended by `getNextIssues` (infinite scroll). */
import { useDispatch, useSelector } from 'react-redux'
import { useSuspense } from 'rtk-resources/react'
import { getIssues } from '../api/resources'
import { labelFilterSet, selectLabelFilter } from '../store'
import { IssueRow } from './IssueRow'
import { LoadMore } from './LoadMore'
import { NewIssue } from './NewIssue'

export function IssueListPage() {
  const label = useSelector(selectLabelFilter)
  const dispatch = useDispatch()
  const args = label === null ? {} : { label }
  const page = useSuspense(getIssues, args)
  // An edit can take a label off an issue; keep this label's list honest without a refetch.
  const rows =
    label === null
      ? page.results
      : page.results.filter((issue) => issue.labels.some((l) => l.name === label))
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>
          {label === null ? 'All issues' : 'Issues labelled '}
          {label !== null && <span className="filter">{label}</span>}
        </h1>
        {label !== null && (
          <button className="link" onClick={() => dispatch(labelFilterSet(null))}>
            Clear filter
          </button>
        )}
        <span className="grow" />
        <NewIssue />
      </div>
      {rows.length === 0 ? (
        <p className="empty">No issues here yet.</p>
      ) : (
        <ul className="issue-list" data-testid="issue-list">
          {rows.map((issue) => (
            <IssueRow key={issue.id} issue={issue} />
          ))}
        </ul>
      )}
      <LoadMore args={args} cursor={page.nextCursor} shown={rows.length} />
    </section>
  )
}
