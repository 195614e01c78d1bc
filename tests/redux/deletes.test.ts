import { Endpoint, Query, schema } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { expectPlain, makeStore } from '../fixtures/store'

const seed = [
  { id: 1, name: 'Ada', posts: [] },
  { id: 2, name: 'Grace', posts: [] },
  { id: 3, name: 'Linus', posts: [] },
]
const getUsers = new Endpoint(async () => structuredClone(seed), { schema: [User], name: 'users' })
const getUser = new Endpoint(async ({ id }: { id: number }) => structuredClone(seed[id - 1]), {
  schema: User,
  name: 'user',
})
const byName = new Endpoint(
  async () => Object.fromEntries(seed.map((u) => [u.name, structuredClone(u)])),
  { schema: new schema.Values(User), name: 'byName' },
)
const deleteUser = new Endpoint(async ({ id }: { id: number }) => ({ id }), {
  schema: new schema.Delete(User),
  sideEffect: true,
  name: 'deleteUser',
})
const allUsers = new Query(new schema.All(User))

test('a delete marks a tombstone; the entity leaves every list, Values, All and get', async () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  await controller.fetch(getUsers)
  await controller.fetch(byName)
  await controller.fetch(getUser, { id: 2 })
  const list = cache.select(getUsers)
  const all = cache.select(allUsers)
  expect(all(store.getState())?.map((u) => u.id)).toEqual([1, 2, 3])
  const adaBefore = list(store.getState())?.[0]

  const resolved = await controller.fetch(deleteUser, { id: 2 })
  expect(resolved).toEqual({ id: 2 })
  const state = store.getState()
  expect(list(state)?.map((u) => u.name)).toEqual(['Ada', 'Linus'])
  expect(list(state)?.[0]).toBe(adaBefore)
  expect(Object.keys(cache.select(byName)(state) ?? {})).toEqual(['Ada', 'Linus'])
  expect(all(state)?.map((u) => u.id)).toEqual([1, 3])
  expect(cache.select(getUser, { id: 2 })(state)).toBeUndefined()
  // The tombstone is plain data in entitiesMeta; the record is gone.
  expect(state.data.entitiesMeta.User?.['2']).toMatchObject({ deleted: true })
  expect(JSON.stringify(state.data.entities)).not.toContain('Grace')
  expectPlain(state)
  expect(replay()).toEqual(state)
  expectSilentChecks()
})

test('a GET started before a DELETE but answered after it leaves the entity deleted', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  let release!: () => void
  const slowGet = new Endpoint(
    async ({ id }: { id: number }) => {
      await new Promise<void>((resolve) => (release = resolve))
      return structuredClone(seed[id - 1])
    },
    { schema: User, name: 'slowGet' },
  )
  const pending = controller.fetch(slowGet, { id: 1 })
  await Promise.resolve()
  await controller.fetch(deleteUser, { id: 1 })
  release()
  await pending
  expect(cache.select(getUser, { id: 1 })(store.getState())).toBeUndefined()
  expect(
    cache
      .select(getUsers)(store.getState())
      ?.map((u) => u.id),
  ).toEqual([2, 3])
})

test('a delete response without keys identifies the record by the call params', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const deleteByParams = new Endpoint(async (_params: { id: number }) => ({ id: _params.id }), {
    schema: new schema.Delete(User),
    sideEffect: true,
    name: 'del2',
  })
  await controller.fetch(deleteByParams, { id: 3 })
  expect(
    cache
      .select(getUsers)(store.getState())
      ?.map((u) => u.id),
  ).toEqual([1, 2])
})

test('when every record of a kind is deleted, schema.All and queries over it read [], not "no data"', async () => {
  const { store, cache, controller, replay, expectSilentChecks } = makeStore()
  const count = new Query(new schema.All(User), (users) => users.length)
  await controller.fetch(getUsers)
  for (const id of [1, 2, 3]) await controller.fetch(deleteUser, { id })
  const state = store.getState()
  expect(cache.select(allUsers)(state)).toEqual([])
  expect(cache.select(count)(state)).toBe(0)
  expect(controller.getResponse(allUsers, state).data).toEqual([])
  // The table stays, empty, beside its tombstones.
  expect(state.data.entities.User).toEqual({})
  expect(Object.keys(state.data.entitiesMeta.User ?? {})).toEqual(['1', '2', '3'])
  expectPlain(state)
  expect(replay()).toEqual(state)
  expectSilentChecks()
})

test.each([
  ['null (a 204)', null],
  ['undefined', undefined],
])(
  'a schema.Delete endpoint answered with %s deletes the record its params name',
  async (_answer, answer) => {
    const { store, cache, controller, replay, expectSilentChecks } = makeStore()
    await controller.fetch(getUsers)
    const deleteQuietly = new Endpoint(async (_params: { id: number }) => answer, {
      schema: new schema.Delete(User),
      sideEffect: true,
      name: 'deleteQuietly',
    })
    await controller.fetch(deleteQuietly, { id: 2 })
    expect(store.getState().data.entitiesMeta.User?.['2']?.deleted).toBe(true)
    expect(cache.select(getUser, { id: 2 })(store.getState())).toBeUndefined()
    expect(
      cache
        .select(getUsers)(store.getState())
        ?.map((user) => user.id),
    ).toEqual([1, 3])
    expectPlain(store.getState())
    expect(replay()).toEqual(store.getState())
    expectSilentChecks()
  },
)

test('a schema.Delete endpoint answered with nothing whose params name no record resolves to it, deleting nothing', async () => {
  const { store, controller, expectSilentChecks } = makeStore()
  await controller.fetch(getUsers)
  const before = store.getState().data.entities
  const deleteNothing = new Endpoint(async (_params?: { userId: number }) => null, {
    schema: new schema.Delete(User),
    sideEffect: true,
    name: 'deleteNothing',
  })
  await expect(controller.fetch(deleteNothing)).resolves.toBeNull()
  await expect(controller.fetch(deleteNothing, { userId: 2 })).resolves.toBeNull()
  expect(store.getState().data.entities).toBe(before)
  expect(Object.values(store.getState().data.entitiesMeta.User ?? {}).some((m) => m.deleted)).toBe(
    false,
  )
  expectSilentChecks()
})
