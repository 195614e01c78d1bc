/** Comments come 10 at a time; the next page's number is read from the `Link` header. */
import { useController, useLoading, useSuspense } from 'rtk-resources/react'
import { getComments, getMoreComments } from '../api/resources'
import { messageOf, timeAgo } from '../format'
import { Avatar } from './Avatar'

export function Comments({ issueId, total }: { issueId: number; total: number }) {
  const { results, nextPage } = useSuspense(getComments, { issueId })
  const controller = useController()
  const [more, loading, error] = useLoading(async () => {
    if (nextPage !== null) await controller.fetch(getMoreComments, { issueId, page: nextPage })
  }, [controller, issueId, nextPage])
  return (
    <section className="comments-section" data-testid="comments">
      <h2>
        Comments{' '}
        <span className="muted">
          {results.length} of {Math.max(total, results.length)}
        </span>
      </h2>
      {results.length === 0 && <p className="muted">No comments yet.</p>}
      <ol className="comment-list">
        {results.map((comment) => (
          <li key={comment.id} className="comment">
            <Avatar name={comment.author.name} color={comment.author.color} size={22} />
            <div>
              <div className="meta">
                <strong>{comment.author.name}</strong> · {timeAgo(comment.createdAt)}
              </div>
              <p>{comment.body}</p>
            </div>
          </li>
        ))}
      </ol>
      {error && <p className="error-text">{messageOf(error)}</p>}
      {nextPage !== null && (
        <button className="button" onClick={() => void more()} disabled={loading}>
          {loading ? 'Loading…' : 'More comments'}
        </button>
      )}
    </section>
  )
}
