/** Aborts: recognising the error an aborted request rejects with, and making one. */

/**
 * True for the error of an aborted request: a `DOMException` or any error named `AbortError`
 * (errors from another realm, or from a polyfill, are not `instanceof DOMException` here).
 */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  try {
    return (error as { name?: unknown }).name === 'AbortError'
  } catch {
    // A `name` getter that throws: not an abort (and the failure is still recorded).
    return false
  }
}

/**
 * True for what `fetch` (or reading its body) rejects with when its signal aborted: an
 * `AbortError`, or the `TimeoutError` of `AbortSignal.timeout()`. Such errors are passed on as
 * they are, never wrapped as network failures.
 */
export function isSignalError(error: unknown): boolean {
  return (
    isAbortError(error) ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { name?: unknown }).name === 'TimeoutError')
  )
}

/** What a caller whose `signal` aborted rejects with: the signal's reason, else an AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
}
