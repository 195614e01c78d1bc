/**
 * The entries of one bucket of a split map (splitMap.ts), as formats 5 and 6 store them. A bucket is
 * a flat list of entries of two kinds:
 *
 * - a **pair** `key, value`: a string key, or an integer key stored as a number;
 * - a **run** `-first, count, value, value, …`: the values of the `count` consecutive integer
 *   keys `first`, `first + 1`, …, `first + count − 1` (`first` at least 1, `count` at least
 *   {@link RUN_MIN}). The key is told by the position, so a dense id costs one slot, not two.
 *
 * A negative number is never a stored key (`"-5"` is stored as a string), so the first slot of
 * an entry says its kind. The order is fixed: integer keys ascending (a run for each stretch of
 * {@link RUN_MIN} or more consecutive keys, pairs for the others; 0 is always a pair), then the
 * string keys in the order they were first written. The integer part is a function of the
 * entries alone, the string part of the writes, so replaying the same writes rebuilds a bucket
 * exactly.
 *
 * Writes work on a bucket's entries as plain pairs (`[key, value, key, value, …]`, any order;
 * {@link pairsIn}) and store them with {@link encodeBucket}.
 */

/** A key as a split map stores it: a canonical integer id as a number, anything else as is. */
export type StoredKey = string | number

/** The fewest consecutive integer keys stored as a run (two cost as much as two pairs). */
export const RUN_MIN = 3

/**
 * The count of the run whose header is at `at`, or, in a bucket that is not well formed (a state
 * edited by hand or damaged: a count that is not a positive integer, or longer than the bucket),
 * what is left of the bucket, so that every scan moves on and ends.
 */
export function runLength(bucket: ReadonlyArray<unknown>, at: number): number {
  const count = bucket[at + 1]
  const left = bucket.length - at - 2
  return typeof count === 'number' && count >= 1 && count <= left && Number.isInteger(count)
    ? count
    : Math.max(left, 0)
}

/**
 * The position of the entry holding the integer key `stored` in a stored bucket (a run's header,
 * or a pair's key), or -1. Integer keys come first, in ascending order, so the scan stops at the
 * first larger key.
 */
export function integerEntryOf(bucket: ReadonlyArray<unknown>, stored: number): number {
  const length = bucket.length
  for (let i = 0; i < length;) {
    const head = bucket[i]
    if (typeof head !== 'number') return -1
    if (head < 0) {
      const offset = stored + head
      if (offset < 0) return -1
      const count = runLength(bucket, i)
      if (offset < count) return i
      i += 2 + count
    } else {
      if (head === stored) return i
      if (head > stored) return -1
      i += 2
    }
  }
  return -1
}

/**
 * The position of `stored`'s value in a stored bucket, or -1. A string key's scan steps over the
 * integer part a run at a time.
 */
export function valuePositionIn(bucket: ReadonlyArray<unknown>, stored: StoredKey): number {
  if (typeof stored === 'number') {
    const at = integerEntryOf(bucket, stored)
    if (at < 0) return -1
    const head = bucket[at] as number
    return head < 0 ? at + 2 + stored + head : at + 1
  }
  const length = bucket.length
  for (let i = 0; i < length;) {
    const head = bucket[i]
    if (typeof head === 'number') {
      i += head < 0 ? 2 + runLength(bucket, i) : 2
    } else {
      if (head === stored) return i + 1
      i += 2
    }
  }
  return -1
}

/** How many entries (pairs and runs) a stored bucket holds; 0 for an empty one. */
export function entriesIn(bucket: ReadonlyArray<unknown> | null | undefined): number {
  if (!bucket) return 0
  const length = bucket.length
  let entries = 0
  for (let i = 0; i < length; entries++) {
    const head = bucket[i]
    i += typeof head === 'number' && head < 0 ? 2 + runLength(bucket, i) : 2
  }
  return entries
}

/** Calls `fn` with each key (as stored), value and value slot of a stored bucket, in stored order. */
export function forEachEntryIn<T>(
  bucket: ReadonlyArray<unknown>,
  fn: (stored: StoredKey, value: T, position: number) => void,
): void {
  const length = bucket.length
  for (let i = 0; i < length;) {
    const head = bucket[i] as StoredKey
    if (typeof head === 'number' && head < 0) {
      const count = runLength(bucket, i)
      for (let k = 0; k < count; k++) fn(k - head, bucket[i + 2 + k] as T, i + 2 + k)
      i += 2 + count
    } else {
      fn(head, bucket[i + 1] as T, i + 1)
      i += 2
    }
  }
}

