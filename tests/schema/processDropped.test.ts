import { Endpoint, Entity, MemoCache, MissingPrimaryKeyError, normalize } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { thrown, write } from '../fixtures/tables'

/** An order-book level: `process` returns undefined for an empty level (amount 0). */
class Level extends Entity {
  price = 0
  amount = 0
  pk() {
    return `${this.price}`
  }
  static key = 'Level'
  static process(input: any) {
    const [price, amount] = input as [number, number]
    return amount === 0 ? undefined : { price, amount }
  }
}
class Book extends Entity {
  id = ''
  bids: Level[] = []
  best: Level | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Book'
  static schema = { bids: [Level], best: Level }
}

/** `process` returns undefined for a record marked removed; pk() still finds its id. */
class Item extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'Item'
  static process(input: any) {
    return input.removed ? undefined : { ...input }
  }
}

describe('process returning undefined', () => {
  it('drops the value without crashing in pk(): left out of lists and objects', () => {
    const { result, response, source } = write(Book, {
      id: 'b',
      bids: [
        [100, 5],
        [200, 0],
        [300, 10],
      ],
      best: [200, 0],
    })
    expect(response.entities.Book?.b).toEqual({ id: 'b', bids: ['100', '300'] })
    expect(Object.keys(response.entities.Level ?? {})).toEqual(['100', '300'])
    const book = new MemoCache().denormalize<Book>(Book, result, source).data as Book
    expect(book.bids.map((level) => level.amount)).toEqual([5, 10])
    expect(book.best).toBeUndefined()
  })

  it('removes the entity pk() finds in the raw input: it reads as missing', () => {
    const first = write(
      [Item],
      [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
    )
    const second = write(
      [Item],
      [
        { id: 1, name: 'a' },
        { id: 2, removed: true },
      ],
      first.tables,
      {
        fetchedAt: 2000,
        date: 2000,
      },
    )
    expect(second.response.entitiesMeta.Item?.['2']?.deleted).toBe(true)
    const memo = new MemoCache()
    const list = memo.denormalize<Item[]>([Item], second.result, second.source).data
    expect(list?.map((item) => item.id)).toEqual([1])
    expect(memo.denormalize(Item, '2', second.source).data).toBeUndefined()
  })

  it('a whole response dropped by process reads as missing, through a store', async () => {
    const { controller, store, check } = makeRestStore()
    const getItem = new Endpoint(
      async ({ id }: { id: number }) => ({ id, removed: id === 2, name: 'x' }),
      { schema: Item, name: 'getItem' },
    )
    await controller.fetch(getItem, { id: 1 })
    await controller.fetch(getItem, { id: 2 })
    expect(store.getState().data.results[getItem.key({ id: 2 })]).toBe(2)
    expect(controller.getResponse(getItem, { id: 2 }, store.getState()).data).toBeUndefined()
    // With no id to find, nothing is written and the result is null.
    expect(normalize(Level, [1, 0])).toMatchObject({ result: null, entities: {} })
    check()
  })
})

describe('a pk() returning the string "undefined"', () => {
  it('is no pk: MissingPrimaryKeyError, not an entity stored under "undefined"', () => {
    class Tag extends Entity {
      slug = ''
      pk() {
        return `${this.slug}`
      }
      static key = 'Tag'
    }
    const error = thrown(() => normalize(Tag, { name: 'no slug' }))
    expect(error).toBeInstanceOf(MissingPrimaryKeyError)
    expect((error as MissingPrimaryKeyError).pk).toBe('undefined')
  })
})
