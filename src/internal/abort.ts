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

/**
 * The listeners a combined signal left on its parts (where `AbortSignal.any` is missing), by the
 * combined signal: removed when the request that used it ends ({@link releaseSignal}), so that a
 * long-lived signal does not gather one listener per request.
 */
const releases = new WeakMap<AbortSignal, () => void>()

/** A signal that aborts when either does (with the reason of the first). */
export function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  const any = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any
  if (typeof any === 'function') return any([a, b])
  const both = new AbortController()
  const parts = [a, b]
  const onAbort = (event: Event) => {
    release()
    both.abort((event.target as AbortSignal).reason)
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    for (const signal of parts) signal.removeEventListener('abort', onAbort)
  }
  const aborted = parts.find((signal) => signal.aborted)
  if (aborted) both.abort(aborted.reason)
  else for (const signal of parts) signal.addEventListener('abort', onAbort)
  releases.set(both.signal, release)
  return both.signal
}

/** Removes the listeners {@link eitherSignal} left for `combined` (none with `AbortSignal.any`). */
export function releaseSignal(combined: AbortSignal): void {
  releases.get(combined)?.()
}
