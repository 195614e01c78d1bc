import type { PlainTables } from 'rtk-resources'
import { Entity, MemoCache, createPlainSource } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { write } from '../fixtures/tables'

class Link extends Entity {
  id = ''
  label = ''
  next: Link | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Link'
}
Link.schema = { next: Link }

const LENGTH = 10_000
const later = { fetchedAt: 2000, date: 2000 }

/** Walks `next` from `head`; returns how many links and the last one (gives up after max). */
function walk(head: Link | undefined, max = LENGTH * 2) {
  let count = 0
  let last: Link | undefined
  for (let link = head; link && count < max; link = link.next) {
    last = link
    count++
  }
  return { count, last }
}

/** Tables holding a chain 0 → 1 → … → LENGTH-1, built directly (no normalize). */
function chainTables(closeRing = false): PlainTables {
  const links: Record<string, Record<string, unknown>> = {}
  const metas: Record<string, { fetchedAt: number; date: number; expiresAt: number }> = {}
  for (let i = 0; i < LENGTH; i++) {
    const next = i + 1 < LENGTH ? String(i + 1) : closeRing ? '0' : null
    links[String(i)] = { id: String(i), label: `#${i}`, next }
    metas[String(i)] = { fetchedAt: 1000, date: 1000, expiresAt: 1e15 }
  }
  return { entities: { Link: links }, entitiesMeta: { Link: metas } }
}

describe('cyclic entity graphs', () => {
  const seed = () =>
    write(User, {
      id: 1,
      name: 'Ann',
      posts: [
        { id: 1, title: 'one', author: 1 },
        { id: 2, title: 'two', author: 1 },
      ],
    })

  it('denormalize with stable references around the cycle', () => {
    const { source } = seed()
    const memo = new MemoCache()
    const user = memo.denormalize(User, '1', source).data as User
    expect(user.posts.map((post) => post.title)).toEqual(['one', 'two'])
    expect(user.posts[0]?.author).toBe(user)
    expect(user.posts[1]?.author?.posts[0]).toBe(user.posts[0])
    expect(memo.denormalize(User, '1', source).data).toBe(user)
    expect(memo.denormalize(Post, '2', source).data).toBe(user.posts[1])
  })

  it('after a change inside the cycle, the rebuilt cycle points to its new members', () => {
    const first = seed()
    const other = write(User, { id: 2, posts: [{ id: 3, author: 2 }] }, first.tables)
    const memo = new MemoCache()
    const user = memo.denormalize(User, '1', other.source).data as User
    const stranger = memo.denormalize(User, '2', other.source).data as User
    const edited = write(Post, { id: 2, title: 'edited' }, other.tables, later)
    const user2 = memo.denormalize(User, '1', edited.source).data as User
    expect(user2).not.toBe(user)
    expect(user2.posts[1]?.title).toBe('edited')
    expect(user2.posts[0]?.author).toBe(user2)
    expect(user2.posts[1]?.author).toBe(user2)
    expect(memo.denormalize(Post, '1', edited.source).data).toBe(user2.posts[0])
    // The other user's cycle is untouched.
    expect(memo.denormalize(User, '2', edited.source).data).toBe(stranger)
  })
})

describe('10,000-long chains', () => {
  it('denormalize from tables built directly, and are navigable to the end', () => {
    const source = createPlainSource(chainTables())
    const memo = new MemoCache()
    const head = memo.denormalize(Link, '0', source).data as Link
    const { count, last } = walk(head)
    expect(count).toBe(LENGTH)
    expect(last?.label).toBe(`#${LENGTH - 1}`)
    expect(last?.next).toBeNull()
    expect(memo.denormalize(Link, '0', source).data).toBe(head)
  })

  it('normalize from a flat list referencing the next by id, then read', () => {
    const input = Array.from({ length: LENGTH }, (_, i) => ({
      id: String(i),
      label: `#${i}`,
      next: i + 1 < LENGTH ? String(i + 1) : null,
    }))
    const { result, source } = write([Link], input)
    expect(result).toHaveLength(LENGTH)
    const list = new MemoCache().denormalize([Link], result, source).data as Link[]
    expect(list).toHaveLength(LENGTH)
    expect(walk(list[0]).count).toBe(LENGTH)
    expect(list[0]?.next).toBe(list[1])
  })

  it('a change at the tail rebuilds the chain; a change at the head keeps the rest', () => {
    const tables = chainTables()
    const memo = new MemoCache()
    const head = memo.denormalize(Link, '0', createPlainSource(tables)).data as Link
    const tail = write(Link, { id: String(LENGTH - 1), label: 'tail' }, tables, later)
    const head2 = memo.denormalize(Link, '0', tail.source).data as Link
    expect(head2).not.toBe(head)
    expect(walk(head2).last?.label).toBe('tail')
    const top = write(Link, { id: '0', label: 'top' }, tail.tables, later)
    const head3 = memo.denormalize(Link, '0', top.source).data as Link
    expect(head3.label).toBe('top')
    expect(head3.next).toBe(head2.next)
    // An unrelated change keeps everything.
    const unrelated = write(User, { id: 1 }, top.tables)
    expect(memo.denormalize(Link, '0', unrelated.source).data).toBe(head3)
  })

  it('a 10,000-long ring closes on itself', () => {
    const tables = chainTables(true)
    const memo = new MemoCache()
    const head = memo.denormalize(Link, '0', createPlainSource(tables)).data as Link
    let link: Link | undefined = head
    for (let i = 0; i < LENGTH; i++) link = link?.next
    expect(link).toBe(head)
    // One strongly connected component: a change anywhere rebuilds all of it, consistently.
    const edited = write(Link, { id: '5000', label: 'mid' }, tables, later)
    const head2 = memo.denormalize(Link, '0', edited.source).data as Link
    expect(head2).not.toBe(head)
    expect(head2.next).not.toBe(head.next)
    link = head2
    for (let i = 0; i < LENGTH; i++) link = link?.next
    expect(link).toBe(head2)
  })
})
