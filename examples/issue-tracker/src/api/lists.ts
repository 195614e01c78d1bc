/**
 * Putting a created issue at the top of the lists the cache holds. The create response already
 * stored the issue in the `Issue` table; a list's result is a list of ids, so adding one is a
 * `setResponse` with the new id in front (references, not records: nothing is re-normalized).
 */
import type { Controller } from 'rtk-resources'
import type { Issue } from './entities'
import { getIssues } from './resources'

export function addToLists(controller: Controller, issue: Issue): void {
  const id = String(issue.id)
  const lists = [{}, ...issue.labels.map((label) => ({ label: label.name }))]
  for (const args of lists) {
    const { data } = controller.getResponse(getIssues, args, controller.store.getState())
    if (!data) continue // never loaded: it will come from the server with the issue in it
    const ids = data.results.map((row) => String(row.id)).filter((other) => other !== id)
    controller.setResponse(getIssues, args, { ...data, results: [id, ...ids] })
  }
}
