import { useCallback, useEffect, useRef, useState } from 'react'
import { describeValue, isErrorLike } from '../internal/describe'

/**
 * Wraps an async function (an event handler calling `controller.fetch`, say) and tracks it:
 * `[wrapped, loading, error]`: `loading` while the latest call runs, `error` of the last call
 * that failed (a new call clears it). Results arriving after unmount are ignored.
 *
 * `deps` is the `useCallback` deps list of `wrapped`. Without it, `wrapped` follows `fn`: it is
 * remade whenever `fn` is a new function (every render for an inline arrow), so it always calls
 * the latest `fn`, which sees the latest props and state. With it, `wrapped` calls the `fn` of
 * the render where `deps` last changed (as in Reactive Data Client: `deps || [fn]`).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#useloading
 */
export function useLoading<TArgs extends unknown[], TResult>(
  fn: (...args: TArgs) => Promise<TResult>,
  deps?: readonly unknown[],
): [(...args: TArgs) => Promise<TResult | undefined>, boolean, Error | undefined] {
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<Error | undefined>(undefined)
  const mounted = useRef(true)
  const running = useRef(0)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const wrapped = useCallback(
    async (...args: TArgs) => {
      const id = ++running.current
      setLoading(true)
      setError(undefined)
      try {
        const result = await fn(...args)
        return result
      } catch (caught) {
        // Any call's failure is reported, an earlier one overlapping a later one's too (the
        // first of two deletes failing): `loading` follows the latest call only.
        if (mounted.current) setError(asError(caught))
        return undefined
      } finally {
        if (mounted.current && id === running.current) setLoading(false)
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    deps ?? [fn],
  )
  return [wrapped, loading, error]
}

/**
 * What a call threw, as an `Error`: an Error itself; anything else (`{ status: 409 }`, a string)
 * wrapped, described in the message and kept whole as its `cause`.
 */
function asError(caught: unknown): Error {
  // An Error of another realm (an iframe's, Node's fetch under jsdom) is an Error too.
  if (isErrorLike(caught)) return caught
  const text = typeof caught === 'string' ? caught : describeValue(caught)
  return new Error(text, { cause: caught })
}
