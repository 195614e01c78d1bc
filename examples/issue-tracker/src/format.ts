/** Small display helpers. */

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** `3 days ago`, `just now`. */
export function timeAgo(date: Date, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit)
  }
  return 'just now'
}

/** The server's own message for a failed request (its JSON `{ message }`), else the error's. */
export function messageOf(error: Error): string {
  const body = (error as { body?: unknown }).body
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message
    if (typeof message === 'string') return message
  }
  const errors = (error as { errors?: readonly { message: string }[] }).errors
  if (errors?.length) return errors.map((entry) => entry.message).join(' ')
  return error.message
}

/** Initials for an avatar: `Ada Lovelace` → `AL`. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
}
