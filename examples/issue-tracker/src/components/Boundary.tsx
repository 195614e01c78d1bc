/** Suspense + an error boundary: loading and failures of one part of the page, shown in place. */
import type { ReactNode } from 'react'
import { Component, Suspense } from 'react'
import { messageOf } from '../format'

interface CatchProps {
  children: ReactNode
}

class Catch extends Component<CatchProps, { error: Error | null }> {
  state = { error: null as Error | null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="panel error" role="alert">
        <p>{messageOf(error)}</p>
        <button className="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    )
  }
}

export function Boundary({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Catch>
      <Suspense fallback={fallback ?? <p className="loading">Loading…</p>}>{children}</Suspense>
    </Catch>
  )
}
