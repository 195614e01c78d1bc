import { Endpoint } from 'rtk-resources'
import { stableStringify } from '../../src/internal/stableStringify'

test('members are sorted, so equal args give equal keys', () => {
  expect(stableStringify({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}')
  expect(stableStringify(undefined)).toBe('undefined')
})

test('args that contain themselves: a TypeError naming the member, not a stack overflow', () => {
  const filter: Record<string, unknown> = { q: 'x' }
  filter.self = { back: filter }
  expect(() => stableStringify([filter])).toThrow(TypeError)
  expect(() => stableStringify([filter])).toThrow(/`\[0\]\.self\.back` refers back/)
  const search = new Endpoint(async (_filter: object) => [], { name: 'search' })
  expect(() => search.key(filter)).toThrow(/contain themselves/)
})
