/**
 * The change tracker's index of reads that found a record missing (src/normalizr/ReaderIndex.ts):
 * it never keeps a node alive, it lets go of what forgotten records read, and it stays
 * proportional to what live nodes read, also for pks that are never stored (so garbage
 * collection never names them), while every change still reaches the live readers.
 */
import type { EntitySource, PlainTables } from 'rtk-resources'
import { Entity, MemoCache } from 'rtk-resources'
import { Post, User } from '../fixtures/entities'
import { aliveAfterGc, settledHeap } from '../fixtures/heap'
import { later } from '../fixtures/rows'
import { write } from '../fixtures/tables'

class Message extends Entity {
  id = 0
  text = ''
  replyTo: Message | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Message'
}
Message.schema = { replyTo: Message }

class Song extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Song'
}

/** A player whose next song is named before it is loaded (a new one after every track). */
class Player extends Entity {
  id = 0
  next: Song | undefined = undefined
  pk() {
    return this.id
  }
  static key = 'Player'
}
Player.schema = { next: Song }

const feed = [Message]

/** How many (table, pk) entries the memo's index of missing reads holds (internal). */
function indexedPks(memo: MemoCache): number {
  const { tracker } = memo as unknown as {
    tracker: { readers: { records: Map<string, Map<string, unknown>> } }
  }
  let count = 0
  for (const byPk of tracker.readers.records.values()) count += byPk.size
  return count
}

/** A view of `source` that counts the records asked for (its change reports kept). */
function counting(source: EntitySource) {
  const counter = { reads: 0 }
  const view: EntitySource = {
    token: source.token,
    getEntity(key, pk) {
      counter.reads++
      return source.getEntity(key, pk)
    },
    getMeta: (key, pk) => source.getMeta(key, pk),
    getTable: (key) => source.getTable(key),
    forEachEntity: (key, fn) => source.forEachEntity(key, fn),
    forEachChangeSince: source.forEachChangeSince?.bind(source),
  }
  return { view, counter }
}

/**
 * Messages 101 to 120, each a reply to one outside the loaded window (1 to 20), read through
 * `memo` twice with a reported change between (so changes are tracked). Returns weak references
 * to the instances read (a plain function: no frame keeps them) and the last tables.
 */
function readWindow(memo: MemoCache): { refs: WeakRef<Message>[]; tables: PlainTables } {
  const window = Array.from({ length: 20 }, (_, i) => ({
    id: 101 + i,
    text: `m${101 + i}`,
    replyTo: 1 + i,
  }))
  const first = write(feed, window)
  memo.denormalize(feed, first.result, first.source)
  const edited = write(Message, { id: 101, text: 'edited' }, first.tables, later(2000))
  const read = memo.denormalize<Message[]>(feed, first.result, edited.source).data ?? []
  expect(read).toHaveLength(20)
  expect(read[0]?.text).toBe('edited')
  return { refs: read.map((message) => new WeakRef(message)), tables: edited.tables }
}

describe('ReaderIndex: forgotten records', () => {
  it('forgotten messages that replied outside the loaded window leave no instance reachable', async () => {
    const memo = new MemoCache()
    const { refs } = readWindow(memo)
    memo.forgetEntities(
      'Message',
      refs.map((_, i) => String(101 + i)),
    )
    expect(await aliveAfterGc(refs)).toBe(0)
    // Nor an entry for the messages they replied to.
    expect(indexedPks(memo)).toBe(0)
  })

  it('a forgotten post leaves no instance reachable through the author it pointed to', async () => {
    const memo = new MemoCache()
    const posts = [1, 2, 3].map((id) => ({ id, title: `p${id}`, author: { id: 1, name: 'Ada' } }))
    const { refs, source } = (() => {
      const first = write([Post], posts)
      memo.denormalize([Post], first.result, first.source)
      const edited = write(Post, { id: 1, title: 'edited' }, first.tables, later(2000))
      const read = memo.denormalize<Post[]>([Post], first.result, edited.source).data ?? []
      expect(read.map((post) => post.author?.name)).toEqual(['Ada', 'Ada', 'Ada'])
      return { refs: read.map((post) => new WeakRef(post)), source: edited.source }
    })()
    const author = memo.getEntity<User>(User, '1', source)
    memo.forgetEntities('Post', ['1', '2', '3'])
    expect(await aliveAfterGc(refs)).toBe(0)
    // The author is still the memo's, and still follows changes.
    expect(memo.getEntity(User, '1', source)).toBe(author)
  })

  it('a forgotten pk that a live node still reads keeps its entry: a later write still reaches it', () => {
    const memo = new MemoCache()
    const { tables } = readWindow(memo)
    const reply = (source: EntitySource) => memo.getEntity<Message>(Message, '101', source)
    const before = write(Message, { id: 120, text: 'noise' }, tables, later(3000))
    const instance = reply(before.source)
    // Garbage collection forgets a tombstone of 1 (never loaded here): message 101 still
    // reads it as missing.
    memo.forgetEntities('Message', ['1'])
    expect(reply(before.source)).toBe(instance)
    const loaded = write(Message, { id: 1, text: 'the original' }, before.tables, later(4000))
    expect(reply(loaded.source)?.replyTo?.text).toBe('the original')
  })
})

