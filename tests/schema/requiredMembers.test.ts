/**
 * A member whose schema is an entity and whose field default is truthy is required, as in
 * data-client: when the entity it names is deleted or invalid, the record holding it reads as
 * invalid too (left out of lists, `undefined` alone) until that entity is back.
 */
import { Endpoint, Entity, Query, schema } from 'rtk-resources'
import { makeStore } from '../fixtures/store'

class Author extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static key = 'ReqAuthor'
  static validate(props: Record<string, unknown>): string | undefined {
    return props.name === 'bad' ? 'name refused' : undefined
  }
}

class Book extends Entity {
  id = ''
  author = Author.fromJS()
  pk() {
    return this.id
  }
  static key = 'ReqBook'
  static schema = { author: Author }
}

/** The same member with a falsy default: optional, so its parent stays. */
class Note extends Entity {
  id = ''
  author: Author | null = null
  pk() {
    return this.id
  }
  static key = 'ReqNote'
  static schema = { author: Author }
}

const getBook = new Endpoint(async (id: string) => ({ id, author: { id: 'a', name: 'Ann' } }), {
  schema: Book,
  name: 'book',
})
const getBooks = new Endpoint(
  async () => [
    { id: 'b1', author: { id: 'a', name: 'Ann' } },
    { id: 'b2', author: { id: 'z', name: 'Zed' } },
  ],
  { schema: [Book], name: 'books' },
)
const getNote = new Endpoint(async () => ({ id: 'n', author: { id: 'a', name: 'Ann' } }), {
  schema: Note,
  name: 'note',
})
const deleteAuthor = new Endpoint(async (id: string) => ({ id }), {
  schema: new schema.Delete(Author),
  sideEffect: true,
  name: 'deleteAuthor',
})
const setAuthor = new Endpoint(async (id: string, name: string) => ({ id, name }), {
  schema: Author,
  sideEffect: true,
  name: 'setAuthor',
})

describe('a required entity member', () => {
  it('deleted: its parent reads as undefined, lists leave it out; back when it is back', async () => {
    const { store, cache, controller } = makeStore()
    await controller.fetch(getBook, 'b1')
    await controller.fetch(getBooks)
    const selectBook = cache.select(getBook, 'b1')
    const selectBooks = cache.select(getBooks)
    expect((selectBook(store.getState()) as Book).author.name).toBe('Ann')
    await controller.fetch(deleteAuthor, 'a')
    expect(selectBook(store.getState())).toBeUndefined()
    expect((selectBooks(store.getState()) as Book[]).map((b) => b.id)).toEqual(['b2'])
    const response = controller.getResponse(getBook, 'b1', store.getState())
    expect(response.data).toBeUndefined()
    // The author is written again (a newer response): both reads show the book again.
    await controller.fetch(setAuthor, 'a', 'Ann again')
    expect((selectBook(store.getState()) as Book).author.name).toBe('Ann again')
    expect((selectBooks(store.getState()) as Book[]).map((b) => b.id)).toEqual(['b1', 'b2'])
  })

  it('invalid (its validate refuses the stored record): the parent is invalid too', async () => {
    // A detail class of the authors' table needs a bio, which the summaries fetched lack.
    class AuthorDetail extends Author {
      bio = ''
      static validate(props: Record<string, unknown>): string | undefined {
        return typeof props.bio === 'string' ? undefined : 'no bio'
      }
    }
    class BookDetail extends Book {
      author = AuthorDetail.fromJS()
      static schema = { author: AuthorDetail }
    }
    const { store, cache, controller } = makeStore()
    await controller.fetch(getBooks)
    await controller.fetch(setAuthor, 'z', 'Zed')
    const withBio = new Endpoint(async () => ({ id: 'a', name: 'Ann', bio: 'writes' }), {
      schema: AuthorDetail,
      name: 'authorDetail',
    })
    await controller.fetch(withBio)
    const details = cache.select(new Query(new schema.All(BookDetail)))(store.getState())
    expect((details as BookDetail[]).map((b) => [b.id, b.author.bio])).toEqual([['b1', 'writes']])
  })

  it('missing from the cache (never fetched) does not count, as in data-client', async () => {
    const { store, cache, controller } = makeStore()
    const listIds = new Endpoint(async () => [{ id: 'b9', author: 'nobody' }], {
      schema: [Book],
      name: 'books without authors',
    })
    await controller.fetch(listIds)
    const books = cache.select(listIds)(store.getState()) as Book[]
    expect(books.map((b) => b.id)).toEqual(['b9'])
    expect(books[0]?.author).toBeUndefined()
  })

  it('never fetched, then deleted: the memoized read agrees with a fresh one', async () => {
    const listIds = new Endpoint(async () => ({ id: 'b8', author: 'ghost' }), {
      schema: Book,
      name: 'book of a ghost',
    })
    const { store, cache, controller } = makeStore()
    await controller.fetch(listIds)
    const select = cache.select(listIds)
    expect(select(store.getState())).toBeInstanceOf(Book)
    await controller.fetch(deleteAuthor, 'ghost')
    expect(select(store.getState())).toBeUndefined()
    const fresh = makeStore().cache.select(listIds)(store.getState() as never)
    expect(fresh).toBeUndefined()
  })

  it('an optional member (falsy default) deleted leaves its parent, with the member undefined', async () => {
    const { store, cache, controller } = makeStore()
    await controller.fetch(getNote)
    await controller.fetch(deleteAuthor, 'a')
    const note = cache.select(getNote)(store.getState()) as Note
    expect(note).toBeInstanceOf(Note)
    expect(note.author).toBeUndefined()
  })

  it('counts through a chain of required members, 10,000 long, without a stack overflow', async () => {
    class Link extends Entity {
      id = 0
      // Truthy, so required (an instance here would construct links without end).
      next: Link = {} as Link
      pk() {
        return this.id
      }
      static key = 'ReqLink'
      static schema: Record<string, unknown> = {}
    }
    Link.schema = { next: Link }
    const length = 10_000
    const links = Array.from({ length }, (_, i) => ({ id: i, next: i + 1 < length ? i + 1 : null }))
    const getLinks = new Endpoint(async () => links, { schema: [Link], name: 'links' })
    const deleteLink = new Endpoint(async (id: number) => ({ id }), {
      schema: new schema.Delete(Link),
      sideEffect: true,
      name: 'deleteLink',
    })
    const { store, cache, controller } = makeStore()
    await controller.fetch(getLinks)
    const everyLink = new Query(new schema.All(Link))
    expect((cache.select(everyLink)(store.getState()) as Link[]).length).toBe(length)
    await controller.fetch(deleteLink, length - 1)
    // Every link leads to the deleted last one: each is invalid now.
    expect(cache.select(getLinks)(store.getState())).toEqual([])
  })
})
