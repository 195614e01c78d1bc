/**
 * Everything a store writes is plain JSON data, by every route: a response with `undefined`
 * members (which clear what they name, then are left out; the same values plus one keep the
 * stored record), an optimistic response holding a Date or `undefined`, a `mergeResult` that
 * leaves a member `undefined`, nested objects, Values, Union, schema-less results, own merges
 * and deep chains. The state equals its JSON copy, a replay rebuilds it, and the caller's
 * objects are left as they were.
 */
import { Endpoint, Entity, schema } from 'rtk-resources'
import type { OptimisticSnapshot } from 'rtk-resources'
import { deferred, expectPlain, makeStore } from '../../fixtures/store'

class Note extends Entity {
  id = 0
  text = ''
  deletedAt: string | null = null
  pk() {
    return this.id
  }
  static key = 'StorableNote'
}

test('an undefined member of a later response clears the stored one, and is not stored', async () => {
  const { store, controller, cache, replay, expectSilentChecks } = makeStore()
  const answers = [
    { id: 1, text: 'a', deletedAt: '2024-01-01' },
    { id: 1, text: 'a', deletedAt: undefined },
  ]
  const getNote = new Endpoint(async () => answers.shift(), { schema: Note, name: 'getNote' })
  await controller.fetch(getNote)
  expect(cache.select(getNote)(store.getState())?.deletedAt).toBe('2024-01-01')
  await controller.fetch(getNote)
  expect(store.getState().data.entities.StorableNote?.[1]).toStrictEqual({ id: 1, text: 'a' })
  // Read as the field's default, live as restored from JSON.
  expect(cache.select(getNote)(store.getState())?.deletedAt).toBeNull()
  expectPlain(store.getState().data)
  expect(replay().data).toStrictEqual(store.getState().data)
  expectSilentChecks()
})

test('an optimistic response is stored as plain data: a Date as its ISO string, no undefined', async () => {
  const { store, controller, recorded, expectSilentChecks } = makeStore()
  const answer = deferred<unknown>()
  const at = new Date('2024-05-01T10:00:00.000Z')
  const editNote = new Endpoint((_body: { id: number; text: string }) => answer.promise, {
    schema: Note,
    sideEffect: true,
    name: 'editNote',
    getOptimisticResponse: (_snapshot: OptimisticSnapshot, body: { id: number; text: string }) => ({
      ...body,
      deletedAt: at,
      extra: undefined,
    }),
  })
  const pending = controller.fetch(editNote, { id: 1, text: 'draft' })
  const layer = store.getState().data.optimistic[0]
  expect(layer?.entities.StorableNote?.[1]).toStrictEqual({
    id: 1,
    text: 'draft',
    deletedAt: '2024-05-01T10:00:00.000Z',
  })
  expectPlain(store.getState().data)
  for (const action of recorded) expectPlain(action)
  answer.resolve({ id: 1, text: 'draft', deletedAt: null })
  await pending
  expectSilentChecks()
})

test("a mergeResult's undefined member is left out of the stored result", async () => {
  const { store, controller } = makeStore()
  const pages = [{ ids: [1], next: 'p2' }, { ids: [2] }]
  const getPages = new Endpoint(async () => pages.shift(), {
    name: 'getPages',
    mergeResult: (existing: unknown, incoming: unknown) => {
      const a = existing as { ids: number[] }
      const b = incoming as { ids: number[]; next?: string }
      return { ids: [...a.ids, ...b.ids], next: b.next }
    },
  })
  await controller.fetch(getPages)
  await controller.fetch(getPages)
  expect(store.getState().data.results[getPages.key()]).toStrictEqual({ ids: [1, 2] })
  expectPlain(store.getState().data)
})

// A second look at the same routes (review U).

test('same values plus an undefined member the record lacks keep the stored record', async () => {
  const { store, controller, cache } = makeStore()
  const answers: any[] = [
    { id: 1, text: 'a' },
    { id: 1, text: 'a', deletedAt: undefined },
  ]
  const getNote = new Endpoint(async () => answers.shift(), { schema: Note, name: 'getNote' })
  await controller.fetch(getNote)
  const before = store.getState().data.entities.StorableNote?.[1]
  expect(before).toEqual({ id: 1, text: 'a' })
  const read = cache.select(getNote)(store.getState())
  await controller.fetch(getNote)
  expect(cache.select(getNote)(store.getState())).toBe(read)
  expect(store.getState().data.entities.StorableNote?.[1]).toBe(before)
})

