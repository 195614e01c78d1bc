import {
  Endpoint,
  Entity,
  MemoCache,
  Query,
  SchemaDefinitionError,
  createPlainSource,
  normalize,
  schema,
} from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { write } from '../fixtures/tables'

/** A BigNumber-like class: constructed from the stored string, `toJSON` gives it back. */
class Money {
  readonly cents: bigint
  constructor(text: string) {
    this.cents = BigInt(String(text).replace('.', ''))
  }
  plus(other: Money): Money {
    return new Money(String(this.cents + other.cents))
  }
  toJSON(): string {
    return String(this.cents)
  }
}

/** A Temporal.Instant-like value with a static `from` (a method: no prototype). */
class Instant {
  private constructor(readonly epochMs: number) {}
  static from(text: string): Instant {
    return new Instant(Date.parse(text))
  }
  toJSON(): string {
    return new Date(this.epochMs).toISOString()
  }
}

class Invoice extends Entity {
  id = ''
  total = new Money('0')
  issuedAt = Instant.from('1970-01-01T00:00:00Z')
  lines = 0
  parsed: { parsed: string } | undefined = undefined
  createdAt = new Date(0)
  pk() {
    return this.id
  }
  static key = 'Invoice'
  static schema = {
    total: Money,
    issuedAt: Instant.from,
    lines: (s: string) => Number(s),
    parsed: (s: string) => ({ parsed: s }),
    createdAt: Date,
  }
}

const record = {
  id: 'a',
  total: '12.50',
  issuedAt: '2024-05-01T10:00:00.000Z',
  lines: '3',
  parsed: 'raw',
  createdAt: '2024-05-02T00:00:00.000Z',
}

describe('field conversions in static schema', () => {
  it('constructs classes and calls functions on read; stores plain JSON', () => {
    const { source, result } = write(Invoice, record)
    const invoice = new MemoCache().denormalize<Invoice>(Invoice, result, source).data as Invoice
    expect(invoice.total).toBeInstanceOf(Money)
    expect(invoice.total.plus(new Money('1.00')).cents).toBe(1350n)
    expect(invoice.issuedAt).toBeInstanceOf(Instant)
    expect(invoice.issuedAt.epochMs).toBe(Date.parse(record.issuedAt))
    expect(invoice.lines).toBe(3)
    expect(invoice.parsed).toEqual({ parsed: 'raw' })
    expect(invoice.createdAt).toEqual(new Date(record.createdAt))
  })

  it('stores converted values given to normalize through their toJSON', () => {
    const { response } = write(Invoice, {
      ...record,
      total: new Money('7.25'),
      issuedAt: Instant.from(record.issuedAt),
      createdAt: new Date(record.createdAt),
    })
    expect(response.entities.Invoice?.a).toMatchObject({
      total: '725',
      issuedAt: record.issuedAt,
      createdAt: record.createdAt,
    })
  })

  it('works in plain-object schemas and at the top level', () => {
    const stats = { count: Number, at: Instant.from, big: BigInt }
    const { source, result } = write(stats, { count: '4', at: record.issuedAt, big: '9' })
    const read = new MemoCache().denormalize(stats, result, source).data as {
      count: number
      at: Instant
      big: bigint
    }
    expect(read.count).toBe(4)
    expect(read.at).toBeInstanceOf(Instant)
    expect(read.big).toBe(9n)
    const top = write(Instant.from, record.issuedAt)
    expect(new MemoCache().denormalize(Instant.from, top.result, top.source).data).toEqual(
      Instant.from(record.issuedAt),
    )
  })

  it('reads converted fields through a real store', async () => {
    const { store, controller, cache } = makeStore()
    const getInvoice = new Endpoint(async ({ id }: { id: string }) => ({ ...record, id }), {
      schema: Invoice,
      name: 'getInvoice',
    })
    const fetched = await controller.fetch(getInvoice, { id: 'b' })
    expect(fetched.total).toBeInstanceOf(Money)
    expect(cache.select(getInvoice, { id: 'b' })(store.getState())?.lines).toBe(3)
    const all = new Query(new schema.All(Invoice))
    expect(cache.select(all)(store.getState())?.[0]?.parsed).toEqual({ parsed: 'raw' })
  })
})

describe('a class with pk() that does not extend Entity', () => {
  /** Forgot `extends Entity`: it has `pk()` and a key, but is not a schema. */
  class Author {
    id = 0
    name = ''
    pk() {
      return this.id
    }
    static key = 'Author'
  }

  it('is refused with a SchemaDefinitionError naming the fix, before anything is stored', async () => {
    const { store, controller } = makeStore()
    const getAuthors = new Endpoint(async () => [{ id: 1, name: 'Ada' }], {
      schema: [Author] as never,
      name: 'getAuthors',
    })
    const error = await controller.fetch(getAuthors).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SchemaDefinitionError)
    expect((error as Error).message).toMatch(/Author has pk\(\) but is not an entity schema/)
    expect((error as Error).message).toContain('class Author extends Entity')
    expect(store.getState().data.entities).toEqual({})
  })

  it('is refused as an Entity member too, and when read', () => {
    class Book extends Entity {
      id = 0
      author = null
      pk() {
        return this.id
      }
      static key = 'Book'
      static schema = { author: Author as never }
    }
    expect(() => normalize(Book, { id: 1, author: { id: 2 } })).toThrow(SchemaDefinitionError)
    const stored = createPlainSource({
      entities: { Book: { 1: { id: 1, author: { id: 2 } } } },
      entitiesMeta: { Book: { 1: { date: 1, fetchedAt: 1, expiresAt: 2 } } },
    })
    expect(() => new MemoCache().denormalize(Book, '1', stored)).toThrow(SchemaDefinitionError)
  })
})
