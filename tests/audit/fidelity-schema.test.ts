/**
 * Fidelity audit: Entity and the schemas, written and read through a real store, against
 * data-client's schema docs and tests of the createResource era.
 *
 * Sources (reactive/data-client): packages/endpoint/src/schemas/__tests__/{Entity,Array,Object,
 * Values,Union,All,Delete,Query,EntityMixin}.test.*, docs/rest/api/{Entity,Values,Union,All,
 * Query,schema.Entity}.md.
 */
import { configureStore } from '@reduxjs/toolkit'
import {
  createEntityCache,
  Endpoint,
  Entity,
  EntityValidationError,
  Query,
  schema,
} from 'rtk-resources'

function makeStore() {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  return { cache, store, controller: cache.controller(store) }
}

/** An endpoint answering `response` with `theSchema`, keyed by its name and args. */
function answer<S>(name: string, theSchema: S, response: unknown) {
  return new Endpoint(async (..._args: unknown[]) => response, { schema: theSchema, name })
}

class User extends Entity {
  id = ''
  username = ''
  isAdmin = false
  get title() {
    return `@${this.username}`
  }
  pk() {
    return this.id
  }
  static key = 'User'
}

describe('Entity', () => {
  test('fromJS fills defaults and keeps members it is given', () => {
    const user = User.fromJS({ id: '1' })
    expect(user).toBeInstanceOf(User)
    expect(user.username).toBe('')
    expect(user.isAdmin).toBe(false)
    expect(user.pk()).toBe('1')
    expect(User.fromJS({ id: '2', extra: 5 } as never)).toMatchObject({ extra: 5 })
  })

  test('reads give instances with getters; a nested entity and Date are converted', async () => {
    class Post extends Entity {
      id = 0
      author = User.fromJS()
      createdAt = new Date(0)
      pk() {
        return this.id
      }
      static key = 'FPost'
      static schema = { author: User, createdAt: Date }
    }
    const { controller } = makeStore()
    const post = await controller.fetch(
      answer('getPost', Post, {
        id: 1,
        author: { id: 'u1', username: 'ann' },
        createdAt: '2020-06-07T02:00:15.000Z',
      }),
    )
    expect(post).toBeInstanceOf(Post)
    expect(post.author).toBeInstanceOf(User)
    expect(post.author.title).toBe('@ann')
    expect(post.createdAt).toBeInstanceOf(Date)
    expect(post.createdAt.getTime()).toBe(Date.parse('2020-06-07T02:00:15.000Z'))
  })

  test('the same entity read through two parents is one instance', async () => {
    class Post extends Entity {
      id = 0
      author: User | null = null
      pk() {
        return this.id
      }
      static key = 'FPost2'
      static schema = { author: User }
    }
    const { controller } = makeStore()
    const posts = await controller.fetch(
      answer(
        'posts',
        [Post],
        [
          { id: 1, author: { id: 'u1', username: 'ann' } },
          { id: 2, author: { id: 'u1', username: 'ann' } },
        ],
      ),
    )
    expect(posts[0]!.author).toBe(posts[1]!.author)
  })

  test('a nested reference by id only joins to the stored entity (process sets it)', async () => {
    class Todo extends Entity {
      id = 0
      userId = ''
      user?: User = undefined
      pk() {
        return this.id
      }
      static key = 'FTodo'
      static schema = { user: User }
      static process(input: any) {
        return { ...input, user: input.userId }
      }
    }
    const { controller } = makeStore()
    await controller.fetch(answer('users', [User], [{ id: 'u1', username: 'ann' }]))
    const todos = await controller.fetch(answer('todos', [Todo], [{ id: 1, userId: 'u1' }]))
    expect(todos[0]!.user).toBeInstanceOf(User)
    expect(todos[0]!.user?.username).toBe('ann')
  })

  test('a missing nested entity reads as undefined', async () => {
    class Post extends Entity {
      id = 0
      author: User | null = null
      pk() {
        return this.id
      }
      static key = 'FPost3'
      static schema = { author: User }
    }
    const { controller, cache, store } = makeStore()
    const getPost = answer('post3', Post, { id: 1, author: 'nobody' })
    await controller.fetch(getPost)
    const post = cache.select(getPost)(store.getState())
    expect(post).toBeInstanceOf(Post)
    expect(post?.author).toBeUndefined()
  })

  test('a cycle reads back with stable references', async () => {
    class Person extends Entity {
      id = ''
      friends: Person[] = []
      pk() {
        return this.id
      }
      static key = 'FPerson'
    }
    Person.schema = { friends: [Person] }
    const { controller } = makeStore()
    const people = await controller.fetch(
      answer(
        'people',
        [Person],
        [
          { id: 'a', friends: ['b'] },
          { id: 'b', friends: ['a'] },
        ],
      ),
    )
    const [a, b] = people as [Person, Person]
    expect(a.friends[0]).toBe(b)
    expect(b.friends[0]).toBe(a)
  })

  test('static merge is used to combine a stored record with a new one', async () => {
    class Counter extends Entity {
      id = ''
      tags: string[] = []
      pk() {
        return this.id
      }
      static key = 'FCounter'
      static merge(existing: any, incoming: any) {
        return { ...existing, ...incoming, tags: [...existing.tags, ...incoming.tags] }
      }
    }
    const { controller } = makeStore()
    await controller.fetch(answer('c1', Counter, { id: 'x', tags: ['a'] }))
    const merged = await controller.fetch(answer('c2', Counter, { id: 'x', tags: ['b'] }))
    expect(merged.tags).toEqual(['a', 'b'])
  })

  test('default merge: members the new record lacks are kept', async () => {
    const { controller } = makeStore()
    await controller.fetch(answer('u1', User, { id: '1', username: 'ann', isAdmin: true }))
    const user = await controller.fetch(answer('u2', User, { id: '1', username: 'bob' }))
    expect(user.username).toBe('bob')
    expect(user.isAdmin).toBe(true)
  })

  test('validate failing when normalizing rejects the fetch; nothing is written', async () => {
    class Strict extends Entity {
      id = ''
      name = ''
      pk() {
        return this.id
      }
      static key = 'FStrict'
      static validate(processed: any) {
        if (typeof processed.name !== 'string') return 'name must be a string'
        return undefined
      }
    }
    const { controller, store, cache } = makeStore()
    const bad = answer('bad', Strict, { id: '1', name: 5 })
    const error = await controller.fetch(bad).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EntityValidationError)
    expect(cache.select(new Query(new schema.All(Strict)))(store.getState())).toBeUndefined()
  })

  test('a custom static fromJS is used to build instances on read', async () => {
    class Priced extends Entity {
      id = ''
      cents = 0
      dollars = 0
      pk() {
        return this.id
      }
      static key = 'FPriced'
      static fromJS<T extends Entity>(
        this: abstract new (...args: any[]) => T,
        props: Record<string, unknown> = {},
      ): T {
        const made = Entity.fromJS.call(this, props) as T & { cents: number; dollars: number }
        made.dollars = made.cents / 100
        return made
      }
    }
    const { controller } = makeStore()
    const priced = await controller.fetch(answer('p', Priced, { id: 'x', cents: 250 }))
    expect(priced.dollars).toBe(2.5)
  })

  test('pk from several members; a number pk', async () => {
    class Membership extends Entity {
      userId = 0
      groupId = 0
      pk() {
        return `${this.groupId}-${this.userId}`
      }
      static key = 'FMembership'
    }
    class Num extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = 'FNum'
    }
    const { controller, cache, store } = makeStore()
    await controller.fetch(answer('m', [Membership], [{ userId: 1, groupId: 2 }]))
    await controller.fetch(answer('n', [Num], [{ id: 7 }]))
    expect(
      cache.select(new Query(Membership), { userId: 1, groupId: 2 })(store.getState()),
    ).toBeInstanceOf(Membership)
    expect(cache.select(new Query(Num), { id: 7 })(store.getState())?.id).toBe(7)
  })
})

