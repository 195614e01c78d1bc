/**
 * Create: the endpoint comes from `IssueHooks.useCreate()` (with the signed-in user's header).
 * Its response `{ issue, author }` stores the issue and the author's new counters in one action;
 * `addToLists` then puts the issue at the top of the lists already loaded.
 */
import { useState } from 'react'
import { useController, useLoading } from 'rtk-resources/react'
import { IssueHooks } from '../api/auth'
import type { IssueInput } from '../api/entities'
import { addToLists } from '../api/lists'
import { IssueForm } from './IssueForm'

const EMPTY: IssueInput = { title: '', body: '', labels: [] }

export function NewIssue() {
  const [open, setOpen] = useState(false)
  const controller = useController()
  const create = IssueHooks.useCreate()
  const [submit, busy, error] = useLoading(
    async (input: IssueInput) => {
      const { issue } = await controller.fetch(create, input)
      addToLists(controller, issue)
      setOpen(false)
    },
    [controller, create],
  )
  if (!open) {
    return (
      <button className="button primary" onClick={() => setOpen(true)}>
        New issue
      </button>
    )
  }
  return (
    <div className="modal-backdrop" onClick={() => setOpen(false)}>
      <div className="modal panel" onClick={(event) => event.stopPropagation()}>
        <h2>New issue</h2>
        <IssueForm
          initial={EMPTY}
          submitLabel="Create issue"
          busy={busy}
          error={error}
          onSubmit={(input) => void submit(input)}
          onCancel={() => setOpen(false)}
        />
      </div>
    </div>
  )
}
