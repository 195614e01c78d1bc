import { MemoCache, MissingPrimaryKeyError, schema } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { expectPlainJson, write } from '../fixtures/tables'

describe('schema.Delete', () => {
  const seed = () =>
    write(
      [Post],
      [
        { id: 1, author: { id: 1, posts: [1, 2] } },
        { id: 2, author: { id: 1 } },
      ],
    )

  it('writes a tombstone in entitiesMeta and no record', () => {
    const { response, result } = write(new schema.Delete(Post), { id: 2 }, seed().tables, {
      fetchedAt: 2000,
      date: 2100,
    })
    expect(response).toMatchSnapshot()
    expect(result).toBe(2)
    expect(response.entities).toEqual({})
    expect(response.entitiesMeta.Post?.['2']).toMatchObject({ deleted: true, fetchedAt: 2000 })
    expectPlainJson(response)
  })

  it('applyNormalized removes the record and keeps the tombstone', () => {
    const { tables } = write(new schema.Delete(Post), { id: 2 }, seed().tables)
    expect(Object.keys(tables.entities.Post ?? {})).toEqual(['1'])
    expect(tables.entitiesMeta.Post?.['2']?.deleted).toBe(true)
    expectPlainJson(tables)
  })

  it('accepts a bare id (such as the call params reduced to an id)', () => {
    const { tables, result } = write(new schema.Delete(Post), 1, seed().tables)
    expect(result).toBe(1)
    expect(tables.entities.Post?.['1']).toBeUndefined()
  })

  it('reads as undefined, and leaves lists and members', () => {
    const before = seed()
    const { result, source } = write(new schema.Delete(Post), { id: 2 }, before.tables)
    const memo = new MemoCache()
    expect(memo.denormalize(new schema.Delete(Post), result, source).data).toBeUndefined()
    expect(memo.denormalize(Post, '2', source).data).toBeUndefined()
    const posts = memo.denormalize([Post], before.result, source).data as Post[]
    expect(posts.map((post) => post.id)).toEqual([1])
    // A deleted child leaves its parent's list.
    expect(posts[0]?.author?.posts.map((post) => post.id)).toEqual([1])
  })

  it('a deleted parent reads as undefined from the child', () => {
    const { source } = write(new schema.Delete(User), { id: 1 }, seed().tables)
    const post = new MemoCache().denormalize(Post, '1', source).data as Post
    expect(post.author).toBeUndefined()
  })

  it('needs a pk', () => {
    expect(() => write(new schema.Delete(Post), { title: 'no id' })).toThrow(MissingPrimaryKeyError)
  })
})