describe('Entity (data-client Entity.test.ts normalization cases)', () => {
  class Tacos extends Entity {
    id = ''
    name = ''
    alias: string | undefined = undefined
    pk() {
      return this.id
    }
    static key = 'FTacos'
  }

  test('an anonymous class without a key throws when its key is needed', () => {
    const makeSchema = () =>
      class extends Entity {
        id = 0
        pk() {
          return `${this.id}`
        }
      }
    expect(() => makeSchema().key).toThrow()
  })

  test('static get key() is the key', () => {
    class KeyUser extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static get key() {
        return 'user-by-getter'
      }
    }
    expect(KeyUser.key).toBe('user-by-getter')
  })

  test('pk(parent, key) can use the map key of schema.Values', async () => {
    class ByKey extends Entity {
      name = ''
      pk(_parent?: unknown, key?: string) {
        return key
      }
      static key = 'FByKey'
    }
    const inputSchema = new schema.Values({ users: ByKey }, () => 'users')
    const { controller } = makeStore()
    const value = await controller.fetch(
      answer('byKey', inputSchema, { '4': { name: 'taco' }, '56': { name: 'burrito' } }),
    )
    expect(value['56']).toBeInstanceOf(ByKey)
    expect(value['56']?.name).toBe('burrito')
  })

  test('pk(parent, key) can build the id from the parent object', async () => {
    class Child extends Entity {
      id = ''
      name = ''
      pk(parent?: any, key?: string) {
        return `${parent.name}-${key}-${this.id}`
      }
      static key = 'FChildPk'
    }
    const { controller, store } = makeStore()
    await controller.fetch(
      answer('parentPk', new schema.Object({ user: Child }), {
        name: 'tacos',
        user: { id: '4', name: 'Jimmy' },
      }),
    )
    expect(Object.keys((store.getState().data as any).entities.FChildPk)).toEqual(['tacos-user-4'])
  })

  test('duplicates in one response merge by default (later wins member by member)', async () => {
    const { controller } = makeStore()
    const list = await controller.fetch(
      answer(
        'dups',
        [Tacos],
        [
          { id: '1', name: 'foo' },
          { id: '1', name: 'bar', alias: 'bar' },
        ],
      ),
    )
    expect(list[0]).toBe(list[1])
    expect(list[0]).toMatchObject({ id: '1', name: 'bar', alias: 'bar' })
  })

  test('a custom merge returning an instance (this.fromJS) still stores plain data', async () => {
    class MergeTaco extends Tacos {
      static merge(existing: any, incoming: any): any {
        const props = Object.assign({}, existing, incoming, { name: existing.name })
        return this.fromJS(props)
      }
    }
    const { controller, store } = makeStore()
    const list = await controller.fetch(
      answer(
        'mergeDups',
        [MergeTaco],
        [
          { id: '1', name: 'foo' },
          { id: '1', name: 'bar', alias: 'bar' },
        ],
      ),
    )
    expect(list[0]).toMatchObject({ id: '1', name: 'foo', alias: 'bar' })
    const slice = (store.getState() as any).data
    expect(JSON.parse(JSON.stringify(slice))).toEqual(slice)
  })

  test('process gets the parent and the member key', async () => {
    class Child extends Entity {
      id = ''
      content = ''
      parentId = ''
      parentKey = ''
      pk() {
        return this.id
      }
      static key = 'FProcChild'
      static process(input: any, parent: any, key: string | undefined) {
        return { ...input, parentId: parent?.id, parentKey: key }
      }
    }
    class Parent extends Entity {
      id = ''
      content = ''
      child: Child = Child.fromJS({})
      pk() {
        return this.id
      }
      static key = 'FProcParent'
      static schema = { child: Child }
    }
    const { controller } = makeStore()
    const parent = await controller.fetch(
      answer('procParent', Parent, {
        id: '1',
        content: 'parent',
        child: { id: '4', content: 'c' },
      }),
    )
    expect(parent.child.parentId).toBe('1')
    expect(parent.child.parentKey).toBe('child')
  })

  test('process runs before nested schemas', async () => {
    class Attachment extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static key = 'FAttachment'
    }
    class Entry extends Entity {
      id = ''
      type = ''
      data: { attachment?: Attachment } = {}
      pk() {
        return this.id
      }
      static key = 'FEntry'
      static schema = { data: { attachment: Attachment } }
      static process(input: any) {
        const type = Object.keys(input)[0]!
        return { ...input[type], type }
      }
    }
    const { controller } = makeStore()
    const entry = await controller.fetch(
      answer('entry', Entry, { message: { id: '123', data: { attachment: { id: '456' } } } }),
    )
    expect(entry.type).toBe('message')
    expect(entry.data.attachment).toBeInstanceOf(Attachment)
  })

  test('a response of the wrong type for the schema is an error', async () => {
    const { controller } = makeStore()
    await expect(
      controller.fetch(answer('arrForEntity', Tacos, [{ id: '1' }, { id: '2' }])),
    ).rejects.toThrow()
    await expect(
      controller.fetch(answer('strForObject', { data: Tacos }, 'hibho')),
    ).rejects.toThrow()
  })

  test('a missing pk is an error', async () => {
    const { controller } = makeStore()
    await expect(controller.fetch(answer('noPk', Tacos, { name: 'x' }))).rejects.toThrow()
  })
})

