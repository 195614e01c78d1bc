import {
  Endpoint,
  Entity,
  InputTooDeepError,
  MissingPrimaryKeyError,
  Query,
  schema,
} from 'rtk-resources'
import { User } from '../fixtures/entities'
import { expectPlain, makeStore } from '../fixtures/store'

class Link extends Entity {
  id = 0
  next: Link | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Link'
  static schema: Record<string, unknown> = {}
}
Link.schema = { next: Link }

/** How many links `head` leads through, itself included. */
function lengthOf(head: Link | undefined): number {
  let length = 0
  for (let link = head; link; link = link.next) length++
  return length
}

const chain = new Endpoint(async () => [] as unknown[], { schema: [Link], name: 'chain' })

test('a 10,000-long chain stored through the cache reads to its end, stably', () => {
  const { store, cache, controller } = makeStore()
  const records = Array.from({ length: 10_000 }, (_, i) => ({
    id: i,
    next: i + 1 < 10_000 ? i + 1 : undefined,
  }))
  controller.setResponse(chain, records)
  const select = cache.select(chain)
  const links = select(store.getState())
  let node = links?.[0]
  let steps = 0
  while (node?.next) {
    node = node.next
    steps += 1
  }
  expect(steps).toBe(9_999)
  expect(select(store.getState())).toBe(links)
  // Changing the last link rebuilds the whole chain (every link reaches it), without overflow.
  const getLink = new Endpoint(async (_: { id: number }) => null, { schema: Link, name: 'link' })
  controller.setResponse(getLink, { id: 9_999 }, { id: 9_999, extra: true })
  const again = select(store.getState())
  expect(again).not.toBe(links)
  expect(again?.[0]).not.toBe(links?.[0])
  let last = again?.[0]
  while (last?.next) last = last.next
  expect((last as unknown as { extra?: boolean }).extra).toBe(true)
})

test('a cyclic graph (user ↔ posts) reads with stable references', () => {
  const { store, cache, controller } = makeStore()
  const getUser = new Endpoint(async (_: { id: number }) => null, { schema: User, name: 'u' })
  controller.setResponse(
    getUser,
    { id: 1 },
    {
      id: 1,
      name: 'Ada',
      posts: [
        { id: 10, title: 'a', author: { id: 1, name: 'Ada' } },
        { id: 11, title: 'b', author: 1 },
      ],
    },
  )
  const ada = cache.select(getUser, { id: 1 })(store.getState())
  expect(ada?.posts[0]?.author).toBe(ada)
  expect(ada?.posts[1]?.author).toBe(ada)
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBe(ada)
})

test('a chain of 10,000 entities given nested is stored flat and reads with stable references', async () => {
  const { store, cache, controller, expectSilentChecks } = makeStore()
  let deep: Record<string, unknown> = { id: 10_000 }
  for (let i = 9_999; i >= 0; i--) deep = { id: i, next: deep }
  const deepEndpoint = new Endpoint(async () => deep, { schema: Link, name: 'deep' })
  const head = await controller.fetch(deepEndpoint)
  expect(cache.selectRecord('Link', 0)(store.getState())).toEqual({ id: 0, next: 1 })
  expect(cache.selectRecord('Link', 10_000)(store.getState())).toEqual({ id: 10_000 })
  expect(lengthOf(head)).toBe(10_001)
  expect(cache.select(deepEndpoint)(store.getState())).toBe(head)
  expectPlain(store.getState())
  expectSilentChecks()
})

test('a chain of 10,000 entities given nested, holding a NaN and a Date, is stored flat as JSON', async () => {
  const { store, cache, controller, expectSilentChecks } = makeStore()
  let deep: Record<string, unknown> = { id: 10_000, score: NaN, at: new Date(Date.UTC(2026, 0, 4)) }
  for (let i = 9_999; i >= 0; i--) deep = { id: i, next: deep }
  const deepEndpoint = new Endpoint(async () => deep, { schema: Link, name: 'deep-odd' })
  const head = await controller.fetch(deepEndpoint)
  expect(cache.selectRecord('Link', 10_000)(store.getState())).toEqual({
    id: 10_000,
    score: null,
    at: '2026-01-04T00:00:00.000Z',
  })
  expect(lengthOf(head)).toBe(10_001)
  expectPlain(store.getState())
  expectSilentChecks()
})

test('JSON nested 10,000 deep outside entities fails cleanly: typed error, recorded, nothing written', async () => {
  const { store, controller } = makeStore()
  let deep: Record<string, unknown> = { leaf: true }
  for (let i = 0; i < 10_000; i++) deep = { child: deep }
  const deepEndpoint = new Endpoint(async () => ({ id: 1, payload: deep }), {
    schema: Link,
    name: 'deep',
  })
  const error = await controller.fetch(deepEndpoint).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(InputTooDeepError)
  expect(store.getState().data.entities).toEqual({})
  expect(store.getState().data.meta['deep []']?.error?.code).toBe('too-deep')
  expectPlain(store.getState())
})

test('policy: one bad item among 1,000 rejects the whole response and keeps earlier data', async () => {
  const { store, cache, controller } = makeStore()
  const list = new Endpoint(async () => [] as unknown[], { schema: [User], name: 'list' })
  controller.setResponse(list, [{ id: 1, name: 'kept', posts: [] }])
  const items: unknown[] = Array.from({ length: 1000 }, (_, i) => ({ id: i + 2, name: 'n' }))
  items[500] = { name: 'no id' }
  const bad = new Endpoint(async () => items, { schema: [User], name: 'list' })
  const error = await controller.fetch(bad).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(MissingPrimaryKeyError)
  expect((error as MissingPrimaryKeyError).input).toEqual({ name: 'no id' })
  expect(
    cache
      .select(list)(store.getState())
      ?.map((u) => u.name),
  ).toEqual(['kept'])
  expect(cache.select(new Query(new schema.All(User)))(store.getState())).toHaveLength(1)
})

test('ids: 0 is valid; 1 and "1" are the same entity; null, "" and NaN are typed errors', async () => {
  const { store, cache, controller } = makeStore()
  const getUser = new Endpoint(async (_: { id: number | string }) => null, {
    schema: User,
    name: 'user',
  })
  controller.setResponse(getUser, { id: 0 }, { id: 0, name: 'zero', posts: [] })
  expect(cache.select(getUser, { id: 0 })(store.getState())?.name).toBe('zero')
  controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'number', posts: [] })
  controller.setResponse(getUser, { id: '1' }, { id: '1', name: 'string', posts: [] })
  expect(cache.select(new Query(User), { id: 1 })(store.getState())?.name).toBe('string')
  for (const id of [null, '', Number.NaN, undefined]) {
    const bad = new Endpoint(async () => ({ id, name: 'bad' }), { schema: User, name: 'bad' })
    const error = await controller.fetch(bad).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingPrimaryKeyError)
    expect((error as MissingPrimaryKeyError).entityKey).toBe('User')
  }
  expect(JSON.stringify(store.getState().data.entities)).not.toContain('"undefined"')
  expect(JSON.stringify(store.getState().data.entities)).not.toContain('bad')
})
