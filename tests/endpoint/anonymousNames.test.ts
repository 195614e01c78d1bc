/**
 * Unnamed endpoints get names that do not depend on construction order, so a persisted state or
 * an SSR payload keys the same call the same way in another process.
 */
import type { Endpoint as EndpointClass } from 'rtk-resources'

type EndpointModule = { Endpoint: typeof EndpointClass }

/** A fresh copy of the library (as in another process), with endpoints made in `order`. */
function keysInFreshProcess(order: Array<'a' | 'b'>): Record<string, string> {
  let keys: Record<string, string> = {}
  jest.isolateModules(() => {
    const { Endpoint } = jest.requireActual<EndpointModule>('rtk-resources')
    const made = {
      a: () => new Endpoint(async ({ id }: { id: number }) => ({ id, kind: 'a' })),
      b: () => new Endpoint(async ({ id }: { id: number }) => ({ id, kind: 'b' })),
    }
    keys = {}
    for (const which of order) keys[which] = made[which]().key({ id: 1 })
  })
  return keys
}

let warn: jest.SpyInstance
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => warn.mockRestore())

test('the same code gives the same keys whatever order endpoints are made in', () => {
  const first = keysInFreshProcess(['a', 'b'])
  const second = keysInFreshProcess(['b', 'a'])
  expect(second.a).toBe(first.a)
  expect(second.b).toBe(first.b)
  expect(first.a).not.toBe(first.b)
  expect(first.a).toMatch(/^anonymous-[0-9a-f]{8} \[\{"id":1\}\]$/)
})

test('using the default key of an unnamed endpoint warns once, in development', () => {
  const { Endpoint } = jest.requireActual<EndpointModule>('rtk-resources')
  const unnamed = new Endpoint(async () => 'warn-me')
  unnamed.key()
  unnamed.key()
  const about = warn.mock.calls.filter(([text]) => String(text).includes(unnamed.name))
  expect(about).toHaveLength(1)
  expect(String(about[0]?.[0])).toContain('Pass a name')
  warn.mockClear()
  new Endpoint(async () => 'named', { name: 'getNamed' }).key()
  new Endpoint(async function getTodo() {
    return 1
  }).key()
  new Endpoint(async () => 'custom key', { key: () => 'mine' }).key()
  expect(warn).not.toHaveBeenCalled()
})

test('two anonymous functions with the same source text (a factory) warn that they share keys', () => {
  const { Endpoint } = jest.requireActual<EndpointModule>('rtk-resources')
  const urls = ['/a', '/b']
  const endpoints = urls.map((url) => new Endpoint(async () => url))
  expect(endpoints[0]?.name).toBe(endpoints[1]?.name)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Give each endpoint its own `name`'))
})
