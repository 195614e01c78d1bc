/** The depth check every response goes through before it is stored (internal/depth.ts). */
import { InputTooDeepError } from 'rtk-resources'
import { MAX_DEPTH, assertNotTooDeep } from '../../src/internal/depth'

/** `levels` objects, each holding the next twice (2^levels paths, `levels` objects). */
function doubling(levels: number, leaf: unknown = 'end'): unknown {
  let value: unknown = leaf
  for (let i = 0; i < levels; i++) value = { left: value, right: value, list: [value] }
  return value
}

/** `levels` arrays, each holding the next. */
function chain(levels: number): unknown {
  let value: unknown = []
  for (let i = 1; i < levels; i++) value = [value]
  return value
}

test('cycles end, and are plain data when what they hold is', () => {
  const node: Record<string, unknown> = { id: 1 }
  node.self = node
  const a: unknown[] = []
  const b: unknown[] = [a, { leaf: true }]
  a.push(b)
  expect(assertNotTooDeep(node)).toBe(true)
  expect(assertNotTooDeep({ a, b })).toBe(true)
})

test('a shared object is walked once, however many paths reach it', () => {
  // 2^60 paths: walking each would never end.
  expect(assertNotTooDeep(doubling(60))).toBe(true)
  expect(assertNotTooDeep(doubling(60, { at: NaN }))).toBe(false)
  expect(() => assertNotTooDeep(doubling(MAX_DEPTH + 5))).toThrow(InputTooDeepError)
})

test('a leaf shared by many holders is judged wherever it is met', () => {
  const leaf = { value: 1, odd: Infinity }
  const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i, leaf }))
  expect(assertNotTooDeep(rows)).toBe(false)
  const fine = { value: 1 }
  expect(assertNotTooDeep(Array.from({ length: 1000 }, (_, i) => ({ id: i, fine })))).toBe(true)
})

test(`${MAX_DEPTH} levels are stored, one more is refused`, () => {
  expect(assertNotTooDeep(chain(MAX_DEPTH))).toBe(true)
  expect(() => assertNotTooDeep(chain(MAX_DEPTH + 1))).toThrow(InputTooDeepError)
  // A leaf object counts as a level too.
  let value: unknown = { leaf: 1 }
  for (let i = 1; i < MAX_DEPTH; i++) value = [value]
  expect(assertNotTooDeep(value)).toBe(true)
  expect(() => assertNotTooDeep([value])).toThrow(InputTooDeepError)
})

test('a wide leaf shared by many rows is walked once', () => {
  // 2,000 rows sharing one object of 5,000 members: walked once per row, 10^7 member reads.
  const shared = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))
  const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, shared }))
  let reads = 0
  const counted = new Proxy(shared, {
    get(target, key) {
      reads++
      return Reflect.get(target, key)
    },
  })
  expect(assertNotTooDeep(rows.map((row) => ({ ...row, shared: counted })))).toBe(true)
  expect(reads).toBe(5000)
})
