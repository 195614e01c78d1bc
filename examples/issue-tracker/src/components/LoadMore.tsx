/**
 * The next page of a list, two ways: a "Load more" button, and a sentinel at the end of the list
 * that loads it when scrolled into view (IntersectionObserver). Both call the same endpoint;
 * the cache deduplicates a page requested twice.
 */
import { useEffect, useRef } from 'react'
import { useController, useLoading } from 'rtk-resources/react'
import { getNextIssues } from '../api/resources'
import { messageOf } from '../format'

interface Props {
  args: { label?: string }
  cursor: string | null
  shown: number
}

export function LoadMore({ args, cursor, shown }: Props) {
  const controller = useController()
  const label = args.label
  const [loadMore, loading, error] = useLoading(async () => {
    if (cursor !== null) await controller.fetch(getNextIssues, { label, cursor })
  }, [controller, label, cursor])

  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node || cursor === null || error) return undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore()
      },
      { rootMargin: '150px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [loadMore, cursor, error])

  if (cursor === null) {
    return <p className="list-end">{shown} issues · that is all of them</p>
  }
  return (
    <div className="load-more" ref={sentinel} data-testid="sentinel">
      {error && <p className="error-text">{messageOf(error)}</p>}
      <button className="button" onClick={() => void loadMore()} disabled={loading}>
        {loading ? 'Loading…' : 'Load more'}
      </button>
      <span className="muted">{shown} shown</span>
    </div>
  )
}