describe('ReaderIndex: pks that are never stored', () => {
  it('a live node reading a new missing pk after each write: the index stays bounded, changes still reach it', () => {
    const memo = new MemoCache()
    // A message that replies outside the window, read once and never rebuilt: its entry must
    // survive every prune.
    let { tables, source } = write(Message, { id: 7, text: 'reply', replyTo: 999 })
    const message = memo.getEntity<Message>(Message, '7', source)
    expect(message?.replyTo).toBeUndefined()
    let time = 2000
    for (let track = 0; track < 2000; track++) {
      ;({ tables, source } = write(Player, { id: 1, next: 10_000 + track }, tables, later(time++)))
      const player = memo.getEntity<Player>(Player, '1', source)
      expect(player?.next).toBeUndefined()
    }
    // Before: one entry per song ever named (2,001). Now: the live reads, and those added since
    // the last prune (at most 256).
    expect(indexedPks(memo)).toBeLessThan(600)
    expect(memo.getEntity(Message, '7', source)).toBe(message)

    // The song the player names now is loaded: the player sees it.
    ;({ tables, source } = write(Song, { id: 11_999, title: 'last' }, tables, later(time++)))
    expect(memo.getEntity<Player>(Player, '1', source)?.next?.title).toBe('last')
    // So is the message the reply points to, and the read asks for O(changed) records.
    ;({ tables, source } = write(Message, { id: 999, text: 'original' }, tables, later(time++)))
    const { view, counter } = counting(source)
    expect(memo.getEntity<Message>(Message, '7', view)?.replyTo?.text).toBe('original')
    expect(counter.reads).toBeLessThanOrEqual(4)
  })

  it('results gone with their inputs: their entries go at the next prune', async () => {
    const memo = new MemoCache()
    let { tables, source } = write(Message, { id: 1, text: 'kept' })
    // A live result that reads a missing message all along.
    const kept = [1, 2]
    expect(memo.denormalize<Message[]>(feed, kept, source).data).toHaveLength(1)
    let time = 2000
    for (let round = 0; round < 4; round++) {
      ;({ tables, source } = write(Message, { id: 1, text: `r${round}` }, tables, later(time++)))
      expect(memo.denormalize<Message[]>(feed, kept, source).data?.[0]?.text).toBe(`r${round}`)
      // Three hundred reads of lists naming deleted messages, whose inputs are then dropped.
      for (let i = 0; i < 300; i++) {
        expect(memo.denormalize(feed, [1_000 * (round + 1) + i], source).data).toEqual([])
      }
      await settledHeap()
    }
    ;({ tables, source } = write(Message, { id: 1, text: 'last' }, tables, later(time++)))
    expect(memo.denormalize<Message[]>(feed, kept, source).data?.[0]?.text).toBe('last')
    // Before: 1,201 entries, one per pk ever read as missing.
    expect(indexedPks(memo)).toBeLessThan(600)
    // The live result's entry is one of them: message 2, once stored, reaches it.
    ;({ tables, source } = write(Message, { id: 2, text: 'found' }, tables, later(time++)))
    const found = memo.denormalize<Message[]>(feed, kept, source).data
    expect(found?.map((message) => message.text)).toEqual(['last', 'found'])
  })
})
