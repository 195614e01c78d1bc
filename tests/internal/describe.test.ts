import { runInNewContext } from 'node:vm'
import { clipText, describeValue } from '../../src/internal/describe'

test('a class or function is named, never printed as its source', () => {
  class Thing {
    secret = 'source text'
  }
  expect(describeValue(Thing)).toBe('class Thing')
  expect(describeValue(function load() {})).toBe('function load')
  expect(describeValue(() => 1)).toMatch(/^function /)
  // A name that cannot be read does not make the description throw.
  const odd = Object.defineProperty(() => 1, 'name', {
    get() {
      throw new Error('no name')
    },
  })
  expect(describeValue(odd)).toBe('a function')
})

test('an Error, of this realm or another, by its name and message (JSON would give {})', () => {
  expect(describeValue(new RangeError('too far'))).toBe('RangeError: too far')
  expect(describeValue(runInNewContext('new TypeError("boom")'))).toBe('TypeError: boom')
})

test('clipText keeps short text, and cuts long text with its length, never between a surrogate pair', () => {
  expect(clipText('short', 10)).toBe('short')
  expect(clipText('x'.repeat(12), 10)).toBe('xxxxxxxxxx…(12 characters)')
  expect(clipText(`${'x'.repeat(9)}😀tail`, 10)).toBe('xxxxxxxxx…(15 characters)')
})
