/**
 * Signals of one call. A caller may abort with its own signal (`fetchWithSignal`, a component's
 * hold) and with the endpoint's (`extend({ signal })`, `extend({ requestInit: { signal } })`,
 * data-client's way). Both are the caller's, not the request's: a request shared with callers
 * that cannot abort runs on for them (see runtime/inFlight.ts). So the endpoint's own signal is
 * counted as its caller's, and taken out of the request, which the flight's signal aborts once
 * no caller waits any more.
 */
import { eitherSignal, releaseSignal } from '../../internal/abort'
import type { EndpointInterface } from '../endpointTypes'

/** An endpoint that builds its request settings (a RestEndpoint, a GQLEndpoint). */
type RequestPipeline = EndpointInterface & {
  extend?: (options: object) => EndpointInterface
  getRequestInit?: unknown
  requestInit?: RequestInit
  signal?: AbortSignal
}

/** What a call whose endpoint carries a signal of its own aborts with, and requests with. */
export interface CallerSignal {
  /** The caller's signal and the endpoint's, combined: the caller stops waiting when one aborts. */
  readonly signal: AbortSignal
  /** The endpoint without its own signals, for the request (made when the request starts). */
  readonly endpoint: () => EndpointInterface
  /** Lets go of the listeners the combined signal left on its parts, when one was made. */
  readonly release: (() => void) | undefined
}

/** A signal by its shape: one of another realm (jsdom's, a polyfill's) counts too. */
function isSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  )
}

/**
 * The signals of a call of `endpoint` by a caller with `signal`, when the endpoint carries one of
 * its own; `undefined` otherwise (the caller's `signal` is all there is).
 */
export function callerSignal(
  endpoint: EndpointInterface,
  signal: AbortSignal | undefined,
): CallerSignal | undefined {
  const pipeline = endpoint as RequestPipeline
  if (!passesSignal(endpoint) || !pipeline.extend) return undefined
  const ownSignal = pipeline.signal
  const initSignal = pipeline.requestInit?.signal
  // The usual call: an endpoint without a signal of its own, nothing made.
  if (!isSignal(ownSignal) && !isSignal(initSignal)) return undefined
  const own = [ownSignal, initSignal].filter(isSignal)
  const parts = signal ? [signal, ...own] : own
  let combined = parts[0] as AbortSignal
  const made: AbortSignal[] = []
  for (let i = 1; i < parts.length; i++) {
    combined = eitherSignal(combined, parts[i] as AbortSignal)
    made.push(combined)
  }
  const extend = pipeline.extend.bind(pipeline)
  return {
    signal: combined,
    endpoint: () =>
      extend({ signal: undefined, requestInit: { ...pipeline.requestInit, signal: undefined } }),
    release: made.length === 0 ? undefined : () => made.forEach(releaseSignal),
  }
}

const ignore = () => {}

/** True when a request of `endpoint` is given the signal of its flight (see callWithSignal). */
export function passesSignal(endpoint: EndpointInterface): boolean {
  const pipeline = endpoint as RequestPipeline
  return typeof pipeline.extend === 'function' && Boolean(pipeline.getRequestInit)
}

/**
 * Calls the endpoint, extended to send `signal` when it has request settings to put it in. A
 * signal already in those settings (`requestInit: { signal }`) still aborts too: the two are
 * combined.
 */
export function callWithSignal(
  endpoint: EndpointInterface,
  signal: AbortSignal | undefined,
  args: readonly unknown[],
): Promise<unknown> {
  const pipeline = endpoint as RequestPipeline
  if (!signal || !passesSignal(endpoint) || !pipeline.extend) return endpoint(...args)
  const own = pipeline.requestInit?.signal
  const combined = own ? eitherSignal(own, signal) : signal
  const request = pipeline.extend({ requestInit: { ...pipeline.requestInit, signal: combined } })(
    ...args,
  )
  if (combined !== signal) void request.then(ignore, ignore).finally(() => releaseSignal(combined))
  return request
}