test('nested objects, Values, Union, schema-less results hold no undefined', async () => {
  const { store, controller } = makeStore()
  class A extends Entity {
    id = 0
    type = 'a'
    pk() {
      return this.id
    }
    static key = 'AuditUA'
  }
  const getMany = new Endpoint(
    async () => ({
      n: { id: 1, meta: { x: undefined, y: [undefined, { z: undefined }] } },
      vals: { a: { id: 2 }, b: undefined },
      u: [{ id: 3, type: 'a', q: undefined }, undefined, { id: 4, type: 'zz', w: undefined }],
      list: [undefined, { id: 5 }],
      free: { k: undefined, arr: [undefined] },
    }),
    {
      name: 'getMany',
      schema: {
        n: Note,
        vals: new schema.Values(Note),
        u: [new schema.Union({ a: A }, 'type')],
        list: [Note],
      },
    },
  )
  await controller.fetch(getMany)
  expectPlain(store.getState().data)
  const noSchema = new Endpoint(async () => ({ a: undefined, b: [undefined, { c: undefined }] }), {
    name: 'noSchema',
  })
  await controller.fetch(noSchema)
  expectPlain(store.getState().data)
})

test('an own merge that sets undefined: left out', async () => {
  class M extends Entity {
    id = 0
    text = ''
    pk() {
      return this.id
    }
    static key = 'AuditM'
    static merge(a: any, b: any) {
      return { ...a, ...b, text: undefined, nested: { q: undefined } }
    }
  }
  const { store, controller } = makeStore()
  const e = new Endpoint(async () => ({ id: 1, text: 'x' }), { schema: M, name: 'getM' })
  await controller.fetch(e)
  await controller.fetch(e)
  expectPlain(store.getState().data)
})

test('withoutUndefined does not touch the caller object', async () => {
  const { store, controller } = makeStore()
  const response = { id: 1, text: 'a', deletedAt: undefined, nested: { k: undefined } }
  const e = new Endpoint(async () => response, { schema: Note, name: 'getN' })
  await controller.fetch(e)
  expect(Object.keys(response)).toEqual(['id', 'text', 'deletedAt', 'nested'])
  expect(Object.keys(response.nested)).toEqual(['k'])
  const free = { a: undefined, b: 1 }
  const e2 = new Endpoint(async () => free, { name: 'getFree' })
  await controller.fetch(e2)
  expect(Object.keys(free)).toEqual(['a', 'b'])
  expectPlain(store.getState().data)
})

test('deep chain with undefined members is stored flat and plain', async () => {
  class Link extends Entity {
    id = 0
    next: Link | null = null
    pk() {
      return this.id
    }
    static key = 'AuditLink'
    static schema: Record<string, unknown> = {}
  }
  Link.schema = { next: Link }
  let head: any = null
  for (let i = 1500; i > 0; i--) head = { id: i, next: head, gone: undefined }
  const { store, controller, cache } = makeStore()
  const e = new Endpoint(async () => head, { schema: Link, name: 'chain' })
  await controller.fetch(e)
  expectPlain(store.getState().data)
  let node: any = cache.select(e)(store.getState())
  let n = 0
  while (node) {
    n++
    node = node.next
  }
  expect(n).toBe(1500)
})

test('optimistic getOptimisticResponse returning a Date / undefined does not throw', async () => {
  const { store, controller } = makeStore()
  const answer = deferred<unknown>()
  const e = new Endpoint((_b: { id: number }) => answer.promise, {
    schema: Note,
    sideEffect: true,
    name: 'e',
    getOptimisticResponse: () => new Date() as any,
  })
  const p = controller.fetch(e, { id: 1 })
  expectPlain(store.getState().data)
  answer.resolve({ id: 1 })
  await p
  const answer2 = deferred<unknown>()
  const e2 = new Endpoint((_b: { id: number }) => answer2.promise, {
    schema: Note,
    sideEffect: true,
    name: 'e2',
    getOptimisticResponse: () => undefined as any,
  })
  const p2 = controller.fetch(e2, { id: 1 })
  expectPlain(store.getState().data)
  answer2.resolve({ id: 1 })
  await p2
})

test('a plain response whose entity process drops an item stores no undefined', async () => {
  class Drop extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'AuditDrop'
    static process(v: any) {
      return v.id === 2 ? undefined : v
    }
  }
  class Holder extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'AuditHolder'
    static schema = { d: Drop }
  }
  const { store, controller } = makeStore()
  const e = new Endpoint(
    async () => ({
      a: { id: 2 },
      list: [{ id: 1 }, { id: 2 }],
      vals: { x: { id: 2 } },
      h: { id: 9, d: { id: 2 } },
    }),
    {
      name: 'drops',
      schema: { a: Drop, list: [Drop], vals: new schema.Values(Drop), h: Holder },
    },
  )
  await controller.fetch(e)
  expectPlain(store.getState().data)
})

test.each([
  ['a function', () => () => 1],
  ['a Symbol', () => Symbol('answer')],
])(
  '%s returned without a schema is stored as null, which a JSON copy keeps',
  async (_name, make) => {
    const { store, controller, cache, replay } = makeStore()
    const odd = new Endpoint(async () => make(), { name: 'odd' })
    await controller.fetch(odd)
    const results = store.getState().data.results as Record<string, unknown>
    expect(results[odd.key()]).toBeNull()
    expect(cache.select(odd)(store.getState())).toBeNull()
    expect(JSON.parse(JSON.stringify(store.getState().data))).toStrictEqual(store.getState().data)
    expect(replay().data).toStrictEqual(store.getState().data)
  },
)
