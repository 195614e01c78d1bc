/** The fields of an issue, for create and edit. The server validates; its message shows here. */
import type { FormEvent } from 'react'
import { useState } from 'react'
import { useSuspense } from 'rtk-resources/react'
import type { IssueInput } from '../api/entities'
import { getLabels } from '../api/resources'
import { messageOf } from '../format'

interface Props {
  initial: IssueInput
  submitLabel: string
  /** Show the open/closed choice (edit only). */
  withState?: boolean
  busy: boolean
  error: Error | undefined
  onSubmit(input: IssueInput): void
  onCancel(): void
}

export function IssueForm({
  initial,
  submitLabel,
  withState,
  busy,
  error,
  onSubmit,
  onCancel,
}: Props) {
  const labels = useSuspense(getLabels)
  const [input, setInput] = useState<IssueInput>(initial)
  const toggle = (name: string) =>
    setInput((current) => ({
      ...current,
      labels: current.labels.includes(name)
        ? current.labels.filter((other) => other !== name)
        : [...current.labels, name],
    }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(input)
  }
  return (
    <form className="issue-form" onSubmit={submit} noValidate>
      <label className="field">
        <span>Title</span>
        <input
          name="title"
          value={input.title}
          autoFocus
          onChange={(event) => setInput({ ...input, title: event.target.value })}
        />
      </label>
      <label className="field">
        <span>Description</span>
        <textarea
          name="body"
          rows={5}
          value={input.body}
          onChange={(event) => setInput({ ...input, body: event.target.value })}
        />
      </label>
      <fieldset className="field">
        <legend>Labels</legend>
        <div className="label-choices">
          {Object.values(labels).map((label) => (
            <label key={label.name} className="choice">
              <input
                type="checkbox"
                checked={input.labels.includes(label.name)}
                onChange={() => toggle(label.name)}
              />
              <span className="dot" style={{ background: label.color }} />
              {label.name}
            </label>
          ))}
        </div>
      </fieldset>
      {withState && (
        <label className="field inline">
          <span>State</span>
          <select
            name="state"
            value={input.state ?? 'open'}
            onChange={(event) =>
              setInput({ ...input, state: event.target.value === 'closed' ? 'closed' : 'open' })
            }
          >
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </label>
      )}
      {error && (
        <p className="error-text" role="alert">
          {messageOf(error)}
        </p>
      )}
      <div className="actions">
        <button className="button primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        <button className="button" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
