/**
 * NaN and ±Infinity are numbers, but not JSON: `JSON.stringify` writes them as `null`, so a state
 * holding one would not survive persistence or server rendering, and RTK's serializable check
 * does not notice them. They are stored as `null`, as JSON would have them.
 */
import { Endpoint, Entity } from 'rtk-resources'
import { expectPlain, makeStore } from '../../fixtures/store'

class Reading extends Entity {
  id = ''
  value = 0
  takenAt = ''
  pk() {
    return this.id
  }
  static key = 'NonFiniteReading'
  // A process of the class's own may make what the response did not hold.
  static process(input: { id: string; raw: string }) {
    const takenAt = new Date(Date.UTC(2026, 0, 2))
    const extra = { ratio: Number(input.raw), at: takenAt, list: [Infinity, 1] }
    return { id: input.id, value: Number(input.raw), takenAt, extra }
  }
}

describe('numbers that are not finite', () => {
  it('in a response without a schema are stored as null', async () => {
    const stats = new Endpoint(async () => ({ n: NaN, up: Infinity, list: [1, -Infinity] }), {
      name: 'stats',
    })
    const { store, cache, controller, replay, expectSilentChecks } = makeStore()
    await controller.fetch(stats)
    expectPlain(store.getState().data)
    expect(cache.select(stats)(store.getState())).toEqual({ n: null, up: null, list: [1, null] })
    expect(replay().data).toEqual(store.getState().data)
    expectSilentChecks()
  })

  it("made by an Entity's own process are stored as null, and a Date as its ISO string", async () => {
    const getReading = new Endpoint(async () => ({ id: 'r1', raw: 'not a number' }), {
      schema: Reading,
      name: 'reading',
    })
    const { store, cache, controller, expectSilentChecks } = makeStore()
    await controller.fetch(getReading)
    const state = store.getState().data
    expectPlain(state)
    const reading = cache.select(getReading)(store.getState()) as Reading
    expect(reading.value).toBeNull()
    expect(reading.takenAt).toBe('2026-01-02T00:00:00.000Z')
    // Nested in a member the schema does not name, too.
    expect((reading as unknown as { extra: unknown }).extra).toEqual({
      ratio: null,
      at: '2026-01-02T00:00:00.000Z',
      list: [null, 1],
    })
    expectSilentChecks()
  })
})

class Counter extends Entity {
  id = ''
  total = 0
  average = 0
  seenAt = ''
  pk() {
    return this.id
  }
  static key = 'NonFiniteCounter'
  // A merge of the class's own may make what neither record held: 0 / 0, a Date.
  static merge(existing: Record<string, unknown>, incoming: Record<string, unknown>) {
    const total = Number(existing.total) + Number(incoming.total)
    return {
      ...existing,
      ...incoming,
      total,
      average: total / Number(incoming.count),
      seenAt: new Date(Date.UTC(2026, 0, 3)),
    }
  }
}

describe('numbers that are not finite, from a merge', () => {
  it("made by an Entity's own merge are stored as null, and a Date as its ISO string", async () => {
    let count = 1
    const getCounter = new Endpoint(async () => ({ id: 'c1', total: 0, count: count-- }), {
      schema: Counter,
      name: 'counter',
    })
    const { store, cache, controller, replay, expectSilentChecks } = makeStore()
    await controller.fetch(getCounter)
    // The second answer merges into the first: 0 / 0 is NaN.
    await controller.fetch(getCounter)
    expectPlain(store.getState().data)
    const counter = cache.select(getCounter)(store.getState()) as Counter
    expect(counter.average).toBeNull()
    expect(counter.seenAt).toBe('2026-01-03T00:00:00.000Z')
    expect(replay().data).toEqual(store.getState().data)
    expectSilentChecks()
  })
})
