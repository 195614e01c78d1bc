/**
 * The request clock of a cache: epoch milliseconds that never repeat or go back
 * (`max(Date.now(), last + 1)`). It stamps request starts, invalidations and resets, so "started
 * before" never ties.
 */
export function buildClock(): () => number {
  let last = 0
  return () => {
    last = Math.max(Date.now(), last + 1)
    return last
  }
}