/** Calls `fn` with each value of a stored bucket (what stamps need). */
export function forEachValueIn<T>(bucket: ReadonlyArray<unknown>, fn: (value: T) => void): void {
  const length = bucket.length
  for (let i = 0; i < length;) {
    const head = bucket[i]
    if (typeof head === 'number' && head < 0) {
      const end = i + 2 + runLength(bucket, i)
      for (let at = i + 2; at < end; at++) fn(bucket[at] as T)
      i = end
    } else {
      fn(bucket[i + 1] as T)
      i += 2
    }
  }
}

/** A stored bucket's entries as a new list of pairs `[key, value, …]`, to be written to. */
export function pairsIn(bucket: ReadonlyArray<unknown>): unknown[] {
  const length = bucket.length
  let runs = false
  for (let i = 0; i < length;) {
    const head = bucket[i]
    if (typeof head === 'number' && head < 0) {
      runs = true
      break
    }
    i += 2
  }
  if (!runs) return bucket.slice()
  const pairs: unknown[] = []
  forEachEntryIn(bucket, (stored, value) => pairs.push(stored, value))
  return pairs
}

/** Orders positions of integer keys by key (for {@link encodeBucket}; keys are distinct). */
function byKey(pairs: ReadonlyArray<unknown>, positions: number[]): number[] {
  return positions.sort((a, b) => (pairs[a] as number) - (pairs[b] as number))
}

/**
 * The stored bucket holding the first `length` slots of `pairs` (distinct keys, any order), in
 * the fixed order described above, allocated at its exact length; `null` when there are none.
 */
export function encodeBucket(
  pairs: ReadonlyArray<unknown>,
  length = pairs.length,
): unknown[] | null {
  if (length === 0) return null
  // The integer keys' positions, ascending by key (already so when written in order).
  let ints: number[] | undefined
  let sorted = true
  let last = -1
  let strings = 0
  for (let i = 0; i < length; i += 2) {
    const key = pairs[i]
    if (typeof key !== 'number') {
      strings++
      continue
    }
    ;(ints ??= []).push(i)
    if (key < last) sorted = false
    last = key
  }
  if (ints === undefined) return pairs.length === length ? pairs.slice() : pairs.slice(0, length)
  if (!sorted) byKey(pairs, ints)
  // Slots: a run of n keys takes n + 2, a pair 2.
  let slots = 2 * strings
  forEachStretch(pairs, ints, (start, count) => {
    slots += count >= RUN_MIN ? count + 2 : 2 * count
  })
  const out = new Array<unknown>(slots)
  let at = 0
  forEachStretch(pairs, ints, (start, count) => {
    if (count >= RUN_MIN) {
      out[at++] = -(pairs[ints[start] as number] as number)
      out[at++] = count
      for (let k = start; k < start + count; k++) out[at++] = pairs[(ints[k] as number) + 1]
    } else {
      for (let k = start; k < start + count; k++) {
        const position = ints[k] as number
        out[at++] = pairs[position]
        out[at++] = pairs[position + 1]
      }
    }
  })
  if (strings > 0) {
    for (let i = 0; i < length; i += 2) {
      const key = pairs[i]
      if (typeof key === 'number') continue
      out[at++] = key
      out[at++] = pairs[i + 1]
    }
  }
  return out
}

/**
 * Calls `fn` with each stretch of consecutive integer keys (`ints[start]` to
 * `ints[start + count − 1]`, positions in `pairs` ordered by key). Key 0 is a stretch of its own,
 * as a run's first key is stored negated.
 */
function forEachStretch(
  pairs: ReadonlyArray<unknown>,
  ints: readonly number[],
  fn: (start: number, count: number) => void,
): void {
  let start = 0
  for (let k = 1; k <= ints.length; k++) {
    const previous = pairs[ints[k - 1] as number] as number
    if (k < ints.length && previous !== 0 && pairs[ints[k] as number] === previous + 1) continue
    fn(start, k - start)
    start = k
  }
}
