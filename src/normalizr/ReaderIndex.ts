/**
 * The reads that produced no node, indexed by what they read (see ChangeTracker.ts): the nodes
 * that read a record as missing or invalid, per table and pk, and the nodes that listed a table.
 *
 * Readers are held weakly: an entity node the memo forgot, or a result gone with its input, is
 * not kept alive (with its instance and all it holds) by what it once read. The index drops
 * what no longer needs it, readers gone or that no longer read what they are indexed under:
 * for the pks of forgotten records and the reads of their nodes when records are forgotten, and
 * in full whenever it has doubled since it was last pruned (a pk that was never stored is never
 * forgotten: a reply to a message outside the loaded window). So it stays proportional to the
 * reads of live nodes, at amortized O(1) per entry added.
 */
import { RecordDep } from './graph'
import type { GraphNode } from './graph'
import { liveNode, pushParent } from './parents'
import { ResultNode } from './ResultNode'

/** A node that read something, held weakly. */
export type Reader = WeakRef<GraphNode>

/** The fewest (table, pk) entries that make a full prune due. */
const MIN_PRUNE = 256
/** While pruning, a node with more reads than this is looked up through a set of them. */
const SCAN_READS = 8

export class ReaderIndex {
  /** Nodes that read a record as missing or invalid, per table, per pk. */
  private readonly records = new Map<string, Map<string, Reader[]>>()
  /** Nodes that listed a whole table, per table. */
  private readonly tables = new Map<string, Reader[]>()
  /** The (table, pk) entries in `records`, and how many make the next full prune due. */
  private size = 0
  private pruneAt = MIN_PRUNE
  /** The reader of each entity node that read something (results have their own). */
  private readonly refs = new WeakMap<GraphNode, Reader>()

  /** Indexes the reads of `node` (just built or checked). */
  add(node: GraphNode): void {
    const reads = node.reads
    if (reads.length === 0) return
    const reader = this.readerOf(node)
    for (const read of reads) {
      if (read instanceof RecordDep) {
        let byPk = this.records.get(read.key)
        if (!byPk) this.records.set(read.key, (byPk = new Map()))
        const list = byPk.get(read.pk)
        if (list) pushParent(list, reader)
        else {
          byPk.set(read.pk, [reader])
          this.size++
        }
      } else {
        const list = this.tables.get(read.key)
        if (list) pushParent(list, reader)
        else this.tables.set(read.key, [reader])
      }
    }
  }

  /** The nodes that read record `pk` of table `key` as missing or invalid (some may be gone). */
  ofRecord(key: string, pk: string): readonly Reader[] | undefined {
    return this.records.get(key)?.get(pk)
  }

  /** The nodes that listed table `key` (some may be gone). */
  ofTable(key: string): readonly Reader[] | undefined {
    return this.tables.get(key)
  }

  /**
   * Records `pks` of table `key` were forgotten, and with them the entity nodes `forgotten`:
   * their entries, and the entries of what those nodes read, keep only the live readers that
   * still read them (a later write of a pk must still reach those).
   */
  forget(key: string, pks: readonly string[], forgotten: readonly GraphNode[]): void {
    const reads = new ReadsOf()
    const byPk = this.records.get(key)
    if (byPk) for (const pk of pks) this.pruneRecord(key, pk, reads)
    for (const node of forgotten) {
      for (const read of node.reads) {
        if (read instanceof RecordDep) this.pruneRecord(read.key, read.pk, reads)
      }
    }
  }

  /** Prunes every entry once the index has doubled since it was last pruned. */
  tidy(): void {
    if (this.size <= this.pruneAt) return
    const reads = new ReadsOf()
    for (const [key, byPk] of this.records) {
      for (const pk of byPk.keys()) this.pruneRecord(key, pk, reads)
    }
    for (const [key, list] of this.tables) {
      keepReaders(list, (node) => reads.table(node, key))
      if (list.length === 0) this.tables.delete(key)
    }
    this.pruneAt = Math.max(MIN_PRUNE, 2 * this.size)
  }

  private readerOf(node: GraphNode): Reader {
    if (node instanceof ResultNode) return node.weakRef()
    let reader = this.refs.get(node)
    if (!reader) this.refs.set(node, (reader = new WeakRef(node)))
    return reader
  }

  /** Keeps the live readers of record `pk` of `key` that still read it; drops an empty entry. */
  private pruneRecord(key: string, pk: string, reads: ReadsOf): void {
    const byPk = this.records.get(key)
    const list = byPk?.get(pk)
    if (!byPk || !list) return
    keepReaders(list, (node) => reads.record(node, key, pk))
    if (list.length > 0) return
    byPk.delete(pk)
    this.size--
    if (byPk.size === 0) this.records.delete(key)
  }
}

/** Keeps in `list` the readers live and still reading (`reading`), once each. */
function keepReaders(list: Reader[], reading: (node: GraphNode) => boolean): void {
  const seen = list.length > 1 ? new Set<Reader>() : undefined
  let kept = 0
  for (const reader of list) {
    const node = liveNode(reader)
    if (!node || !reading(node) || seen?.has(reader)) continue
    seen?.add(reader)
    list[kept++] = reader
  }
  list.length = kept
}

/**
 * Whether nodes still read what they are indexed under (their reads since their last build), for
 * one prune: a node with many reads is looked up through a set of them, made once.
 */
class ReadsOf {
  private readonly sets = new Map<GraphNode, Set<string>>()

  record(node: GraphNode, key: string, pk: string): boolean {
    const reads = node.reads
    if (reads.length > SCAN_READS) return this.setOf(node).has(recordId(key, pk))
    for (const read of reads) {
      if (read instanceof RecordDep && read.key === key && read.pk === pk) return true
    }
    return false
  }

  table(node: GraphNode, key: string): boolean {
    const reads = node.reads
    if (reads.length > SCAN_READS) return this.setOf(node).has(tableId(key))
    for (const read of reads) if (!(read instanceof RecordDep) && read.key === key) return true
    return false
  }

  private setOf(node: GraphNode): Set<string> {
    let set = this.sets.get(node)
    if (!set) {
      set = new Set()
      for (const read of node.reads) {
        set.add(read instanceof RecordDep ? recordId(read.key, read.pk) : tableId(read.key))
      }
      this.sets.set(node, set)
    }
    return set
  }
}

/** One string per (table, pk), never equal to another's nor to a table's. */
const recordId = (key: string, pk: string) => `${key.length}:${key}${pk}`
const tableId = (key: string) => `*${key}`
