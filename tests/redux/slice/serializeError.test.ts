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

test('other errors with a status are read back as NetworkErrors; GraphQL errors as GraphQLErrors', () => {
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
  const custom = deserializeError(serializeError(Object.assign(new Error('x'), { status: 409 })))
  expect(custom).toBeInstanceOf(NetworkError)
  expect(custom).toMatchObject({ status: 409 })
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
