/** Deep equality as JSON sees it: a member holding `undefined` counts as absent. */
import { jsonEqual } from '../../src/internal/jsonEqual'

test('members holding undefined count as absent, on either side; array items do not', () => {
  expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true)
  expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true)
  expect(jsonEqual({ a: { b: undefined, c: [1] } }, { a: { c: [1] } })).toBe(true)
  expect(jsonEqual({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(true)
  expect(jsonEqual({ a: 1, b: undefined }, { a: 1, b: 2 })).toBe(false)
  expect(jsonEqual({ a: 1, b: undefined }, { a: 2 })).toBe(false)
  expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false)
  expect(jsonEqual([1, undefined], [1])).toBe(false)
  expect(jsonEqual([1, undefined], [1, null])).toBe(false)
})
