import type { Label } from '../api/entities'

export function LabelChip({ label }: { label: Label }) {
  return (
    <span
      className="chip"
      style={{ borderColor: label.color, color: label.color }}
      title={label.description}
    >
      {label.name}
    </span>
  )
}

export function StateBadge({ state }: { state: 'open' | 'closed' }) {
  return <span className={`state ${state}`}>{state === 'open' ? 'Open' : 'Closed'}</span>
}