describe('object schemas and arrays', () => {
  test('{ results: [S], nextPage } passes non-schema members through', async () => {
    const { controller } = makeStore()
    const page = await controller.fetch(
      answer(
        'page',
        { results: [User], nextPage: '' },
        {
          results: [{ id: '1' }, { id: '2' }],
          nextPage: 'abc',
        },
      ),
    )
    expect(page.nextPage).toBe('abc')
    expect(page.results?.[1]).toBeInstanceOf(User)
  })

  test('schema.Object is the same as a plain object', async () => {
    const { controller } = makeStore()
    const value = await controller.fetch(
      answer('obj', new schema.Object({ user: User, count: 0 }), { user: { id: '1' }, count: 3 }),
    )
    expect(value.user).toBeInstanceOf(User)
    expect(value.count).toBe(3)
  })

  test('schema.Array with a mapping and a function attribute', async () => {
    class Group extends Entity {
      id = ''
      name = ''
      pk() {
        return this.id
      }
      static key = 'FGroup'
    }
    const list = new schema.Array(
      { users: User, groups: Group },
      (input: { type: string }) => `${input.type}s`,
    )
    const { controller } = makeStore()
    const items = await controller.fetch(
      answer('mixed', list, [
        { id: '1', type: 'user', username: 'ann' },
        { id: '2', type: 'group', name: 'g' },
      ]),
    )
    expect(items[0]).toBeInstanceOf(User)
    expect(items[1]).toBeInstanceOf(Group)
  })

  test('a list with an item of an unknown type keeps the item as it is', async () => {
    class Group extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static key = 'FGroup2'
    }
    const list = new schema.Array({ users: User, groups: Group }, 'type')
    const { controller } = makeStore()
    const items = await controller.fetch(
      answer('mixed2', list, [
        { id: '1', type: 'users' },
        { id: '9', type: 'robots', beep: true },
      ]),
    )
    expect(items[0]).toBeInstanceOf(User)
    expect(items[1]).toEqual({ id: '9', type: 'robots', beep: true })
  })
})

