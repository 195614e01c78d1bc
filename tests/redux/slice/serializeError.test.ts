/**
 * Errors as plain data and back: the `status` 400 of the errors raised while storing a response
 * is kept, and reading them back keeps their `code` (they are not NetworkErrors).
 */
import { Entity, GraphQLError, NetworkError, normalize } from 'rtk-resources'
import { deserializeError, serializeError } from '../../../src/redux/slice/serializeError'
import { thrown } from '../../fixtures/tables'

class User extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'User'
}

test('an error raised while storing a response keeps status, code and name', () => {
  const error = thrown(() => normalize(User, {})) as Error
  const plain = serializeError(error)
  expect(plain).toMatchObject({ name: 'MissingPrimaryKeyError', code: 'missing-pk', status: 400 })
  expect(JSON.parse(JSON.stringify(plain))).toEqual(plain)
  const read = deserializeError(plain)
  expect(read).not.toBeInstanceOf(NetworkError)
  expect(read).toMatchObject({ name: 'MissingPrimaryKeyError', code: 'missing-pk', status: 400 })
  expect(read.message).toBe(error.message)
  expect(deserializeError(plain)).toBe(read)
})

test('NetworkErrors and GraphQL errors are read back as such; an app error with a status as itself', () => {
  const network = deserializeError(serializeError(new NetworkError(404, 'Not Found')))
  expect(network).toBeInstanceOf(NetworkError)
  expect(network).toMatchObject({ status: 404, code: 'network' })
  const thrown = new GraphQLError(200, [{ message: 'no', path: ['user'] }])
  const graphql = deserializeError(serializeError(thrown))
  expect(graphql).toBeInstanceOf(GraphQLError)
  expect(graphql).toMatchObject({
    name: 'GraphQLError',
    code: 'graphql',
    status: 200,
    errors: [{ message: 'no', path: ['user'] }],
  })
  expect(graphql.message).toBe(thrown.message)
  // An app's own error that carries a status is not made a network failure (`code` would lie).
  class ValidationError extends Error {
    name = 'ValidationError'
    status = 422
    fields = ['title']
  }
  const custom = deserializeError(serializeError(new ValidationError('title is required')))
  expect(custom).not.toBeInstanceOf(NetworkError)
  expect(custom).toBeInstanceOf(Error)
  expect(custom).toMatchObject({ name: 'ValidationError', status: 422, fields: ['title'] })
  expect((custom as { code?: unknown }).code).toBeUndefined()
  // A NetworkError recorded by a version that kept no `code` is still one.
  const older = deserializeError({ name: 'NetworkError', message: '503', status: 503 })
  expect(older).toBeInstanceOf(NetworkError)
})

test('anything thrown is recorded without throwing, as far as it can be read', () => {
  const nullProto = Object.assign(Object.create(null) as object, { code: 'E_VALIDATION' })
  expect(serializeError(nullProto)).toEqual({
    name: 'Error',
    message: '[object Object]',
    code: 'E_VALIDATION',
  })
  const getters = {
    get message(): string {
      throw new Error('getter')
    },
    status: 409,
  }
  expect(serializeError(getters)).toEqual({
    name: 'Error',
    message: '[object Object]',
    status: 409,
  })
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  expect(serializeError(proxy)).toEqual({
    name: 'Error',
    message: '[a value that cannot be printed]',
  })
})

test('a record read back in this process is the error itself, unless it had to be cut', () => {
  const small = Object.assign(new Error('nope'), { status: 404 })
  expect(deserializeError(serializeError(small))).toBe(small)
  const big = Object.assign(new Error('too much'), { body: 'x'.repeat(10_000) })
  const rebuilt = deserializeError(serializeError(big))
  expect(rebuilt).not.toBe(big)
  expect(String((rebuilt as Error & { body: string }).body)).toMatch(/\[cut: [\d,]+ characters\]$/)
  // A record read back from JSON is made again, from its data.
  const copy = JSON.parse(JSON.stringify(serializeError(small))) as ReturnType<
    typeof serializeError
  >
  expect(deserializeError(copy)).not.toBe(small)
  expect(deserializeError(copy)).toMatchObject({ message: 'nope', status: 404 })
})
