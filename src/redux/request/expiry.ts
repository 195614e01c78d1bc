/**
 * When a response or an error stored now expires. Every expiry the cache writes is made here, so
 * the slice holds JSON numbers only: `Infinity` (data-client's "never stale", "never retry") is
 * not JSON (`JSON.stringify` writes `null`, which a restored state then reads as 0: expired).
 */
import { NEVER_EXPIRES } from '../../normalizr/normalize'

/**
 * `date + length`, as a finite JSON number:
 * - a length whose end is past `Number.MAX_SAFE_INTEGER` (`Infinity` included) gives
 *   `Number.MAX_SAFE_INTEGER` (`NEVER_EXPIRES`), read as never expiring;
 * - a length that is not a positive number (`NaN`, such as `Number(undefinedEnvVar)`, or a
 *   negative one) counts as 0: expired at once, never "never".
 */
export function expiresAfter(date: number, length: number): number {
  if (!(length > 0)) return date
  return Math.min(date + length, NEVER_EXPIRES)
}