describe('schema.Values', () => {
  test('a map of entities; process can take the id from the map key', async () => {
    class Stat extends Entity {
      id = ''
      visits = 0
      pk() {
        return this.id
      }
      static key = 'FStat'
      static process(input: any, _parent: unknown, key: string | undefined) {
        return { ...input, id: key }
      }
    }
    const { controller } = makeStore()
    const byDay = await controller.fetch(
      answer('stats', new schema.Values(Stat), {
        '2024-01-01': { visits: 1 },
        '2024-01-02': { visits: 2 },
      }),
    )
    expect(Object.keys(byDay)).toEqual(['2024-01-01', '2024-01-02'])
    expect(byDay['2024-01-02']).toBeInstanceOf(Stat)
    expect(byDay['2024-01-02']?.id).toBe('2024-01-02')
  })

  test('polymorphic values chosen by a function', async () => {
    class Cat extends Entity {
      id = ''
      type = 'cat'
      pk() {
        return this.id
      }
      static key = 'FCat'
    }
    class Dog extends Entity {
      id = ''
      type = 'dog'
      pk() {
        return this.id
      }
      static key = 'FDog'
    }
    const pets = new schema.Values(
      { cats: Cat, dogs: Dog },
      (input: { type: string }) => `${input.type}s`,
    )
    const { controller } = makeStore()
    const value = await controller.fetch(
      answer('pets', pets, { a: { id: '1', type: 'cat' }, b: { id: '2', type: 'dog' } }),
    )
    expect(value.a).toBeInstanceOf(Cat)
    expect(value.b).toBeInstanceOf(Dog)
  })

  test('define() completes a definition later', async () => {
    const values = new schema.Values(User)
    const lazy = new schema.Values(null as unknown as typeof User)
    lazy.define(User)
    const { controller, cache, store } = makeStore()
    const v1 = answer('v1', values, { x: { id: '1' } })
    const v2 = answer('v2', lazy, { y: { id: '1' } })
    await controller.fetch(v1)
    await controller.fetch(v2)
    const two = cache.select(v2)(store.getState())
    expect(two?.y).toBeInstanceOf(User)
    expect(cache.select(v1)(store.getState())?.x).toBe(two?.y)
  })
})

