/**
 * The default copies of `Entity.process` and `Entity.merge` (recordCopy.ts): object spreads at a
 * copy site per class, with what a single spread gives.
 */
import fc from 'fast-check'
import { Entity } from 'rtk-resources'
import { copyRecord, copySiteOf, mergeRecords } from '../../src/schema/recordCopy'
import { haveSameMapFunction } from '../fixtures/hiddenClasses'

/** A class of its own for each call (a copy site is given per class). */
function newEntityClass(key: string) {
  return class extends Entity {
    id = ''
    pk() {
      return this.id
    }
    static key = key
  }
}

/** Member names a record may have: dangerous ones and integer-like ones (ordered first). */
const memberName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', '0', '7', '10', '-1', 'id'),
  fc.string({ maxLength: 6 }),
)
/** A record as JSON.parse makes it (an own `__proto__` member stays data). */
const record = fc
  .array(fc.tuple(memberName, fc.jsonValue()), { maxLength: 10 })
  .map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries))) as object)

test('process and merge give what a single object spread gives: members, order, prototype', () => {
  const Book = newEntityClass('Book')
  fc.assert(
    fc.property(record, record, (a, b) => {
      const copy = Book.process(a, undefined, undefined, []) as object
      expect(copy).not.toBe(a)
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
      expect(Reflect.ownKeys(copy)).toEqual(Reflect.ownKeys({ ...a }))
      expect(JSON.stringify(copy)).toBe(JSON.stringify({ ...a }))
      const merged = Book.merge(a as never, b as never)
      expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
      expect(Reflect.ownKeys(merged)).toEqual(Reflect.ownKeys({ ...a, ...b }))
      expect(JSON.stringify(merged)).toBe(JSON.stringify({ ...a, ...b }))
    }),
  )
})

test('an own __proto__ member is copied as data and changes no prototype', () => {
  const Book = newEntityClass('Book')
  const input = JSON.parse('{"id":"x","__proto__":{"polluted":true}}') as object
  for (const made of [
    copyRecord(Book, input),
    mergeRecords(Book, { id: 'x' }, input),
    mergeRecords(Book, input, { id: 'y' }),
  ]) {
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype)
    expect(Object.prototype.hasOwnProperty.call(made, '__proto__')).toBe(true)
    expect((made as { polluted?: unknown }).polluted).toBeUndefined()
  }
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
})

test('sixteen classes get sixteen copy sites; a class keeps its site; the seventeenth shares one', () => {
  const classes = Array.from({ length: 17 }, (_, i) => newEntityClass(`Site${i}`))
  const sites = classes.map((cls) => copySiteOf(cls))
  expect(new Set(sites.slice(0, 16)).size).toBe(16)
  expect(sites.slice(0, 16)).toContain(sites[16])
  expect(copySiteOf(classes[3]!)).toBe(sites[3])
  // The copies themselves: one function per site, none shared between two sites.
  const copiers = new Set(sites.slice(0, 16).flatMap((site) => [site[0], site[1]]))
  expect(copiers.size).toBe(32)
})

test('a subclass and its parent copy at sites of their own, with the same result', () => {
  const Book = newEntityClass('Book')
  class PaperBook extends Book {
    static key = 'PaperBook'
  }
  expect(copySiteOf(PaperBook)).not.toBe(copySiteOf(Book))
  expect(PaperBook.process({ id: 'p', pages: 3 }, undefined, undefined, [])).toEqual({
    id: 'p',
    pages: 3,
  })
})

test('frozen records are copied at a site of their own, so they do not slow the class down', () => {
  // V8 copies a frozen object only on its slow path, and a spread site that has seen one copies
  // everything that way from then on (a hidden class of another layout: %HaveSameMap says).
  const haveSameMap = haveSameMapFunction()
  const Book = newEntityClass('Book')
  const input = (i: number) => ({ id: `b${i}`, title: 't', pages: i })
  const copy = (i: number) => Book.process(input(i), undefined, undefined, []) as object
  // Once V8 has learned the site (the first copies take another path), a copy's hidden class.
  const learned = Array.from({ length: 50 }, (_, i) => copy(i))[49]!
  const frozen = Array.from({ length: 100 }, (_, i) => Object.freeze(input(100 + i)))
  for (const record of frozen) Book.process(record, undefined, undefined, [])
  const fromFrozen = Book.process(frozen[0], undefined, undefined, []) as object
  const mergedFrozen = Book.merge(frozen[1] as never, input(6) as never)
  const after = [7, 8, 9].map(copy)
  for (const made of after) expect(haveSameMap(made, learned)).toBe(true)
  // The copies of frozen records are ordinary records.
  for (const made of [fromFrozen, mergedFrozen]) {
    expect(Object.isFrozen(made)).toBe(false)
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype)
  }
  expect(fromFrozen).toEqual(input(100))
  expect(mergedFrozen).toEqual(input(6))
})

test('process and merge called without a class still copy (a spread with no class of its own)', () => {
  const { process: copy, merge } = Entity
  expect(copy({ id: 'a', n: 1 }, undefined, undefined, [])).toEqual({ id: 'a', n: 1 })
  expect(merge({ id: 'a', n: 1 }, { n: 2 })).toEqual({ id: 'a', n: 2 })
  expect(
    [{ a: 1 }, { b: 2 }, { a: 3 }].reduce<Record<string, unknown>>(
      (all, one) => Entity.merge.call(undefined, all, one),
      {},
    ),
  ).toEqual({
    a: 3,
    b: 2,
  })
})
