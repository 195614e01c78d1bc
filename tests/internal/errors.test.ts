/**
 * The errors raised while storing a response carry `status` 400 (data-client: a response of the
 * wrong shape for its schema rejects with a status above 399), keeping their class, code and
 * message.
 */
import {
  Entity,
  EntityValidationError,
  InputTooDeepError,
  MissingPrimaryKeyError,
  normalize,
  PathParamError,
  SchemaDefinitionError,
  SetupError,
  UnexpectedResponseError,
  UnusableResponseError,
} from 'rtk-resources'
import { thrown } from '../fixtures/tables'

class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
  static validate(record: Record<string, unknown>) {
    return typeof record.name === 'string' ? undefined : 'name must be a string'
  }
}

test.each([
  ['a record without a pk', {}, MissingPrimaryKeyError, 'missing-pk'],
  ['a record failing validate', { id: 1, name: 7 }, EntityValidationError, 'invalid-entity'],
  ['a number where an object is expected', 5, UnexpectedResponseError, 'unexpected-response'],
  ['a string where an object is expected', 'hi', UnexpectedResponseError, 'unexpected-response'],
] as const)('%s: status 400, same class, code and message', (_what, input, Class, code) => {
  const error = thrown(() => normalize(User, input)) as Error & { status?: number; code?: string }
  expect(error).toBeInstanceOf(Class)
  expect(error.code).toBe(code)
  expect(error.status).toBe(400)
  expect(error.message).not.toMatch(/\b400\b/)
  expect(error.message).toContain(`docs/errors.md#${code}`)
  expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: Class.name, code, status: 400 })
})

test('too deep: status 400 too, whichever way it was found', () => {
  expect(new InputTooDeepError(undefined, 1000)).toMatchObject({ code: 'too-deep', status: 400 })
  expect(new InputTooDeepError(new RangeError('stack'))).toMatchObject({ status: 400 })
})

test('unusable-response: status 400, the key and the reason, a fix per reason', () => {
  const incomplete = new UnusableResponseError('getBook [{"id":1}]', 'incomplete')
  const missing = new UnusableResponseError('getBook [{"id":1}]', 'missing')
  expect(incomplete).toMatchObject({ code: 'unusable-response', status: 400, reason: 'incomplete' })
  expect(incomplete.message).toContain('getBook')
  expect(incomplete.message).toContain('validate()')
  expect(missing.message).toContain('process()')
  expect(missing.message).toContain('docs/errors.md#unusable-response')
  expect(JSON.parse(JSON.stringify(missing))).toMatchObject({
    name: 'UnusableResponseError',
    key: 'getBook [{"id":1}]',
    reason: 'missing',
    status: 400,
  })
})

test('errors not about a response have no status', () => {
  for (const error of [
    new SchemaDefinitionError('bad'),
    new SetupError('bad'),
    new PathParamError('/users/:id', 'id', 'missing', undefined),
  ]) {
    expect(error).not.toHaveProperty('status')
  }
})
