import { AbortOptimistic, Endpoint, ExpiryStatus, NetworkError, Query, schema } from 'rtk-resources'
import type { OptimisticSnapshot } from 'rtk-resources'
import { User } from '../fixtures/entities'
import { deferred, expectPlain, makeStore } from '../fixtures/store'

type Patch = { id: number; name?: string }
const seed = [
  { id: 1, name: 'Ada', posts: [] },
  { id: 2, name: 'Grace', posts: [] },
]
const getUsers = new Endpoint(async () => structuredClone(seed), { schema: [User], name: 'users' })
const all = new Query(new schema.All(User))

/** A PATCH-like mutation whose answers the test controls; optimistic by the call's body. */
function controlledRename() {
  const calls: Array<ReturnType<typeof deferred<unknown>>> = []
  const rename = new Endpoint(
    (_patch: Patch) => {
      const call = deferred<unknown>()
      calls.push(call)
      return call.promise
    },
    {
      schema: User,
      sideEffect: true,
      name: 'rename',
      getOptimisticResponse: (_snap: OptimisticSnapshot, patch: Patch) => patch,
    },
  )
  return { rename, calls }
}
const names = (state: unknown, select: (s: unknown) => User[] | undefined) =>
  select(state)?.map((u) => `${u.id}:${u.name}`)

test('the optimistic write shows at once, as an action; the server response replaces it', async () => {
  const { store, cache, controller, recorded, replay } = makeStore()
  await controller.fetch(getUsers)
  const { rename, calls } = controlledRename()
  const pending = controller.fetch(rename, { id: 1, name: 'Ada (saving)' })
  const select = cache.select(getUsers)
  expect(names(store.getState(), select)).toEqual(['1:Ada (saving)', '2:Grace'])
  expect(recorded.map((a) => a.type)).toContain('data/optimistic')
  // The confirmed tables are untouched; the layer is plain data.
  expect(JSON.stringify(store.getState().data.entities)).not.toContain('saving')
  expect(store.getState().data.optimistic).toHaveLength(1)
  expectPlain(store.getState())

  await Promise.resolve() // the request itself starts in a microtask
  calls[0]?.resolve({ id: 1, name: 'Ada L.' })
  await pending
  expect(names(store.getState(), select)).toEqual(['1:Ada L.', '2:Grace'])
  expect(store.getState().data.optimistic).toEqual([])
  expect(replay()).toEqual(store.getState())
})

test('two concurrent optimistic edits, one fails: only that one is rolled back', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const { rename, calls } = controlledRename()
  const first = controller.fetch(rename, { id: 1, name: 'Ada 2' })
  const second = controller.fetch(rename, { id: 2, name: 'Grace 2' })
  const select = cache.select(getUsers)
  expect(names(store.getState(), select)).toEqual(['1:Ada 2', '2:Grace 2'])
  await Promise.resolve()
  expect(calls).toHaveLength(2)
  calls[0]?.reject(new Error('conflict'))
  await expect(first).rejects.toThrow('conflict')
  expect(names(store.getState(), select)).toEqual(['1:Ada', '2:Grace 2'])
  calls[1]?.resolve({ id: 2, name: 'Grace 2' })
  await second
  expect(names(store.getState(), select)).toEqual(['1:Ada', '2:Grace 2'])
  expectPlain(store.getState())
})

test('an older refetch resolving after the optimistic write does not undo it', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const slow = deferred<typeof seed>()
  const refetch = new Endpoint(() => slow.promise, { schema: [User], name: 'users' })
  const refetching = controller.fetch(refetch)
  await Promise.resolve()
  const { rename, calls } = controlledRename()
  const saving = controller.fetch(rename, { id: 1, name: 'Optimistic' })
  slow.resolve(structuredClone(seed))
  await refetching
  expect(cache.select(new Query(User), { id: 1 })(store.getState())?.name).toBe('Optimistic')
  calls[0]?.resolve({ id: 1, name: 'Saved' })
  await saving
  expect(cache.select(new Query(User), { id: 1 })(store.getState())?.name).toBe('Saved')
})

test('an older edit still in flight goes under a newer confirmed one: the newer shows at once', async () => {
  const { store, cache, controller, replay } = makeStore()
  await controller.fetch(getUsers)
  const { rename, calls } = controlledRename()
  const select = cache.select(getUsers)
  const first = controller.fetch(rename, { id: 1, name: 'first' })
  const second = controller.fetch(rename, { id: 1, name: 'second' })
  await Promise.resolve()
  expect(names(store.getState(), select)).toEqual(['1:second', '2:Grace'])
  // The later edit is confirmed first: the older layer, still pending, no longer hides it.
  calls[1]?.resolve({ id: 1, name: 'second' })
  await second
  expect(names(store.getState(), select)).toEqual(['1:second', '2:Grace'])
  expect(store.getState().data.optimistic).toHaveLength(1)
  // The older answer lands last and loses too (responses order by start).
  calls[0]?.resolve({ id: 1, name: 'first' })
  await first
  expect(names(store.getState(), select)).toEqual(['1:second', '2:Grace'])
  expect(replay()).toEqual(store.getState())
})

test('an optimistic delete hides the entity everywhere; a failure brings it back', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const answer = deferred<unknown>()
  const remove = new Endpoint((_params: { id: number }) => answer.promise, {
    schema: new schema.Delete(User),
    sideEffect: true,
    name: 'remove',
    getOptimisticResponse: (_snap: OptimisticSnapshot, params: { id: number }) => params,
  })
  const removing = controller.fetch(remove, { id: 2 })
  expect(
    cache
      .select(all)(store.getState())
      ?.map((u) => u.id),
  ).toEqual([1])
  expect(
    cache
      .select(getUsers)(store.getState())
      ?.map((u) => u.id),
  ).toEqual([1])
  answer.reject(new Error('forbidden'))
  await expect(removing).rejects.toThrow('forbidden')
  expect(
    cache
      .select(all)(store.getState())
      ?.map((u) => u.id),
  ).toEqual([1, 2])
})

