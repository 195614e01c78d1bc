import { useEffect } from 'react'
import { useDispatch, useSelector } from 'react-redux'
import type { Route } from '../routing'
import { useRoute } from '../routing'
import { noticeShown, selectNotice } from '../store'
import { Boundary } from './Boundary'
import { Header } from './Header'
import { IssueDetailPage } from './IssueDetailPage'
import { IssueListPage } from './IssueListPage'
import { Sidebar } from './Sidebar'
import { TeamPage } from './TeamPage'

function Page({ route }: { route: Route }) {
  if (route.page === 'issue') return <IssueDetailPage id={route.id} />
  if (route.page === 'team') return <TeamPage />
  return <IssueListPage />
}

function Notice() {
  const notice = useSelector(selectNotice)
  const dispatch = useDispatch()
  if (!notice) return null
  return (
    <div className={`notice ${notice.tone}`} role="status">
      <span>{notice.text}</span>
      <button className="link" onClick={() => dispatch(noticeShown(null))} aria-label="Dismiss">
        ×
      </button>
    </div>
  )
}

export function App() {
  const route = useRoute()
  const pageKey = route.page === 'issue' ? `issue-${route.id}` : route.page
  const dispatch = useDispatch()
  // A notice belongs to the page it was shown on.
  useEffect(() => {
    dispatch(noticeShown(null))
  }, [dispatch, pageKey])
  return (
    <div className="app">
      <Header route={route} />
      <div className="layout">
        <aside className="sidebar">
          <Boundary>
            <Sidebar />
          </Boundary>
        </aside>
        <main className="content">
          <Notice />
          <Boundary key={pageKey}>
            <Page route={route} />
          </Boundary>
        </main>
      </div>
    </div>
  )
}
