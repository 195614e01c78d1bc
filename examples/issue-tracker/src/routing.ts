/** Hash routing in a dozen lines: `#/`, `#/issues/12`, `#/team`. */
import { useSyncExternalStore } from 'react'

export type Route = { page: 'list' } | { page: 'issue'; id: number } | { page: 'team' }

export function parseHash(hash: string): Route {
  const issue = /^#\/issues\/(\d+)$/.exec(hash)
  if (issue) return { page: 'issue', id: Number(issue[1]) }
  if (hash === '#/team') return { page: 'team' }
  return { page: 'list' }
}

function subscribe(onChange: () => void) {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

/** The current route; re-renders on every hash change. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash)
  return parseHash(hash)
}

export function navigate(hash: string): void {
  window.location.hash = hash
}
