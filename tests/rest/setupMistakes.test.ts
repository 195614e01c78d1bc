/**
 * Common first-hour mistakes get a message that names the fix: a resource path with no param,
 * a path and urlPrefix that join badly, the body given where the params go, and something that
 * is not a store given to cache.controller, undefined given where a resource, a path or options
 * belong.
 */
import { configureStore } from '@reduxjs/toolkit'
import {
  createEntityCache,
  createResource,
  Endpoint,
  Entity,
  GQLEndpoint,
  hookifyResource,
  PathParamError,
  SchemaDefinitionError,
  SetupError,
  shortenPath,
} from 'rtk-resources'
import { thrown } from '../fixtures/tables'

class Thing extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Thing'
}

function warningsOf(make: () => unknown): string[] {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    make()
    return warn.mock.calls.map((call) => String(call[0]))
  } finally {
    warn.mockRestore()
  }
}

test('a resource path with no param, or a path and urlPrefix that join badly, warn with the fix', () => {
  expect(
    warningsOf(() =>
      createResource({ urlPrefix: 'https://api.test', path: '/things', schema: Thing }),
    ),
  ).toEqual([expect.stringContaining('"/things/:id"')])
  expect(
    warningsOf(() =>
      createResource({ urlPrefix: 'https://api.test', path: 'things/:id', schema: Thing }),
    ),
  ).toEqual([expect.stringContaining('Start the path with "/"')])
  expect(
    warningsOf(() =>
      createResource({ urlPrefix: 'https://api.test/', path: '/things/:id', schema: Thing }),
    ),
  ).toEqual([expect.stringContaining('Drop the urlPrefix\'s last "/"')])
  expect(
    warningsOf(() =>
      createResource({ urlPrefix: 'https://api.test', path: '/things/:id', schema: Thing }),
    ),
  ).toEqual([])
  // A urlPrefix ending with "/" and a path without one join well: nothing to warn about.
  const joined = createResource({
    urlPrefix: 'https://api.test/',
    path: 'things/:id',
    schema: Thing,
  })
  expect(
    warningsOf(() =>
      createResource({ urlPrefix: 'https://api.test/', path: 'things/:id', schema: Thing }),
    ),
  ).toEqual([])
  expect(joined.get.url({ id: 1 })).toBe('https://api.test/things/1')
})

test('a relative path without urlPrefix warns: the page URL would decide where requests go', () => {
  expect(warningsOf(() => createResource({ path: 'things/:id', schema: Thing }))).toEqual([
    expect.stringContaining('Start the path with "/" ("/things/:id"), or give urlPrefix.'),
  ])
  expect(warningsOf(() => createResource({ path: '/things/:id', schema: Thing }))).toEqual([])
  expect(
    warningsOf(() => createResource({ path: 'https://api.test/things/:id', schema: Thing })),
  ).toEqual([])
})

test('update given one argument with the id: the message says the argument was taken as the body', () => {
  const Things = createResource({
    urlPrefix: 'https://api.test',
    path: '/things/:id',
    schema: Thing,
  })
  const keyOf = (...args: unknown[]) =>
    (Things.partialUpdate.key as (...a: unknown[]) => string).apply(Things.partialUpdate, args)
  const error = thrown(() => keyOf({ id: 1, title: 'x' })) as PathParamError
  expect(error).toBeInstanceOf(PathParamError)
  expect(error.message).toContain('takes as the body')
  expect(error.message).toContain('endpoint({ id }, body)')
  // With two path params, the advice lists both (following it with one would fail again).
  const Nested = createResource({
    urlPrefix: 'https://api.test',
    path: '/users/:userId/things/:id',
    schema: Thing,
  })
  const nestedError = thrown(() =>
    (Nested.update.key as (...a: unknown[]) => string)({ userId: 1, id: 2, title: 'x' }),
  ) as Error
  expect(nestedError.message).toContain('endpoint({ userId, id }, body)')
  // A missing param that the one argument does not hold keeps the usual advice.
  const plain = thrown(() => keyOf({ title: 'x' })) as Error
  expect(plain.message).not.toContain('takes as the body')
})

test('cache.controller given something that is not a store throws a SetupError naming the fix', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  for (const wrong of [store.dispatch, store.getState(), {}, undefined]) {
    const error = thrown(() => cache.controller(wrong as never))
    expect(error).toMatchObject({ name: 'SetupError', code: 'bad-setup' })
    expect((error as Error).message).toContain('configureStore returns')
  }
  expect(cache.controller(store)).toBe(cache.controller(store))
})

test('a resource given schema: undefined (an Entity import read too early) throws where it is written', () => {
  const notLoaded: typeof Thing | undefined = undefined
  const error = thrown(() => createResource({ path: '/things/:id', schema: notLoaded }))
  expect(error).toBeInstanceOf(SchemaDefinitionError)
  expect((error as Error).message).toMatch(
    /"\/things\/:id" got `schema: undefined`.*circular import/s,
  )
  // Plain JavaScript (or a cast) may leave it out: the same error, saying it is missing.
  const missing = thrown(() => createResource({ path: '/things/:id' } as never))
  expect(missing).toBeInstanceOf(SchemaDefinitionError)
  expect((missing as Error).message).toMatch(/has no `schema` option/)
})

test('hookifyResource given undefined (a resource import read too early) throws a SetupError naming the cause', () => {
  const notLoaded = undefined as unknown as ReturnType<typeof createResource>
  const error = thrown(() => hookifyResource(notLoaded, () => ({})))
  expect(error).toBeInstanceOf(SetupError)
  expect((error as Error).message).toMatch(/given undefined.*circular import/s)
  const resource = createResource({ path: '/things/:id', schema: Thing })
  const noHook = thrown(() => hookifyResource(resource, undefined as never))
  expect(noHook).toBeInstanceOf(SetupError)
  expect((noHook as Error).message).toMatch(/second argument.*given undefined/s)
  // A class holding endpoints as static members is a resource too; no circular import blamed.
  class ThingApi {
    static get = resource.get
  }
  expect(Object.keys(hookifyResource(ThingApi, () => ({})))).toEqual(['useGet'])
  const text = thrown(() => hookifyResource('things' as never, () => ({})))
  expect((text as Error).message).toContain('it was given "things".')
  expect((text as Error).message).not.toContain('circular import')
})

test('shortenPath given something other than a path throws a SchemaDefinitionError', () => {
  const error = thrown(() => shortenPath(undefined as unknown as string))
  expect(error).toBeInstanceOf(SchemaDefinitionError)
  expect((error as Error).message).toContain('needs a path template')
  expect(shortenPath('/users/:userId/posts/:id')).toBe('/users/:userId/posts')
})

test('extend() without options makes a copy, for each kind of endpoint', async () => {
  const resource = createResource({ path: 'https://api.test/things/:id', schema: Thing })
  const copy = resource.get.extend(undefined as never)
  expect(copy).not.toBe(resource.get)
  expect(copy.key({ id: 1 })).toBe(resource.get.key({ id: 1 }))
  expect(copy.url({ id: 1 })).toBe('https://api.test/things/1')
  const plain = new Endpoint(async ({ id }: { id: number }) => ({ id }), { name: 'plainThing' })
  const plainCopy = plain.extend(undefined as never)
  expect(plainCopy.key({ id: 1 })).toBe(plain.key({ id: 1 }))
  expect(await plainCopy({ id: 2 })).toEqual({ id: 2 })
  const gql = new GQLEndpoint('https://api.test/graphql')
  expect(gql.extend(undefined as never).url).toBe('https://api.test/graphql')
})
