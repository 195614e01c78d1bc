/**
 * The schema classes are exported under the names editors show for them too (`AllSchema`, ...):
 * the very classes of the `schema` namespace, usable as values as well as types.
 */
import {
  AllSchema,
  ArraySchema,
  DeleteEntitySchema,
  ObjectSchema,
  UnionSchema,
  ValuesSchema,
  schema,
} from 'rtk-resources'
import { User } from '../fixtures/entities'

test('each class named as editors show it is the namespace member', () => {
  expect(AllSchema).toBe(schema.All)
  expect(ArraySchema).toBe(schema.Array)
  expect(DeleteEntitySchema).toBe(schema.Delete)
  expect(ObjectSchema).toBe(schema.Object)
  expect(UnionSchema).toBe(schema.Union)
  expect(ValuesSchema).toBe(schema.Values)
  expect(new AllSchema(User)).toBeInstanceOf(schema.All)
})
