import { configureStore } from '@reduxjs/toolkit'
import { Endpoint, Entity, Query, createEntityCache, schema } from 'rtk-resources'
import { expectPlain, makeStore } from '../fixtures/store'

const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']

class Thing extends Entity {
  id = ''
  label = ''
  pk() {
    return this.id
  }
  static key = 'Thing'
}
/** An entity whose table name is itself a dangerous key. */
class Proto extends Entity {
  id = ''
  pk() {
    return this.id
  }
  static key = '__proto__'
}

const things = new Endpoint(async (_args: { page: string }) => [] as unknown[], {
  schema: [Thing],
  name: 'things',
})
const oneThing = new Endpoint(async ({ id }: { id: string }) => ({ id }), {
  schema: Thing,
  name: 'thing',
})
const removeThing = new Endpoint(async ({ id }: { id: string }) => ({ id }), {
  schema: new schema.Delete(Thing),
  sideEffect: true,
  name: 'remove',
})
const byName = new Endpoint(async () => ({}), { schema: new schema.Values(Thing), name: 'byName' })
const protoTable = new Endpoint(async () => [], { schema: [Proto], name: 'protoTable' })
const rawKey = new Endpoint(async () => ({ ok: true }), { name: 'raw', key: () => '__proto__' })

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort()
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore)
  expect(({} as Record<string, unknown>).label).toBeUndefined()
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})

test('dangerous ids are ordinary ids: stored, read, updated, deleted', async () => {
  const { store, cache, controller, replay } = makeStore()
  const records = KEYS.map((id) => ({ id, label: `is ${id}` }))
  controller.setResponse(things, { page: '1' }, records)
  const list = cache.select(things, { page: '1' })(store.getState())
  expect(list?.map((t) => t.id)).toEqual(KEYS)
  for (const id of KEYS) {
    const thing = cache.select(oneThing, { id })(store.getState())
    expect(thing).toBeInstanceOf(Thing)
    expect(thing?.label).toBe(`is ${id}`)
  }
  // A missing dangerous id reads undefined (nothing inherited).
  controller.resetEntireStore()
  for (const id of KEYS) expect(cache.select(oneThing, { id })(store.getState())).toBeUndefined()
  controller.setResponse(things, { page: '1' }, records)
  controller.setResponse(oneThing, { id: '__proto__' }, { id: '__proto__', label: 'updated' })
  expect(cache.select(oneThing, { id: '__proto__' })(store.getState())?.label).toBe('updated')
  await controller.fetch(removeThing, { id: 'constructor' })
  const after = cache.select(things, { page: '1' })(store.getState())
  expect(after?.map((t) => t.id)).toEqual(KEYS.filter((k) => k !== 'constructor'))
  expectPlain(store.getState())
  expect(replay()).toEqual(store.getState())
})

test('Values keys, table names and request keys named like prototype members', () => {
  const { store, cache, controller } = makeStore()
  controller.setResponse(
    byName,
    Object.fromEntries(KEYS.map((key) => [key, { id: `id-${key}`, label: key }])),
  )
  const map = cache.select(byName)(store.getState())
  expect(Object.keys(map ?? {})).toEqual(KEYS)
  expect(Object.getPrototypeOf(map)).toBe(Object.prototype)
  expect(Object.prototype.hasOwnProperty.call(map, '__proto__')).toBe(true)

  controller.setResponse(protoTable, [{ id: 'x' }])
  expect(cache.select(protoTable)(store.getState())?.[0]).toBeInstanceOf(Proto)
  expect(cache.select(new Query(new schema.All(Proto)))(store.getState())).toHaveLength(1)

  controller.setResponse(rawKey, { ok: false })
  expect(cache.select(rawKey)(store.getState())).toEqual({ ok: false })
  expectPlain(store.getState())
})

test('a body with its own __proto__ member changes no prototype', () => {
  const { store, cache, controller } = makeStore()
  const body = JSON.parse('{"id":"evil","label":"x","__proto__":{"polluted":true}}') as object
  controller.setResponse(oneThing, { id: 'evil' }, body)
  const thing = cache.select(oneThing, { id: 'evil' })(store.getState())
  expect(thing).toBeInstanceOf(Thing)
  expect(Object.getPrototypeOf(thing)).toBe(Thing.prototype)
  expect((thing as unknown as { polluted?: unknown }).polluted).toBeUndefined()
  // The stored record (copied again before the development freeze, freezeWritten.ts) keeps the
  // member as its own data, and its prototype.
  const record = cache.selectRecord('Thing', 'evil')(store.getState()) as object
  expect(Object.isFrozen(record)).toBe(true)
  expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
  expect(Object.keys(record)).toEqual(['id', 'label', '__proto__'])
  expect(JSON.stringify(record)).toBe('{"id":"evil","label":"x","__proto__":{"polluted":true}}')
  expectPlain(store.getState())
})

test('state rehydrated from JSON reads the same', () => {
  const { store, cache, controller } = makeStore()
  controller.setResponse(
    things,
    { page: '1' },
    KEYS.map((id) => ({ id, label: id })),
  )
  const json = JSON.parse(JSON.stringify(store.getState().data)) as ReturnType<
    typeof store.getState
  >['data']
  const cache2 = createEntityCache({ reducerPath: 'data' })
  const store2 = configureStore({
    reducer: { data: cache2.reducer },
    middleware: (gDM) => gDM().concat(cache2.middleware),
    preloadedState: { data: json },
  })
  const list = cache2.select(things, { page: '1' })(store2.getState())
  expect(list?.map((t) => t.id)).toEqual(KEYS)
  expect(cache2.select(oneThing, { id: 'toString' })(store2.getState())?.label).toBe('toString')
  expect(cache2.select(oneThing, { id: 'nope' })(store2.getState())).toBeUndefined()
  void cache
})
