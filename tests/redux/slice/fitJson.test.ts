import fc from 'fast-check'
import { fitJson } from '../../../src/redux/slice/fitJson'

const size = (value: unknown) => JSON.stringify(value).length

test('what fits is kept as it is (the same value)', () => {
  const value = { message: 'short', list: [1, 2, 3] }
  expect(fitJson(value, 4096)).toBe(value)
})

test('never longer than the budget, always plain JSON, unchanged when it fits', () => {
  fc.assert(
    fc.property(
      // As serializeError passes it: JSON already (no -0).
      fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown),
      fc.integer({ min: 200, max: 3000 }),
      (value, budget) => {
        const fitted = fitJson(value, budget)
        expect(size(fitted)).toBeLessThanOrEqual(budget)
        expect(JSON.parse(JSON.stringify(fitted))).toEqual(fitted)
        if (size(value) <= budget) expect(fitted).toBe(value)
      },
    ),
    { numRuns: 500 },
  )
})

test('big values keep their start; escapes and deep nesting stay within the budget', () => {
  const quotes = '"\n\u0001'.repeat(10_000)
  const cut = fitJson(quotes, 500) as string
  expect(size(cut)).toBeLessThanOrEqual(500)
  expect(quotes.startsWith(cut.slice(0, cut.indexOf('…')))).toBe(true)

  let deep: unknown = 'x'.repeat(100_000)
  for (let i = 0; i < 500; i++) deep = { a: deep }
  expect(size(fitJson(deep, 1000))).toBeLessThanOrEqual(1000)
  expect(JSON.stringify(fitJson(deep, 1000))).toMatch(/cut/)
})

test('an object keeps its small members and names the ones it left out', () => {
  const big = 'y'.repeat(10_000)
  const value = { a: big, b: big, c: big, message: 'kept', code: 7 }
  const fitted = fitJson(value, 1000) as Record<string, unknown>
  expect(fitted.message).toBe('kept')
  expect(fitted.code).toBe(7)
  expect(Object.keys(fitted)).toEqual(['a', 'message', 'code', '(cut)'])
  expect(fitted['(cut)']).toBe('2 members left out: b, c')
})
