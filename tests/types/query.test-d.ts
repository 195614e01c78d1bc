import { expectTypeOf } from 'expect-type'
import { Entity, Query, schema } from 'rtk-resources'
class U extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'U'
}
class P extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'P'
}
const all = new Query(new schema.All(U))
expectTypeOf(all).toEqualTypeOf<Query<schema.All<typeof U>, any[], U[]>>()
const one = new Query(U)
const union = new Query(new schema.Union({ u: U, p: P }, 'type'))
const obj = new Query({ users: new schema.All(U) }, (e) => e.users.length)
expectTypeOf(obj.process).returns.toEqualTypeOf<number>()
// @ts-expect-error a list
new Query([U])
// @ts-expect-error schema.Array
new Query(new schema.Array(U))
// @ts-expect-error schema.Values
new Query(new schema.Values(U))
// @ts-expect-error schema.Delete
new Query(new schema.Delete(U))
void one
void union