test('throwing AbortOptimistic (as in data-client) skips the optimistic write; the answer is stored', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const answer = deferred<unknown>()
  const rename = new Endpoint((_p: { id: number; name: string }) => answer.promise, {
    schema: User,
    sideEffect: true,
    name: 'renameOrSkip',
    getOptimisticResponse(_snap: OptimisticSnapshot, params: { id: number; name: string }) {
      if (params.name === '') throw new AbortOptimistic()
      return params
    },
  })
  const pending = controller.fetch(rename, { id: 1, name: '' })
  expect(store.getState().data.optimistic).toEqual([])
  answer.resolve({ id: 1, name: 'From the server' })
  await pending
  expect(cache.select(getUsers)(store.getState())?.[0]?.name).toBe('From the server')
  expect(new AbortOptimistic()).toBeInstanceOf(Error)
  expect(new AbortOptimistic().name).toBe('AbortOptimistic')
})

test("the snapshot's getError reports a call's error, as controller.getError does (data-client's snap.getError)", async () => {
  const { controller } = makeStore()
  const failing = new Endpoint(
    async (_p: { id: number }): Promise<unknown> => {
      throw new NetworkError(404, 'Not Found')
    },
    { schema: User, name: 'getOne' },
  )
  await controller.fetch(failing, { id: 1 }).catch(() => undefined)
  const seen: unknown[] = []
  const answer = deferred<unknown>()
  const save = new Endpoint((_p: { id: number }) => answer.promise, {
    schema: User,
    sideEffect: true,
    name: 'save',
    getOptimisticResponse(snap: OptimisticSnapshot, params: { id: number }) {
      seen.push(snap.getError(failing, { id: 1 })?.status, snap.getError(failing, { id: 2 }))
      return { ...params, name: 'shown' }
    },
  })
  const pending = controller.fetch(save, { id: 1 })
  expect(seen).toEqual([404, undefined])
  answer.resolve({ id: 1, name: 'ok' })
  await pending
})

test('the snapshot reads the cache as shown; throwing skips the optimistic write', async () => {
  const { store, controller } = makeStore()
  await controller.fetch(getUsers)
  const seen: unknown[] = []
  const answer = deferred<unknown>()
  const touch = new Endpoint((_p: { id: number }) => answer.promise, {
    schema: User,
    sideEffect: true,
    name: 'touch',
    getOptimisticResponse(snap: OptimisticSnapshot, params: { id: number }) {
      seen.push(snap.get(getUsers)?.length, snap.get(all)?.length)
      throw new Error('skip')
      return params
    },
  })
  const pending = controller.fetch(touch, { id: 1 })
  expect(seen).toEqual([2, 2])
  expect(store.getState().data.optimistic).toEqual([])
  answer.resolve({ id: 1, name: 'ok' })
  await pending
})

test('a record shown through its layer keeps its instance while other layers come and go', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const { rename, calls } = controlledRename()
  const first = controller.fetch(rename, { id: 1, name: 'Ada 2' })
  const second = controller.fetch(rename, { id: 2, name: 'Grace 2' })
  const select = cache.select(getUsers)
  const before = select(store.getState())?.[0]
  expect(before?.name).toBe('Ada 2')
  await Promise.resolve()
  calls[1]?.reject(new Error('conflict'))
  await expect(second).rejects.toThrow('conflict')
  const after = select(store.getState())
  expect(after?.map((u) => u.name)).toEqual(['Ada 2', 'Grace'])
  // Only record 2 changed: record 1 is the same instance.
  expect(after?.[0]).toBe(before)
  calls[0]?.resolve({ id: 1, name: 'Ada 2' })
  await first
})

test('snapshot.getResponse reads a call with its freshness, as controller.getResponse does', async () => {
  const { store, cache, controller } = makeStore()
  await controller.fetch(getUsers)
  const seen: Array<{ names?: string[]; status: unknown; expiresAt: number }> = []
  const team = new Endpoint(async (_args: { id: number }) => [], { schema: [User], name: 'team' })
  const renameFirst = new Endpoint(async (_args: { name: string }) => ({ id: 1, name: 'Server' }), {
    schema: User,
    sideEffect: true,
    name: 'renameFirst',
    getOptimisticResponse(snap: OptimisticSnapshot, { name }: { name: string }) {
      const { data, expiryStatus, expiresAt } = snap.getResponse(getUsers)
      seen.push({ names: data?.map((u) => u.name), status: expiryStatus, expiresAt })
      const unknown = snap.getResponse(team, { id: 9 })
      seen.push({
        names: unknown.data?.map((u) => u.name),
        status: unknown.expiryStatus,
        expiresAt: unknown.expiresAt,
      })
      return { id: 1, name }
    },
  })
  const expected = controller.getResponse(getUsers, store.getState())
  const pending = controller.fetch(renameFirst, { name: 'Optimistic' })
  expect(cache.select(getUsers)(store.getState())?.[0]?.name).toBe('Optimistic')
  await pending
  expect(seen).toEqual([
    { names: ['Ada', 'Grace'], status: expected.expiryStatus, expiresAt: expected.expiresAt },
    { names: undefined, status: ExpiryStatus.Invalid, expiresAt: 0 },
  ])
  expect(cache.select(getUsers)(store.getState())?.[0]?.name).toBe('Server')
})
