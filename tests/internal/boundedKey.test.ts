import {
  boundedKey,
  boundedParams,
  boundedPart,
  MAX_KEY_LENGTH,
  MAX_PART_LENGTH,
} from '../../src/internal/boundedKey'

test('a key up to the limit is kept as it is', () => {
  const key = `GET https://api.example.com/items?q=${'a'.repeat(MAX_KEY_LENGTH - 40)}`
  expect(key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH)
  expect(boundedKey(key)).toBe(key)
})

test('a longer key keeps its start, says its length and hash, and is exactly the limit long', () => {
  const key = `GET https://api.example.com/items/${'z'.repeat(1_000_000)}`
  const bounded = boundedKey(key)
  expect(bounded).toHaveLength(MAX_KEY_LENGTH)
  expect(bounded.startsWith('GET https://api.example.com/items/zzz')).toBe(true)
  expect(bounded).toMatch(/… \(1000034 chars, hash [0-9a-f]{16}\)$/)
  expect(boundedKey(key)).toBe(bounded)
})

test('long keys that differ only past the cut, or only in one character, stay distinct', () => {
  const base = 'x'.repeat(10_000)
  const variants = [
    `${base}a`,
    `${base}b`,
    `${base}ab`,
    `${base}ba`,
    `a${base}`.slice(1) + 'c',
    `${base.slice(0, 5_000)}y${base.slice(5_001)}a`,
  ]
  const keys = new Set(variants.map(boundedKey))
  expect(keys.size).toBe(variants.length)
})

test('the cut never splits a surrogate pair', () => {
  for (let shift = 0; shift < 4; shift++) {
    const key = `${'a'.repeat(shift)}${'😀'.repeat(5_000)}`
    const bounded = boundedKey(key)
    const start = bounded.slice(0, bounded.indexOf('…'))
    // No high surrogate left without its low half at the end of the kept start.
    expect(/[\uD800-\uDBFF]$/.test(start)).toBe(false)
    expect([MAX_KEY_LENGTH - 1, MAX_KEY_LENGTH]).toContain(bounded.length)
  }
})

test('boundedPart shortens one part; boundedParams the long values of params, nothing else', () => {
  expect(boundedPart('short')).toBe('short')
  const long = 'v'.repeat(MAX_PART_LENGTH + 1)
  expect(boundedPart(long)).toHaveLength(MAX_PART_LENGTH)
  const params = { id: 7, q: long, tags: ['a', long], short: 'x' }
  const bounded = boundedParams(params) as typeof params
  expect(bounded).toEqual({
    id: 7,
    q: boundedPart(long),
    tags: ['a', boundedPart(long)],
    short: 'x',
  })
  expect(params.q).toBe(long) // the caller's params are not changed
  const plain = { id: 1, q: 'x' }
  expect(boundedParams(plain)).toBe(plain)
})
