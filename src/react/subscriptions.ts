import type { Controller } from '../redux/Controller'
import type { EndpointInterface } from '../redux/endpointTypes'

interface Subscription {
  count: number
  timer: ReturnType<typeof setInterval>
}

const byController = new WeakMap<Controller, Map<string, Subscription>>()
const ignore = () => {}

/**
 * Polls `endpoint(...args)` every `pollFrequency` ms while at least one subscriber holds it:
 * one timer per store and key however many components subscribe. Returns the unsubscribe.
 */
export function subscribe(
  controller: Controller,
  endpoint: EndpointInterface,
  args: readonly unknown[],
): () => void {
  const frequency = endpoint.pollFrequency
  if (!frequency || frequency <= 0) return ignore
  let subscriptions = byController.get(controller)
  if (!subscriptions) {
    subscriptions = new Map()
    byController.set(controller, subscriptions)
  }
  const key = endpoint.key(...args)
  let subscription = subscriptions.get(key)
  if (!subscription) {
    const timer = setInterval(() => {
      controller.fetch(endpoint, ...(args as never[])).catch(ignore)
    }, frequency)
    subscription = { count: 0, timer }
    subscriptions.set(key, subscription)
  }
  subscription.count += 1
  let active = true
  return () => {
    if (!active) return
    active = false
    const current = subscriptions.get(key)
    if (!current) return
    current.count -= 1
    if (current.count === 0) {
      clearInterval(current.timer)
      subscriptions.delete(key)
    }
  }
}

/** @internal How many keys are polled for a controller (for tests). */
export function activeSubscriptions(controller: Controller): number {
  return byController.get(controller)?.size ?? 0
}
