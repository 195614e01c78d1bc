/**
 * The validity walk (graph.ts, an iterative Tarjan walk) against a model: on random cyclic
 * graphs, after random edits, a memoized read keeps exactly the instances that reach no edited
 * record (itself included), rebuilds the others, and reads as a fresh memo would.
 */
import type { EntityRecord, EntitySource, PlainTables } from 'rtk-resources'
import { Entity, MemoCache } from 'rtk-resources'
import { GraphNode, RecordDep, Walk, isValidIn } from '../../src/normalizr/graph'
import { write } from '../fixtures/tables'

class Vertex extends Entity {
  id = ''
  v = 0
  out: Vertex[] = []
  pk() {
    return this.id
  }
  static key = 'Vertex'
}
Vertex.schema = { out: [Vertex] }

/** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
function randomFrom(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Model {
  v: number
  out: string[]
}

/** Every id `from` reaches through `out`, itself included. */
function reach(graph: Map<string, Model>, from: string): Set<string> {
  const seen = new Set([from])
  const stack = [from]
  while (stack.length > 0) {
    for (const next of (graph.get(stack.pop() as string) as Model).out) {
      if (!seen.has(next)) {
        seen.add(next)
        stack.push(next)
      }
    }
  }
  return seen
}

/** What a read shows, by id: its value and its members' ids, and each member is that id's read. */
function shown(list: Vertex[]): Map<string, Model> {
  const byId = new Map(list.map((vertex) => [vertex.id, vertex]))
  const out = new Map<string, Model>()
  for (const vertex of list) {
    for (const member of vertex.out) expect(byId.get(member.id)).toBe(member)
    out.set(vertex.id, { v: vertex.v, out: vertex.out.map((member) => member.id) })
  }
  return out
}

const SIZE = 24
const STEPS = 30

test.each([1, 2, 3, 4, 5, 6, 7, 8])(
  'seed %i: after each edit, exactly the instances reaching an edited record are rebuilt',
  (seed) => {
    const random = randomFrom(seed)
    const ids = Array.from({ length: SIZE }, (_, i) => `n${i}`)
    const pick = () => ids[Math.floor(random() * SIZE)] as string
    const edges = () => Array.from({ length: Math.floor(random() * 3) }, pick)
    const graph = new Map<string, Model>(ids.map((id) => [id, { v: 0, out: edges() }]))
    let time = 1000
    const record = (id: string) => ({ id, v: graph.get(id)?.v, out: graph.get(id)?.out })
    let tables: PlainTables = write([Vertex], ids.map(record), undefined, {
      fetchedAt: time,
      date: time,
    }).tables
    const memo = new MemoCache()
    const read = () =>
      memo.denormalize([Vertex], ids, write([], [], tables).source).data as Vertex[]
    let before = read()
    expect(shown(before)).toEqual(graph)
    for (let step = 0; step < STEPS; step++) {
      const edited = new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, pick))
      for (const id of edited) {
        // Always a change (a write equal to the stored record keeps it), to members or not.
        const model = graph.get(id) as Model
        model.v += 1
        if (random() < 0.5) model.out = edges()
      }
      time += 1
      tables = write([Vertex], [...edited].map(record), tables, {
        fetchedAt: time,
        date: time,
      }).tables
      const after = read()
      expect(shown(after)).toEqual(graph)
      const fresh = new MemoCache().denormalize([Vertex], ids, write([], [], tables).source)
        .data as Vertex[]
      expect(shown(fresh)).toEqual(graph)
      ids.forEach((id, i) => {
        const touched = [...reach(graph, id)].some((other) => edited.has(other))
        if (touched) expect({ id, kept: after[i] === before[i] }).toEqual({ id, kept: false })
        else expect({ id, kept: after[i] === before[i] }).toEqual({ id, kept: true })
      })
      before = after
    }
  },
)

/** A source of records by pk that throws when asked for `throwOn`. */
function recordsSource(records: Record<string, EntityRecord>, throwOn?: string): EntitySource {
  return {
    token: {},
    getEntity(_key, pk) {
      if (pk === throwOn) throw new Error('source threw')
      return records[pk]
    },
    getMeta: () => undefined,
    getTable: () => undefined,
    forEachEntity: () => undefined,
  }
}

test('a walk a throwing source interrupts leaves no verdict behind, and no frames', () => {
  const a0 = {}
  const b0 = {}
  const a = new GraphNode()
  const b = new GraphNode()
  a.addRead(new RecordDep('K', 'a', a0))
  b.addRead(new RecordDep('K', 'b', b0))
  // A cycle, so that b is walked rather than read as a leaf.
  a.deps = [b]
  b.deps = [a]
  a.stamp(0)
  b.stamp(0)
  const walk = new Walk()
  // Clock 1: b's record changed, and change tracking marked both.
  const changed = { a: a0, b: {} }
  a.dirty = 1
  b.dirty = 1
  expect(() => isValidIn(a, recordsSource(changed, 'b'), 1, walk, 0)).toThrow('source threw')
  expect([walk.frames.length, walk.lows.length, walk.stack.length]).toEqual([0, 0, 0])
  // Clock 2: nothing new changed; both are still stale.
  expect(isValidIn(b, recordsSource(changed), 2, walk, 0)).toBe(false)
  expect(isValidIn(a, recordsSource(changed), 2, walk, 0)).toBe(false)
})