describe('schema.Union', () => {
  class Link extends Entity {
    id = ''
    type = 'link'
    url = ''
    pk() {
      return this.id
    }
    static key = 'FLink'
  }
  class Post extends Entity {
    id = ''
    type = 'post'
    content = ''
    pk() {
      return this.id
    }
    static key = 'FUPost'
  }

  test('a string attribute', async () => {
    const feed = new schema.Union({ link: Link, post: Post }, 'type')
    const { controller } = makeStore()
    const items = await controller.fetch(
      answer(
        'feed',
        [feed],
        [
          { id: '1', type: 'link', url: 'u' },
          { id: '2', type: 'post', content: 'c' },
        ],
      ),
    )
    expect(items[0]).toBeInstanceOf(Link)
    expect(items[1]).toBeInstanceOf(Post)
  })

  test('a function attribute', async () => {
    const feed = new schema.Union({ link: Link, post: Post }, (input: { url?: string }) =>
      input.url ? 'link' : 'post',
    )
    const { controller } = makeStore()
    const item = await controller.fetch(answer('feed2', feed, { id: '3', url: 'x' }))
    expect(item).toBeInstanceOf(Link)
  })
})

describe('schema.All and Query', () => {
  class Todo extends Entity {
    id = 0
    title = ''
    completed = false
    pk() {
      return this.id
    }
    static key = 'FAllTodo'
  }
  const todos = [
    { id: 1, title: 'a', completed: false },
    { id: 2, title: 'b', completed: true },
    { id: 3, title: 'c', completed: true },
  ]

  test('All reads every stored entity; undefined before any is stored', async () => {
    const all = new Query(new schema.All(Todo))
    const { controller, cache, store } = makeStore()
    const select = cache.select(all)
    expect(select(store.getState())).toBeUndefined()
    await controller.fetch(answer('todos', [Todo], todos))
    expect(select(store.getState())?.map((t) => t.id)).toEqual([1, 2, 3])
    expect(select(store.getState())).toBe(select(store.getState()))
  })

  test('Query process filters and counts with args', async () => {
    const countTodos = new Query(
      new schema.All(Todo),
      (entries, { completed }: { completed?: boolean } = {}) =>
        completed === undefined
          ? entries.length
          : entries.filter((t) => t.completed === completed).length,
    )
    const { controller, cache, store } = makeStore()
    await controller.fetch(answer('todos', [Todo], todos))
    expect(cache.select(countTodos)(store.getState())).toBe(3)
    expect(cache.select(countTodos, { completed: true })(store.getState())).toBe(2)
  })

  test('sorting Query keeps its reference until a dependency changes', async () => {
    const sorted = new Query(new schema.All(Todo), (entries) =>
      [...entries].sort((a, b) => b.id - a.id),
    )
    const { controller, cache, store } = makeStore()
    await controller.fetch(answer('todos', [Todo], todos))
    const first = cache.select(sorted)(store.getState())
    expect(first?.map((t) => t.id)).toEqual([3, 2, 1])
    store.dispatch({ type: 'unrelated' })
    expect(cache.select(sorted)(store.getState())).toBe(first)
    await controller.fetch(answer('todo4', Todo, { id: 4, title: 'd' }))
    expect(
      cache
        .select(sorted)(store.getState())
        ?.map((t) => t.id),
    ).toEqual([4, 3, 2, 1])
  })

  test('deleted entities leave All, lists and Values', async () => {
    const { controller, cache, store } = makeStore()
    const list = answer('todos', [Todo], todos)
    const map = answer('todoMap', new schema.Values(Todo), { a: todos[0], b: todos[1] })
    await controller.fetch(list)
    await controller.fetch(map)
    await controller.fetch(
      new Endpoint(async () => ({ id: 2 }), {
        schema: new schema.Delete(Todo),
        sideEffect: true,
        name: 'del',
      }),
    )
    const state = store.getState()
    expect(
      cache
        .select(new Query(new schema.All(Todo)))(state)
        ?.map((t) => t.id),
    ).toEqual([1, 3])
    expect(
      cache
        .select(list)(state)
        ?.map((t) => t.id),
    ).toEqual([1, 3])
    expect(Object.keys(cache.select(map)(state) ?? {})).toEqual(['a'])
  })

  test('All over a mapping reads each table', async () => {
    class Cat extends Entity {
      id = ''
      type = 'cat'
      pk() {
        return this.id
      }
      static key = 'FAllCat'
    }
    class Dog extends Entity {
      id = ''
      type = 'dog'
      pk() {
        return this.id
      }
      static key = 'FAllDog'
    }
    const { controller, cache, store } = makeStore()
    await controller.fetch(
      answer('pets', new schema.Array({ cat: Cat, dog: Dog }, 'type'), [
        { id: '1', type: 'cat' },
        { id: '2', type: 'dog' },
      ]),
    )
    const pets = cache.select(new Query(new schema.All({ cat: Cat, dog: Dog }, 'type')))(
      store.getState(),
    )
    expect(pets?.map((p) => p.constructor)).toEqual([Cat, Dog])
  })

  test('Query over an Entity and over an object of entities (joins) by args', async () => {
    class Ticker extends Entity {
      product_id = ''
      price = 0
      pk() {
        return this.product_id
      }
      static key = 'FTicker'
    }
    class Stats extends Entity {
      product_id = ''
      last = 0
      pk() {
        return this.product_id
      }
      static key = 'FStats'
    }
    const queryPrice = new Query(
      { ticker: Ticker, stats: Stats },
      ({ ticker, stats }, _args: { product_id: string }) => ticker?.price ?? stats?.last,
    )
    const { controller, cache, store } = makeStore()
    await controller.fetch(answer('stats', Stats, { product_id: 'BTC-USD', last: 44950 }))
    expect(cache.select(queryPrice, { product_id: 'BTC-USD' })(store.getState())).toBe(44950)
    await controller.fetch(answer('ticker', Ticker, { product_id: 'BTC-USD', price: 45000 }))
    expect(cache.select(queryPrice, { product_id: 'BTC-USD' })(store.getState())).toBe(45000)
    expect(
      cache.select(new Query(Ticker), { product_id: 'BTC-USD' })(store.getState())?.price,
    ).toBe(45000)
  })

  test('All with define() completes a cycle', async () => {
    class Node extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static key = 'FNode'
    }
    const allNodes = new schema.All(null as unknown as typeof Node)
    allNodes.define(Node)
    const { controller, cache, store } = makeStore()
    await controller.fetch(answer('nodes', [Node], [{ id: 'a' }, { id: 'b' }]))
    expect(cache.select(new Query(allNodes))(store.getState())?.length).toBe(2)
  })
})

describe('schema.Entity mixin (docs/rest/api/schema.Entity.md)', () => {
  test('a plain class with key and pk options', async () => {
    class Thread {
      slug = ''
      title = ''
    }
    const ThreadEntity = schema.Entity(Thread, { key: 'FThread', pk: 'slug' })
    const { controller } = makeStore()
    const threads = await controller.fetch(
      answer('threads', [ThreadEntity], [{ slug: 'hi', title: 'Hi' }]),
    )
    expect(threads[0]).toBeInstanceOf(Thread)
    expect(threads[0]!.title).toBe('Hi')
    expect(ThreadEntity.key).toBe('FThread')
  })

  test('a pk function option gets the record', async () => {
    class Row {
      a = 0
      b = 0
    }
    const RowEntity = schema.Entity(Row, {
      key: 'FRow',
      pk: (value: { a: number; b: number }) => `${value.a}:${value.b}`,
    })
    const { controller, cache, store } = makeStore()
    await controller.fetch(answer('rows', [RowEntity], [{ a: 1, b: 2 }]))
    const rows = cache.select(new Query(new schema.All(RowEntity)))(store.getState())
    expect(rows?.[0]).toBeInstanceOf(Row)
  })
})
