/** Views computed from the cache alone (`Query` never fetches). */
import { Query, schema } from 'rtk-resources'
import { IssueSummary } from './entities'

export interface IssueCounts {
  /** Issues in the cache (every page loaded so far, every issue opened). */
  loaded: number
  open: number
  closed: number
  /** Loaded issues per label name. */
  byLabel: Record<string, number>
}

/** Counts over every issue in the cache; deleted issues drop out by themselves. */
export const issueCounts = new Query(new schema.All(IssueSummary), (issues): IssueCounts => {
  const byLabel: Record<string, number> = {}
  let open = 0
  for (const issue of issues) {
    if (issue.state === 'open') open += 1
    for (const label of issue.labels) byLabel[label.name] = (byLabel[label.name] ?? 0) + 1
  }
  return { loaded: issues.length, open, closed: issues.length - open, byLabel }
})
