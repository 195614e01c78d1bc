/**
 * Delete: DELETE answers 204, and `schema.Delete(Issue)` marks the record deleted, so it leaves
 * every list, the counts and the cache's queries at once, without a refetch.
 *
 * The page goes back to the list first: a mounted `useSuspense(IssueResource.get, { id })` would
 * see its issue gone and fetch it again (a 404).
 */
import { useState } from 'react'
import { useDispatch } from 'react-redux'
import { useController } from 'rtk-resources/react'
import { IssueHooks } from '../api/auth'
import type { Issue } from '../api/entities'
import { UserResource } from '../api/resources'
import { messageOf } from '../format'
import { navigate } from '../routing'
import { noticeShown } from '../store'

export function DeleteIssue({ issue }: { issue: Issue }) {
  const [confirming, setConfirming] = useState(false)
  const controller = useController()
  const remove = IssueHooks.useDelete()
  const dispatch = useDispatch()

  const confirm = async () => {
    const { id, title } = issue
    navigate('#/')
    try {
      await controller.fetch(remove, { id })
      dispatch(noticeShown({ tone: 'info', text: `Deleted #${id} “${title}”.` }))
      await controller.fetch(UserResource.get, { id: issue.author.id })
    } catch (error) {
      const text = `Could not delete #${id}: ${messageOf(error as Error)}`
      dispatch(noticeShown({ tone: 'error', text }))
    }
  }

  if (!confirming) {
    return (
      <button className="button danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
    )
  }
  return (
    <span className="confirm">
      Delete this issue?
      <button className="button danger" onClick={() => void confirm()}>
        Yes, delete
      </button>
      <button className="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  )
}
