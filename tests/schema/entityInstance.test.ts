/**
 * An Entity instance (`new User()`) written where the class belongs is refused with a
 * SchemaDefinitionError naming the class: its fields are data, not schemas, and before it was
 * refused, responses were stored unnormalized and read back as plain objects, without a word.
 */
import {
  createResource,
  Entity,
  MemoCache,
  normalize,
  schema,
  SchemaDefinitionError,
} from 'rtk-resources'
import { User } from '../fixtures/entities'
import { thrown, write } from '../fixtures/tables'

const fix = /instance of User \(new User\(\)\), where the class belongs: pass User itself/

function expectRefused(run: () => unknown) {
  const error = thrown(run)
  expect(error).toBeInstanceOf(SchemaDefinitionError)
  expect((error as Error).message).toMatch(fix)
}

test('createResource refuses it where the resource is written', () => {
  expectRefused(() => createResource({ path: '/users/:id', schema: new User() as never }))
})

test('schema.All, Values, Union and Array refuse it where they are written', () => {
  expectRefused(() => new schema.All(new User() as never))
  expectRefused(() => new schema.Values(new User() as never))
  expectRefused(() => new schema.Array(new User() as never))
})

test('a member of a static schema, a list shorthand or an object schema: normalizing and reading throw', () => {
  class Post extends Entity {
    id = 0
    pk() {
      return this.id
    }
    static key = 'Post'
    static schema = { author: new User() as never }
  }
  expectRefused(() => normalize(Post, { id: 1, author: { id: 2 } }))
  expectRefused(() => normalize([new User()], [{ id: 1 }]))
  expectRefused(() => normalize({ data: new User() }, { data: { id: 1 } }))
  const { source } = write(User, { id: 1 })
  expectRefused(() => new MemoCache().denormalize({ data: new User() }, { data: '1' }, source))
})

test('a plain-object schema or mapping with a member named constructor is a schema, not an instance', () => {
  const { result } = normalize({ constructor: User }, { constructor: { id: 1 } })
  expect(result).toEqual({ constructor: 1 })
  const byKind = new schema.Union({ constructor: User }, 'kind')
  expect(normalize([byKind], [{ id: 2, kind: 'constructor' }]).entities.User).toBeDefined()
  expect(() =>
    createResource({ path: '/users/:id', schema: { constructor: User } as never }),
  ).not.toThrow()
})
