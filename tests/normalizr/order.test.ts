/**
 * The engine's order of writes to one record (normalizr/order.ts), without a store: reads and
 * mutations by their starts, except a read against a mutation's answer, which counts from when
 * that answer arrived (`confirmedAt`).
 */
import type { EntityMeta } from 'rtk-resources'
import { Entity, createPlainSource, normalize, schema } from 'rtk-resources'

class Todo extends Entity {
  id = 0
  title = ''
  done = false
  pk() {
    return this.id
  }
  static key = 'Todo'
}

/** Tables holding todo 1 as written by a request with `meta`. */
function stored(meta: EntityMeta, deleted = false) {
  return createPlainSource({
    entities: deleted ? {} : { Todo: { '1': { id: 1, title: 'mutated', done: true } } },
    entitiesMeta: { Todo: { '1': deleted ? { ...meta, deleted: true } : meta } },
  })
}
const mutation: EntityMeta = { fetchedAt: 10, confirmedAt: 20, date: 20, expiresAt: 99 }
const read = (fetchedAt: number) => ({ fetchedAt, date: fetchedAt + 1 })
const readAnswer = { id: 1, title: 'read', done: false, extra: 'only in the read' }

test('a read that started before the mutation was confirmed does not overwrite it', () => {
  const out = normalize(Todo, readAnswer, [], stored(mutation), read(15))
  expect(out.entities.Todo?.['1']).toEqual({ ...readAnswer, title: 'mutated', done: true })
  expect(out.entitiesMeta.Todo?.['1']).toBe(mutation)
})

test('a read that started after the confirmation wins', () => {
  const out = normalize(Todo, readAnswer, [], stored(mutation), read(21))
  expect(out.entities.Todo?.['1']).toEqual(readAnswer)
  expect(out.entitiesMeta.Todo?.['1']).toEqual({
    fetchedAt: 21,
    date: 22,
    expiresAt: expect.any(Number),
  })
})

test("a mutation's answer wins over a read that started after the mutation but before its answer", () => {
  const readMeta = { fetchedAt: 15, date: 16, expiresAt: 99 }
  const out = normalize(Todo, { id: 1, done: true }, [], stored(readMeta), {
    fetchedAt: 10,
    confirmedAt: 20,
    date: 20,
  })
  expect(out.entities.Todo?.['1']).toEqual({ id: 1, title: 'mutated', done: true })
  expect(out.entitiesMeta.Todo?.['1']?.confirmedAt).toBe(20)
})

test('two mutations are ordered by their starts, not by their answers', () => {
  const older = { fetchedAt: 5, confirmedAt: 30, date: 30 }
  const out = normalize(Todo, { id: 1, title: 'older' }, [], stored(mutation), older)
  expect(out.entities.Todo?.['1']?.title).toBe('mutated')
  expect(out.entitiesMeta.Todo?.['1']).toBe(mutation)
})

test('a tombstone holds against reads started before the delete was confirmed, not after', () => {
  const tombstone = stored(mutation, true)
  expect(normalize(Todo, readAnswer, [], tombstone, read(15)).entities).toEqual({})
  expect(normalize(Todo, readAnswer, [], tombstone, read(21)).entities.Todo?.['1']).toEqual(
    readAnswer,
  )
})

test('a delete confirmed after a read that started during it removes the record', () => {
  const readMeta = { fetchedAt: 15, date: 16, expiresAt: 99 }
  const out = normalize(new schema.Delete(Todo), { id: 1 }, [], stored(readMeta), {
    fetchedAt: 10,
    confirmedAt: 20,
    date: 20,
  })
  expect(out.entitiesMeta.Todo?.['1']).toMatchObject({ deleted: true, confirmedAt: 20 })
})
