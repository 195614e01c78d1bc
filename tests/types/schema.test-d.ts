import { expectTypeOf } from 'expect-type'
import type { Denormalize, Normalize } from 'rtk-resources'
import { normalize, schema } from 'rtk-resources'
import type {
  AllSchema,
  DeleteEntitySchema,
  ExtraMembers,
  PassThrough,
  ListSearch,
  ResourceMember,
  RestEndpoint,
  RestGenerics,
  UnionSchema,
  ValuesSchema,
} from 'rtk-resources'
import { createResource } from 'rtk-resources'
import { Post, User, pets } from '../fixtures/entities'

expectTypeOf<Denormalize<typeof User>>().toEqualTypeOf<User>()
expectTypeOf<Denormalize<DateConstructor>>().toEqualTypeOf<Date>()
expectTypeOf<Denormalize<(typeof Post)[]>>().toEqualTypeOf<Post[]>()
const page = { results: [Post], nextPage: '' }
expectTypeOf<Denormalize<typeof page>>().toEqualTypeOf<{ results: Post[]; nextPage: string }>()
const values = new schema.Values(User)
expectTypeOf<Denormalize<typeof values>>().toEqualTypeOf<Record<string, User>>()
const all = new schema.All(User)
expectTypeOf<Denormalize<typeof all>>().toEqualTypeOf<User[]>()
const union = new schema.Union(pets, 'type')
expectTypeOf<Denormalize<typeof union>>().toEqualTypeOf<
  InstanceType<(typeof pets)['cat' | 'dog']>
>()
// A schema attribute function as data-client types it (`key: string`), or as it is called
// (`key` is `undefined` at the top of a response): both compile; its result names a member.
void new schema.Union(pets, (value: { type: string }, _parent: unknown, key: string) =>
  key === 'x' ? 'cat' : value.type,
)
void new schema.Values(
  pets,
  (value: { type: string }, _parent: unknown, key?: string) => key ?? value.type,
)
// @ts-expect-error the attribute names a member: a string, not a number
void new schema.Union(pets, (_value: unknown) => 1)
const del = new schema.Delete(User)
expectTypeOf<Denormalize<typeof del>>().toEqualTypeOf<User | undefined>()
// A Union's deletion reads as one of its members, or nothing.
const unionDelete = new schema.Delete(union)
expectTypeOf<Denormalize<typeof unionDelete>>().toEqualTypeOf<
  InstanceType<(typeof pets)['cat' | 'dog']> | undefined
>()
// @ts-expect-error schema.Delete takes an Entity class or a Union, not a list
void new schema.Delete([User])
// @ts-expect-error a User is not a Post
expectTypeOf<Denormalize<typeof User>>().toEqualTypeOf<Post>()

// Field conversions read as what they make: a class as its instance, a function as its result.
class Money {
  constructor(readonly text: string) {}
}
const converted = {
  total: Money,
  count: Number,
  big: BigInt,
  at: (s: string) => ({ parsed: s }),
  when: Date,
}
expectTypeOf<Denormalize<typeof converted>>().toEqualTypeOf<{
  total: Money
  count: number
  big: bigint
  at: { parsed: string }
  when: Date
}>()

// schema.Entity(Base, options) as a base class: instances keep Base's fields and get pk().
class Book {
  isbn = ''
  title = ''
}
class BookEntity extends schema.Entity(Book, { pk: 'isbn', process: (input: any) => input }) {}
expectTypeOf<BookEntity['title']>().toEqualTypeOf<string>()
expectTypeOf(BookEntity.key).toEqualTypeOf<string>()
expectTypeOf<Denormalize<typeof BookEntity>>().toEqualTypeOf<BookEntity>()
expectTypeOf(new (class extends BookEntity {})().pk()).toEqualTypeOf<string | number | undefined>()
// @ts-expect-error a pk option must name a field of the class
schema.Entity(Book, { pk: 'nope' })

// normalize types its result from the schema: entities become their pk, string | number (a
// number when pk() returned one or the input held a number; compare with String()).
type Pk = string | number
const normalizedUser = normalize(User, { id: 1 })
expectTypeOf(normalizedUser.result).toEqualTypeOf<Pk>()
// @ts-expect-error a pk is not promised to be a string
expectTypeOf(normalizedUser.result).toEqualTypeOf<string>()
expectTypeOf(normalize([User], []).result).toEqualTypeOf<Pk[]>()
expectTypeOf(normalize({ results: [Post], nextPage: '' }, {}).result).toEqualTypeOf<{
  results: Pk[]
  nextPage: string
}>()
expectTypeOf(normalize(new schema.Values(User), {}).result).toEqualTypeOf<Record<string, Pk>>()
expectTypeOf(normalize(new schema.Union(pets, 'type'), {}).result).toEqualTypeOf<{
  id: Pk
  schema: 'cat' | 'dog'
}>()
expectTypeOf(normalize(new schema.Delete(User), 1).result).toEqualTypeOf<Pk>()
expectTypeOf(normalize(new schema.All(BookEntity), []).result).toEqualTypeOf<Pk[]>()
expectTypeOf(normalize(new schema.Array(pets, 'type'), []).result).toEqualTypeOf<
  { id: Pk; schema: 'cat' | 'dog' }[]
