/**
 * Polling through a real store (fake timers): the first poll is timed from the call's last
 * response, and a call polled by subscribers of several frequencies is polled at the smallest.
 */
import { Endpoint } from 'rtk-resources'
import { makeStore } from '../../fixtures/store'

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

function pollOf(frequency: number, calls: number[]) {
  return new Endpoint(
    async () => {
      calls.push(Date.now())
      return { ok: calls.length }
    },
    { name: 'poll', pollFrequency: frequency },
  )
}

test('with nothing stored the first poll goes at once; with a fresh response, when it is that old', async () => {
  const { controller } = makeStore()
  const calls: number[] = []
  const poll = pollOf(1_000, calls)
  const start = Date.now()
  controller.subscribe(poll)
  await jest.advanceTimersByTimeAsync(0)
  expect(calls).toEqual([start])
  controller.unsubscribe(poll)

  // Answered 400 ms ago: the next poll in 600 ms, then every second.
  await jest.advanceTimersByTimeAsync(400)
  controller.subscribe(poll)
  await jest.advanceTimersByTimeAsync(599)
  expect(calls).toHaveLength(1)
  await jest.advanceTimersByTimeAsync(1)
  expect(calls).toHaveLength(2)
  await jest.advanceTimersByTimeAsync(1_000)
  expect(calls.map((at) => at - start)).toEqual([0, 1_000, 2_000])
  controller.unsubscribe(poll)
  await jest.advanceTimersByTimeAsync(5_000)
  expect(calls).toHaveLength(3)
})

test('subscribers of one call with different frequencies: polled at the smallest while it stays', async () => {
  const { controller } = makeStore()
  const calls: number[] = []
  const slow = pollOf(5_000, calls)
  const fast = slow.extend({ pollFrequency: 200 })
  const start = Date.now()
  controller.subscribe(slow)
  await jest.advanceTimersByTimeAsync(0)
  expect(calls).toHaveLength(1)
  controller.subscribe(fast)
  await jest.advanceTimersByTimeAsync(1_000)
  // Every 200 ms from the first response: 5 more in the second.
  expect(calls.map((at) => at - start)).toEqual([0, 200, 400, 600, 800, 1_000])
  // The fast one leaves: back to every 5 s, timed from the last response.
  controller.unsubscribe(fast)
  await jest.advanceTimersByTimeAsync(4_999)
  expect(calls).toHaveLength(6)
  await jest.advanceTimersByTimeAsync(1)
  expect(calls).toHaveLength(7)
  controller.unsubscribe(slow)
  await jest.advanceTimersByTimeAsync(20_000)
  expect(calls).toHaveLength(7)
})

test('an unsubscribe naming another frequency than its subscribe still ends the poll', async () => {
  const { controller } = makeStore()
  const calls: number[] = []
  const poll = pollOf(1_000, calls)
  controller.subscribe(poll)
  await jest.advanceTimersByTimeAsync(0)
  // The same call through an endpoint whose frequency changed since.
  controller.unsubscribe(poll.extend({ pollFrequency: 5_000 }))
  await jest.advanceTimersByTimeAsync(10_000)
  expect(calls).toHaveLength(1)
})

test('a frequency past what timers keep polls at the longest they keep; Infinity never polls', async () => {
  const { controller } = makeStore()
  const calls: number[] = []
  const monthly = pollOf(30 * 24 * 3_600_000, calls)
  controller.subscribe(monthly)
  await jest.advanceTimersByTimeAsync(1_000)
  // The first poll (nothing stored yet), and none every millisecond after.
  expect(calls).toHaveLength(1)
  controller.unsubscribe(monthly)
  const never = pollOf(Infinity, calls)
  controller.subscribe(never)
  await jest.advanceTimersByTimeAsync(1_000)
  expect(calls).toHaveLength(1)
  controller.unsubscribe(never)
})
