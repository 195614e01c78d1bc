/**
 * Edit: PUT with the signed-in user's header. The response is the full issue; it replaces the
 * record in the `Issue` table, so every list row showing it changes too, with no list refetch.
 */
import { useController, useLoading } from 'rtk-resources/react'
import { IssueHooks } from '../api/auth'
import type { Issue, IssueInput } from '../api/entities'
import { UserResource } from '../api/resources'
import { IssueForm } from './IssueForm'

export function EditIssue({ issue, onDone }: { issue: Issue; onDone(): void }) {
  const controller = useController()
  const update = IssueHooks.useUpdate()
  const [save, busy, error] = useLoading(
    async (input: IssueInput) => {
      await controller.fetch(update, { id: issue.id }, input)
      // Opening or closing changes the author's counters, which this response does not carry.
      if (input.state !== issue.state) {
        await controller.fetch(UserResource.get, { id: issue.author.id })
      }
      onDone()
    },
    [controller, update, issue],
  )
  const initial: IssueInput = {
    title: issue.title,
    body: issue.body,
    state: issue.state,
    labels: issue.labels.map((label) => label.name),
  }
  return (
    <div className="edit">
      <h2 className="edit-title">Edit #{issue.id}</h2>
      <IssueForm
        initial={initial}
        submitLabel="Save"
        withState
        busy={busy}
        error={error}
        onSubmit={(input) => void save(input)}
        onCancel={onDone}
      />
    </div>
  )
}
