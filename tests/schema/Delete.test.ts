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

  describe('a response without the pk ({ success: true }) is named by the call params', () => {
    const meta = { fetchedAt: 2000, date: 2000 }
    const deleteWith = (input: unknown, args: readonly unknown[], itemSchema?: unknown) =>
      write(itemSchema ?? new schema.Delete(Post), input, seed().tables, meta, args)

    it('an object pk() reads', () => {
      const { tables, result } = deleteWith({ success: true }, [{ id: 2 }])
      expect(result).toBe(2)
      expect(tables.entities.Post?.['2']).toBeUndefined()
      expect(tables.entitiesMeta.Post?.['2']?.deleted).toBe(true)
    })

    it('a bare pk, and an empty object response', () => {
      expect(deleteWith({ success: true }, [2]).tables.entitiesMeta.Post?.['2']?.deleted).toBe(true)
      expect(deleteWith({}, [{ id: 1 }]).tables.entitiesMeta.Post?.['1']?.deleted).toBe(true)
    })

    it("the response's own pk wins over the params", () => {
      const { tables } = deleteWith({ id: 1 }, [{ id: 2 }])
      expect(tables.entitiesMeta.Post?.['1']?.deleted).toBe(true)
      expect(tables.entities.Post?.['2']).toBeDefined()
    })

    it('neither names one: MissingPrimaryKeyError about the response', () => {
      expect(() => deleteWith({ success: true }, [{ title: 'x' }])).toThrow(MissingPrimaryKeyError)
      expect(() => deleteWith({ success: true }, [])).toThrow(/\{"success":true\}/)
    })

    it('only for the whole response: items of a list are not named by the params', () => {
      const list = [new schema.Delete(Post)]
      expect(() => deleteWith([{ success: true }], [{ id: 2 }], list)).toThrow(
        MissingPrimaryKeyError,
      )
    })
  })
})
