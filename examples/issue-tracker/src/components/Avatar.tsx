import { initials } from '../format'

export function Avatar({ name, color, size = 24 }: { name: string; color: string; size?: number }) {
  return (
    <span
      className="avatar"
      style={{ background: color, width: size, height: size, fontSize: size * 0.42 }}
      title={name}
      aria-hidden
    >
      {initials(name)}
    </span>
  )
}
