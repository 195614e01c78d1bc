import { Endpoint, SchemaDefinitionError } from 'rtk-resources'

test('endpoints of anonymous functions get distinct names, so their keys never collide', () => {
  // Their default keys warn (no name); see anonymousNames.test.ts.
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  const a = new Endpoint(async () => 1)
  const b = new Endpoint(async () => 2)
  expect(a.name).not.toBe(b.name)
  expect(a.key()).not.toBe(b.key())
  const named = new Endpoint(async function getTodo() {
    return 3
  })
  expect(named.name).toBe('getTodo')
  expect(named.extend({ sideEffect: true }).name).toBe('getTodo')
  warn.mockRestore()
})

test('new Endpoint without a function (a circular import) throws where it is written, naming what it needs', () => {
  // Before: a bare TypeError from deep inside ("reading 'name'").
  const make = () => new Endpoint(undefined as any)
  expect(make).toThrow(SchemaDefinitionError)
  expect(make).toThrow(/takes the function that makes the request.*circular import/s)
})
