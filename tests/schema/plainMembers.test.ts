import { Endpoint, Entity, MemoCache, Query, normalize, schema } from 'rtk-resources'
import { makeRestStore } from '../fixtures/restStore'
import { write } from '../fixtures/tables'

class Comment extends Entity {
  id = 0
  text = ''
  pk() {
    return this.id
  }
  static key = 'Comment'
}

describe('reads fill plain members', () => {
  it('a Query of { results: schema.All, nextPage: "" } gives nextPage ""', async () => {
    const { store, controller, cache, check } = makeRestStore()
    const getComments = new Endpoint(async () => [{ id: 1, text: 'a' }], {
      schema: [Comment],
      name: 'getComments',
    })
    await controller.fetch(getComments)
    const page = new Query({ results: new schema.All(Comment), nextPage: '', total: 0 })
    const read = cache.select(page)(store.getState())
    expect(read).toEqual({ results: [expect.any(Comment)], nextPage: '', total: 0 })
    expect(controller.getResponse(page, store.getState()).data?.nextPage).toBe('')
    check()
  })

  it('a Query whose schema members find nothing still has no data', () => {
    const page = new Query({ results: new schema.All(Comment), nextPage: '' })
    const { store, cache } = makeRestStore()
    expect(cache.select(page)(store.getState())).toBeUndefined()
  })
})

describe('undefined items and members', () => {
  it('undefined items are dropped from lists when reading', () => {
    const { source } = write([Comment], [{ id: 1 }])
    const memo = new MemoCache()
    const list = memo.denormalize<Comment[]>([Comment], ['1', undefined], source).data
    expect(list).toHaveLength(1)
    expect(list?.[0]).toBeInstanceOf(Comment)
    const values = new schema.Values(Comment)
    const map = memo.denormalize<object>(values, { a: '1', b: undefined }, source).data
    expect(Object.keys(map ?? {})).toEqual(['a'])
  })

  it('undefined object members and list items are not stored', () => {
    const output = normalize(
      { comments: [Comment], first: Comment, byId: new schema.Values(Comment) },
      {
        comments: [{ id: 1 }, undefined],
        first: undefined,
        byId: { a: { id: 2 }, b: undefined },
        note: undefined,
        kept: null,
      },
    )
    expect(output.result).toStrictEqual({
      comments: [1],
      byId: { a: 2 },
      kept: null,
    })
  })
})