>()
expectTypeOf<Normalize<{ when: DateConstructor }>>().toEqualTypeOf<{ when: string }>()

// Non-schema members read as what their value stands for: a lone literal (as `const` inference
// gives it) as its primitive; declared unions and nullable types are kept.
const literalPage = {
  results: [Post],
  nextPage: '',
  total: 0,
  more: true,
  big: 0n,
} as const
expectTypeOf<Denormalize<typeof literalPage>>().toEqualTypeOf<{
  results: Post[]
  nextPage: string
  total: number
  more: boolean
  big: bigint
}>()
expectTypeOf<Normalize<typeof literalPage>>().toEqualTypeOf<{
  results: Pk[]
  nextPage: string
  total: number
  more: boolean
  big: bigint
}>()
expectTypeOf<
  Denormalize<{
    status: 'open' | 'closed'
    cursor: string | null
    empty: '' | null
    flag: boolean
    gone: undefined
  }>
>().toEqualTypeOf<{
  status: 'open' | 'closed'
  cursor: string | null
  empty: string | null
  flag: boolean
  gone: undefined
}>()
expectTypeOf<Denormalize<any>>().toBeAny()
expectTypeOf<Denormalize<never>>().toBeNever()

// fromJS takes some of the instance's fields (Partial of the instance, as in data-client).
expectTypeOf(User.fromJS({ id: 1, name: 'Ada' })).toEqualTypeOf<User>()
expectTypeOf(Post.fromJS()).toEqualTypeOf<Post>()
expectTypeOf(
  Post.fromJS({ author: User.fromJS({ id: 1 }), createdAt: new Date() }),
).toEqualTypeOf<Post>()
// @ts-expect-error a field of the wrong type
User.fromJS({ id: 'not a number' })
// @ts-expect-error a field the class does not declare
User.fromJS({ nmae: 'Ada' })
// A record of another shape (stored JSON) says so with a cast.
declare const stored: Record<string, unknown>
expectTypeOf(User.fromJS(stored as Partial<User>)).toEqualTypeOf<User>()
// Subclasses and schema.Entity classes type it by their own instance.
class Admin extends User {
  level = 1
}
expectTypeOf(Admin.fromJS({ level: 2, name: 'Root' })).toEqualTypeOf<Admin>()
// @ts-expect-error Admin's field type
Admin.fromJS({ level: 'high' })

// `[]`: a list whose items pass through as they are (unknown[], not never[]).
{
  const tagged = { tags: [] }
  expectTypeOf<Denormalize<typeof tagged>['tags']>().toEqualTypeOf<unknown[]>()
  expectTypeOf<Denormalize<{ tags: readonly [] }>['tags']>().toEqualTypeOf<unknown[]>()
}

// The names editors show for schemas and resource members can be imported, and are the types
// the namespace and createResource give.
expectTypeOf(all).toEqualTypeOf<AllSchema<typeof User>>()
expectTypeOf(values).toEqualTypeOf<ValuesSchema<typeof User>>()
expectTypeOf(union).toMatchTypeOf<UnionSchema<typeof pets>>()
expectTypeOf(new schema.Delete(User)).toEqualTypeOf<DeleteEntitySchema<typeof User>>()
expectTypeOf<schema.All<typeof User>>().toEqualTypeOf<AllSchema<typeof User>>()
expectTypeOf<PassThrough<string | null>>().toEqualTypeOf<string | null>()
const UserResource = createResource({ path: '/users/:id', schema: User })
expectTypeOf(UserResource.get).toEqualTypeOf<
  ResourceMember<
    {
      readonly path: '/users/:id'
      readonly schema: typeof User
      readonly searchParams: ListSearch
    },
    RestEndpoint<RestGenerics>
  >
>()
expectTypeOf<ExtraMembers<RestEndpoint & { tenant: string }>>().toEqualTypeOf<{ tenant: string }>()

// Call args may be built up before the call, as with the Record that SearchParams replaced.
{
  const args: Parameters<typeof UserResource.getList>[0] = {}
  args!.page = 2
  delete args!.page
  const one: Parameters<typeof UserResource.get>[0] = { id: 1 }
  one.extra = 'x'
  void one
}
