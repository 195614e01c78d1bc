/**
 * Undefined members by every route into the state (a second look): the same values plus an
 * undefined member keep the stored record; nested objects, Values, Union, schema-less results,
 * own merges and deep chains store no undefined; the caller's objects are left as they were.
 */
import { Endpoint, Entity, schema } from 'rtk-resources'
import { deferred, expectPlain, makeStore } from '../../fixtures/store'

class Note extends Entity {
  id = 0
  text = ''
  deletedAt: string | null = null
  pk() {
    return this.id
  }
  static key = 'AuditNote'
}

test('same values plus an undefined member the record lacks keep the stored record', async () => {
  const { store, controller, cache } = makeStore()
  const answers: any[] = [
    { id: 1, text: 'a' },
    { id: 1, text: 'a', deletedAt: undefined },
  ]
  const getNote = new Endpoint(async () => answers.shift(), { schema: Note, name: 'getNote' })
  await controller.fetch(getNote)
  const before = store.getState().data.entities.AuditNote?.[1]
  const read = cache.select(getNote)(store.getState())
  await controller.fetch(getNote)
  expect(cache.select(getNote)(store.getState())).toBe(read)
  expect(store.getState().data.entities.AuditNote?.[1]).toBe(before)
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
