import type { RenderResult } from '@testing-library/react'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Component, StrictMode, Suspense } from 'react'
import { Provider } from 'react-redux'
import { EntityCacheProvider } from 'rtk-resources/react'
import { makeStore } from '../fixtures/store'

/** Catches errors for assertions. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: (error: Error) => ReactNode },
  { error?: Error }
> {
  state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children
  }
}

/** An error boundary that shows the error's message as an alert. */
export function AlertBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(error) => <p role="alert">{error.message}</p>}>
      {children}
    </ErrorBoundary>
  )
}

/** Renders `ui` inside Provider + EntityCacheProvider (+ Suspense, error boundary, StrictMode). */
export function renderWithCache(
  ui: ReactNode,
  options: { strict?: boolean; harness?: ReturnType<typeof makeStore> } = {},
) {
  const harness = options.harness ?? makeStore()
  const wrap = (node: ReactNode) => (
    <Provider store={harness.store}>
      <EntityCacheProvider cache={harness.cache}>
        <ErrorBoundary fallback={(error) => <p role="alert">{error.message}</p>}>
          <Suspense fallback={<p>loading</p>}>{node}</Suspense>
        </ErrorBoundary>
      </EntityCacheProvider>
    </Provider>
  )
  const strict = (node: ReactNode) =>
    options.strict ? <StrictMode>{wrap(node)}</StrictMode> : wrap(node)
  // Annotated: the inferred type names @testing-library/dom's queries, which a checkout whose
  // node_modules is a symlink can only reach by a path outside it (TS2742 under `declaration`).
  const view: RenderResult = render(strict(ui))
  /** Renders another tree on the same store. */
  const rerender = (node: ReactNode) => view.rerender(strict(node))
  return { ...harness, view, rerender }
}
