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

class Owner extends Entity {
  id = ''
  pk() {
    return this.id
  }
  static key = 'NonFiniteOwner'
}

/** Stats beside a reference: a member the schema names as a plain-object schema. */
class Board extends Entity {
  id = ''
  stats = { owner: Owner.fromJS(), total: 0, average: 0, at: '' }
  pk() {
    return this.id
  }
  static key = 'NonFiniteBoard'
  static schema = { stats: { owner: Owner } }
  static merge(existing: Record<string, any>, incoming: Record<string, any>) {
    const total = Number(existing.stats.total) + Number(incoming.stats.total)
    const average = total / Number(incoming.stats.count)
    return { ...existing, ...incoming, stats: { ...incoming.stats, total, average } }
  }
  static process(input: Record<string, any>) {
    return { ...input, stats: { ...input.stats, at: new Date(Date.UTC(2026, 0, 5)) } }
  }
}

/** A merge and a process that return instances of their class, as some apps write them. */
class Made extends Entity {
  id = ''
  v = 0
  pk() {
    return this.id
  }
  static key = 'NonFiniteMade'
  static process(input: Record<string, unknown>) {
    return this.fromJS(input) as unknown as Record<string, unknown>
  }
  static merge(existing: Record<string, unknown>, incoming: Record<string, unknown>) {
    return this.fromJS({ ...existing, ...incoming }) as unknown as Record<string, unknown>
  }
}

describe('what an own process or merge makes, beside references or as an instance', () => {
  it('inside a member the schema names as an object: stored as JSON, the reference kept', async () => {
    let count = 1
    const getBoard = new Endpoint(
      async () => ({ id: 'b', stats: { owner: { id: 'o' }, total: 0, count: count-- } }),
      { schema: Board, name: 'board' },
    )
    const { store, cache, controller, replay, expectSilentChecks } = makeStore()
    await controller.fetch(getBoard)
    await controller.fetch(getBoard) // 0 / 0
    expectPlain(store.getState().data)
    const board = cache.select(getBoard)(store.getState()) as Board
    expect(board.stats.owner).toBeInstanceOf(Owner)
    expect(board.stats.average).toBeNull()
    expect(board.stats.at).toBe('2026-01-05T00:00:00.000Z')
    expect(replay().data).toEqual(store.getState().data)
    expectSilentChecks()
  })

  it('an instance of the class: stored as a plain object of its members', async () => {
    let v = 1
    const getMade = new Endpoint(async () => ({ id: 'm', v: v++ }), { schema: Made, name: 'made' })
    const { store, cache, controller, expectSilentChecks } = makeStore()
    await controller.fetch(getMade)
    expectPlain(store.getState().data)
    await controller.fetch(getMade)
    expectPlain(store.getState().data)
    expect((cache.select(getMade)(store.getState()) as Made).v).toBe(2)
    expectSilentChecks()
  })
})

class Step extends Entity {
  id = 0
  next: Step | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'NonFiniteStep'
  static schema: Record<string, unknown> = {}
  static process(input: Record<string, unknown>) {
    return { ...input, seenAt: new Date(Date.UTC(2026, 0, 6)) }
  }
}
Step.schema = { next: Step }

it('a chain of records with an own process is looked at once in all, not once per level', async () => {
  // Each level's `next` counts its reads: looked into once per enclosing level, 2,000 levels
  // would read it about 2,000,000 times.
  let reads = 0
  let head: Record<string, unknown> = { id: 2000 }
  for (let i = 1999; i >= 0; i--) {
    const next = head
    head = { id: i }
    Object.defineProperty(head, 'next', {
      get: () => {
        reads++
        return next
      },
      enumerable: true,
    })
  }
  const getChain = new Endpoint(async () => head, { schema: Step, name: 'chain' })
  const { store, cache, controller } = makeStore()
  await controller.fetch(getChain)
  expect(cache.selectRecord('NonFiniteStep', 2000)(store.getState())).toEqual({
    id: 2000,
    seenAt: '2026-01-06T00:00:00.000Z',
  })
  expect(reads).toBeLessThan(10 * 2000)
})

test('-0 (Python writes -0.0) is stored as 0, as JSON would have it, in records and plain responses', async () => {
  const wire = '{"id":"z","value":-0.0,"takenAt":"","list":[-0]}'
  const getZero = new Endpoint(async () => JSON.parse(wire) as { id: string }, {
    schema: class extends Entity {
      id = ''
      value = 1
      pk() {
        return this.id
      }
      static key = 'NegativeZero'
    },
    name: 'zero',
  })
  const plain = new Endpoint(async () => JSON.parse(wire) as unknown, { name: 'plainZero' })
  const { store, replay, controller, expectSilentChecks } = makeStore()
  await controller.fetch(getZero)
  await controller.fetch(plain)
  const state = store.getState().data
  expect(Object.is(state.entities.NegativeZero?.['z']?.value, 0)).toBe(true)
  expect(state.entities.NegativeZero?.['z']?.list).toEqual([0])
  expect(state.results[plain.key()]).toEqual({ id: 'z', value: 0, takenAt: '', list: [0] })
  expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state)
  expectPlain(state)
  expect(replay().data).toStrictEqual(state)
  expectSilentChecks()
})

test('-0 made by an Entity’s own process is stored as 0, in a response and in an optimistic layer', async () => {
  class Signed extends Entity {
    id = 0
    n = 1
    pk() {
      return this.id
    }
    static key = 'SignedZero'
    static schema = { steps: [{ at: Date }] }
    // Rounds a tiny negative to -0, as Math.round(-0.2) does, in a member and in a list the
    // schema names as a list of objects.
    static process(input: { id: number; n: number }) {
      const n = Math.round(input.n)
      return { ...input, n, steps: [n, { n }] }
    }
  }
  const getSigned = new Endpoint(async () => ({ id: 1, n: -0.2 }), { schema: Signed, name: 's' })
  const release: { answer?: () => void } = {}
  const setSigned = new Endpoint(
    () =>
      new Promise<{ id: number; n: number }>(
        (resolve) => (release.answer = () => resolve({ id: 2, n: 3 })),
      ),
    {
      schema: Signed,
      name: 'setSigned',
      sideEffect: true,
      getOptimisticResponse: () => ({ id: 2, n: -0.4 }),
    },
  )
  const { store, controller, expectSilentChecks } = makeStore()
  await controller.fetch(getSigned)
  const pending = controller.fetch(setSigned)
  const state = store.getState().data
  expect(Object.is(state.entities.SignedZero?.['1']?.n, 0)).toBe(true)
  expect(state.entities.SignedZero?.['1']?.steps).toStrictEqual([0, { n: 0 }])
  expect(state.optimistic).toHaveLength(1)
  expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state)
  await Promise.resolve()
  release.answer?.()
  await pending
  expectSilentChecks()
})
