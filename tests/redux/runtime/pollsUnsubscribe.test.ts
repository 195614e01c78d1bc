/** Polls ended through an endpoint whose pollFrequency is 0, Infinity or unset. */
import { Endpoint } from 'rtk-resources'
import { makeStore } from '../../fixtures/store'

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

function pollOf(frequency: number | undefined, calls: number[]) {
  return new Endpoint(
    async () => {
      calls.push(Date.now())
      return { ok: calls.length }
    },
    { name: 'auditPoll', pollFrequency: frequency as number },
  )
}

test.each([0, Infinity, undefined])(
  'an unsubscribe through the same call with pollFrequency %p still ends the poll',
  async (other) => {
    const { controller } = makeStore()
    const calls: number[] = []
    const poll = pollOf(1_000, calls)
    controller.subscribe(poll)
    await jest.advanceTimersByTimeAsync(0)
    controller.unsubscribe(poll.extend({ pollFrequency: other as number }))
    await jest.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(1)
  },
)
