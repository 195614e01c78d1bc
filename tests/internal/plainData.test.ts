/** What a response holding more than JSON data is stored as: what JSON.stringify would write. */
import { runInNewContext } from 'node:vm'
import { assertNotTooDeep } from '../../src/internal/depth'
import { plainMembers, toPlainData } from '../../src/internal/plainData'

class Money {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
}

test('JSON data is reported plain, and anything else is not', () => {
  expect(assertNotTooDeep({ a: [1, 'x', null, true, { b: 2 }] })).toBe(true)
  // JSON leaves an undefined member out and writes null for an undefined item: not as it stands.
  expect(assertNotTooDeep({ a: [{ b: undefined }] })).toBe(false)
  expect(assertNotTooDeep([1, undefined])).toBe(false)
  expect(toPlainData({ a: [{ b: undefined }, undefined] })).toStrictEqual({ a: [{}, null] })
  expect(assertNotTooDeep(runInNewContext('({ a: [{ b: 1 }] })'))).toBe(true)
  expect(assertNotTooDeep(Object.create(null))).toBe(true)
  expect(assertNotTooDeep('text')).toBe(true)
  for (const odd of [new Date(0), new Money(1, 'EUR'), () => 1, Symbol('s'), 1n, new Map()]) {
    expect(assertNotTooDeep(odd)).toBe(false)
    expect(assertNotTooDeep({ nested: [{ odd }] })).toBe(false)
  }
})

test('the copy is what JSON.stringify writes, as objects', () => {
  const input = {
    at: new Date('2021-01-01T00:00:00.000Z'),
    invalid: new Date(NaN),
    price: new Money(5, 'EUR'),
    items: [new Date(0), () => 1, Symbol('s'), undefined],
    fn: () => 1,
    gone: undefined,
    custom: { toJSON: () => ({ kind: 'custom' }) },
    set: new Set([1]),
    plain: { a: 1 },
  }
  expect(toPlainData(input)).toEqual(JSON.parse(JSON.stringify(input)))
  expect(toPlainData({ big: 12345678901234567890n })).toEqual({ big: '12345678901234567890' })
})

test('shared objects stay shared and cycles stay cyclic; __proto__ stays a member', () => {
  const shared = new Money(1, 'EUR')
  const node: Record<string, unknown> = { id: 1, at: new Date(0), price: shared, again: shared }
  node.self = node
  const copy = toPlainData(node) as Record<string, unknown>
  expect(copy.self).toBe(copy)
  expect(copy.price).toBe(copy.again)
  expect(copy.at).toBe('1970-01-01T00:00:00.000Z')
  const keyed = JSON.parse('{"__proto__": {"polluted": true}, "when": 0}') as object
  const withDate = toPlainData({ ...keyed, date: new Date(0) }) as Record<string, unknown>
  expect(Object.getPrototypeOf(withDate)).toBe(Object.prototype)
  expect(Object.keys(withDate)).toEqual(['__proto__', 'when', 'date'])
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})

test('the copy is made without recursion: 100,000 levels deep, as JSON would have them', () => {
  let deep: unknown = { at: new Date(0), n: NaN }
  for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? [deep] : { child: deep }
  let copy = toPlainData(deep)
  for (let i = 99_999; i >= 0; i--) {
    copy = i % 2 === 0 ? (copy as unknown[])[0] : (copy as { child: unknown }).child
  }
  expect(copy).toEqual({ at: '1970-01-01T00:00:00.000Z', n: null })
})

test('toJSON is asked once per value, as JSON.stringify asks it', () => {
  // What toJSON returns is written as it is: a Date it returns is an object of no members.
  const input = { a: { toJSON: () => new Date(0) }, b: { toJSON: () => ({ c: new Date(0) }) } }
  expect(toPlainData(input)).toEqual(JSON.parse(JSON.stringify(input)))
  expect(toPlainData(input)).toEqual({ a: {}, b: { c: '1970-01-01T00:00:00.000Z' } })
})

test('plainMembers follows a schema that names itself a bounded number of levels', () => {
  // Replies nested in replies, described by one object schema that names itself.
  const thread: Record<string, unknown> = {}
  thread.replies = [thread]
  const near = plainMembers({ thread: { text: 'x', score: NaN } }, { thread })
  expect(near.thread).toEqual({ text: 'x', score: null })
  // 20,000 levels: followed only so far, and no stack overflow.
  let deep: Record<string, unknown> = { text: 'leaf' }
  for (let i = 0; i < 20_000; i++) deep = { text: `${i}`, replies: [deep] }
  const record = { id: 1, thread: deep }
  expect(plainMembers(record, { thread })).toBe(record)
})
