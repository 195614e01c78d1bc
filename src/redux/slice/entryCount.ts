/**
 * How many keys and entries a split map will hold, told before it is built, so that it is built
 * once with enough buckets (splitMap.ts sizes a map by its entries and slots). A stored bucket
 * holds its integer keys as runs of three or more consecutive keys and as pairs
 * (bucketEntries.ts). Integer keys within a range of a few times their number are counted on a
 * map of the range, which is exact; others by stretches in the order listed, exact for ids
 * listed in order, up or down, and high for any other order. Both count a run per block of 64
 * keys, where a bucket holding two neighbouring blocks joins their runs: never low.
 */
import { RUN_MIN } from './bucketEntries'
import type { StoredKey } from './splitMap'
import { BLOCK_SIZE, REMOVE } from './splitMap'

/**
 * The most entries removing one integer key can add: a run of five keys that loses its middle one
 * leaves two stretches of two keys, four pairs where there was one run.
 */
const ENTRIES_A_REMOVAL_ADDS = 3

/** Upper bounds of what a map will hold. */
export interface EntryCount {
  /** Its keys. */
  readonly keys: number
  /** Its entries: pairs, and runs of consecutive integer keys (one each). */
  readonly entries: number
}

/** Integer keys spread over at most this many times their number are counted on a map. */
const DENSE_SPREAD = 4

/** The entries a stretch of `count` consecutive integer keys is stored as. */
function entriesOfStretch(count: number): number {
  return count >= RUN_MIN ? 1 : count
}

/** The block of an integer key (its keys share a bucket). */
function blockOf(key: number): number {
  return (key / BLOCK_SIZE) | 0
}

/**
 * At least as many keys and entries as a map holding `keys` (distinct), then `changeKeys` set to
 * `changeValues` in order (or removed, {@link REMOVE}), stores. A run of consecutive integer
 * keys counts once within its block of {@link BLOCK_SIZE}; a bucket may join the runs of two
 * blocks, so it never stores more.
 */
export function countAtMost(
  keys: readonly StoredKey[],
  changeKeys: readonly StoredKey[],
  changeValues: readonly unknown[],
): EntryCount {
  let min = Infinity
  let max = -1
  let integers = 0
  const total = keys.length + changeKeys.length
  for (let i = 0; i < total; i++) {
    const key = i < keys.length ? keys[i] : changeKeys[i - keys.length]
    if (typeof key !== 'number') continue
    integers++
    if (key < min) min = key
    if (key > max) max = key
  }
  return integers > 0 && max - min < DENSE_SPREAD * integers + BLOCK_SIZE
    ? countedOnRange(keys, changeKeys, changeValues, min, max)
    : countedInOrder(keys, changeKeys, changeValues)
}

/**
 * The count, integer keys counted exactly on a map of `min` to `max`; a string key set counts
 * one, removed none less (it may not be there).
 */
function countedOnRange(
  keys: readonly StoredKey[],
  changeKeys: readonly StoredKey[],
  changeValues: readonly unknown[],
  min: number,
  max: number,
): EntryCount {
  const held = new Uint8Array(max - min + 1)
  let strings = 0
  const total = keys.length + changeKeys.length
  for (let i = 0; i < total; i++) {
    const inChanges = i >= keys.length
    const key = inChanges ? changeKeys[i - keys.length] : keys[i]
    const removed = inChanges && changeValues[i - keys.length] === REMOVE
    if (typeof key === 'number') held[key - min] = removed ? 0 : 1
    else if (!removed) strings++
  }
  let entries = strings
  let integers = 0
  let count = 0
  for (let key = min; key <= max; key++) {
    if (held[key - min] === 0) continue
    integers++
    if (
      count > 0 &&
      key - 1 !== 0 &&
      held[key - 1 - min] === 1 &&
      blockOf(key - 1) === blockOf(key)
    ) {
      count++
    } else {
      entries += entriesOfStretch(count)
      count = 1
    }
  }
  return { keys: integers + strings, entries: entries + entriesOfStretch(count) }
}

/**
 * The count, each stretch of consecutive integer keys in the order listed (ascending or
 * descending, within one block) counted as a run would be, every other key as a pair, and each
 * integer key removed as the most it can add. A stretch listed in pieces, or a key listed twice,
 * counts more than it stores, never less.
 */
function countedInOrder(
  keys: readonly StoredKey[],
  changeKeys: readonly StoredKey[],
  changeValues: readonly unknown[],
): EntryCount {
  let entries = 0
  let sets = 0
  let previous = -1
  let step = 0
  let count = 0
  const total = keys.length + changeKeys.length
  for (let i = 0; i < total; i++) {
    const inChanges = i >= keys.length
    const key = inChanges ? changeKeys[i - keys.length] : keys[i]
    if (inChanges && changeValues[i - keys.length] === REMOVE) {
      // A string key removed only takes a pair away.
      if (typeof key === 'number') entries += ENTRIES_A_REMOVAL_ADDS
      continue
    }
    if (inChanges) sets++
    if (typeof key !== 'number') {
      entries += 1
      continue
    }
    const difference = key - previous
    const continues =
      count > 0 &&
      previous !== 0 &&
      key !== 0 &&
      (difference === 1 || difference === -1) &&
      (step === 0 || difference === step) &&
      blockOf(key) === blockOf(previous)
    if (continues) {
      step = difference
      count++
    } else {
      entries += entriesOfStretch(count)
      step = 0
      count = 1
    }
    previous = key
  }
  return { keys: keys.length + sets, entries: entries + entriesOfStretch(count) }
}
