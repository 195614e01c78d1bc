/**
 * Shrinking plain JSON data to a size, for what a recorded error keeps (serializeError.ts): the
 * start of it stays as it was, and what is left out is replaced by a short note saying how much
 * was cut, so the result is still plain JSON and still reads like the original.
 */
import { isPlainObject, setOwn } from '../../internal/ownKeys'

/** Below this many characters, a value that does not fit is replaced by its note alone. */
const MIN_ROOM = 160
/** Room kept for the note of an object or an array. */
const NOTE_ROOM = 150
/** How deep shrinking goes into nested values before it replaces them by a note. */
const MAX_DEPTH = 6

const count = (n: number) => n.toLocaleString('en-US')

/** The note that stands for a whole value left out. */
function noteFor(chars: number): string {
  return `[cut: ${count(chars)} characters of JSON]`
}

/** A string cut to fit `budget` characters of JSON, ending with how much was cut. */
function cutString(value: string, budget: number): string {
  let keep = Math.max(0, budget - 60)
  for (;;) {
    const out = `${value.slice(0, keep)}… [cut: ${count(value.length - keep)} characters]`
    if (JSON.stringify(out).length <= budget || keep === 0) return out
    keep = Math.floor(keep * 0.8)
  }
}

/** An array's first items that fit, then one string saying how many items were cut. */
function fitArray(value: unknown[], budget: number, depth: number): unknown[] {
  const out: unknown[] = []
  let used = 2
  for (let i = 0; i < value.length; i++) {
    const item = value[i]
    const text = JSON.stringify(item) ?? 'null'
    const room = budget - NOTE_ROOM - used - (out.length > 0 ? 1 : 0)
    if (text.length <= room) {
      out.push(item)
      used += text.length + (out.length > 1 ? 1 : 0)
      continue
    }
    // The first item that does not fit is shrunk too, when there is room for it.
    if (room >= MIN_ROOM) out.push(fit(item, text, room, depth + 1))
    const left = value.length - out.length
    if (left > 0) out.push(`[cut: ${count(left)} more items]`)
    return out
  }
  return out
}

/** An object's members that fit (in their order), the others shrunk or named in a note. */
function fitObject(
  value: Record<string, unknown>,
  budget: number,
  depth: number,
): Record<string, unknown> {
  const members = Object.keys(value).map((name) => {
    const text = JSON.stringify(value[name])
    return { name, text, cost: JSON.stringify(name).length + 2 + (text?.length ?? 0) }
  })
  // Small members first (the server's `message`, `code`), then what room is left for big ones.
  let room = budget - NOTE_ROOM - 2
  const kept = new Map<string, unknown>()
  for (const member of members) {
    if (member.text === undefined || member.cost > room) continue
    kept.set(member.name, value[member.name])
    room -= member.cost
  }
  const cut: string[] = []
  for (const member of members) {
    if (member.text === undefined || kept.has(member.name)) continue
    const space = room - (JSON.stringify(member.name).length + 2)
    if (space >= MIN_ROOM) {
      const fitted = fit(value[member.name], member.text, space, depth + 1)
      kept.set(member.name, fitted)
      room -= JSON.stringify(member.name).length + 2 + (JSON.stringify(fitted)?.length ?? 0)
    } else {
      cut.push(member.name)
    }
  }
  const out: Record<string, unknown> = {}
  for (const member of members) {
    if (kept.has(member.name)) setOwn(out, member.name, kept.get(member.name))
  }
  if (cut.length > 0) {
    const names = cut.join(', ')
    const listed = names.length > 80 ? `${names.slice(0, 80)}…` : names
    const what = cut.length === 1 ? '1 member' : `${count(cut.length)} members`
    setOwn(out, '(cut)', `${what} left out: ${listed}`)
  }
  return out
}

function fit(value: unknown, text: string, budget: number, depth: number): unknown {
  if (text.length <= budget) return value
  if (typeof value === 'string') return cutString(value, budget)
  if (budget < MIN_ROOM || depth >= MAX_DEPTH) return noteFor(text.length)
  if (Array.isArray(value)) return fitArray(value, budget, depth)
  if (isPlainObject(value)) return fitObject(value, budget, depth)
  return noteFor(text.length)
}

/**
 * `value` (plain JSON data) when its JSON text is at most `budget` characters; otherwise a copy
 * of its start that fits (strings cut, first items of arrays, the small members of objects kept
 * before the big ones), with notes saying what was cut. Never longer than `budget` characters of
 * JSON.
 */
export function fitJson(value: unknown, budget: number): unknown {
  const text = JSON.stringify(value)
  if (text === undefined) return undefined
  return fit(value, text, budget, 0)
}
