/**
 * The records and metas one `normalize` call writes into one table. Plain objects (they are the
 * output, plain JSON data) read and written as own members only, with accessors local to this
 * class: V8 specializes them for these tables instead of sharing one generic lookup with every
 * other object in the program.
 */
import { keepHiddenClassOf } from '../internal/hiddenClass'
import type { EntityMeta, EntityRecord } from './types'

const hasOwnProperty = Object.prototype.hasOwnProperty

function define(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
}

export class WrittenTable {
  readonly records: Record<string, EntityRecord> = {}
  readonly metas: Record<string, EntityMeta> = {}
  /** True once a record was written (it may have been deleted since). */
  private wroteRecord = false
  /** True once a written record was deleted. */
  private deletedRecord = false
  /**
   * True while every record written here came from an entity with the default `process` and
   * `merge` (added with `copies`): each is then a new object this normalize made, which a later
   * occurrence of the same entity may be merged into in place.
   */
  onlyCopies = true

  // A miss (the usual case: a record's first mention) costs one lookup; a hit is confirmed own.
  record(pk: string): EntityRecord | undefined {
    const record = this.records[pk]
    return record !== undefined && hasOwnProperty.call(this.records, pk) ? record : undefined
  }

  meta(pk: string): EntityMeta | undefined {
    const meta = this.metas[pk]
    return meta !== undefined && hasOwnProperty.call(this.metas, pk) ? meta : undefined
  }

  // One store, no lookup first: in a table of thousands of ids each lookup is a hash probe.
  setRecord(pk: string, record: EntityRecord): void {
    this.wroteRecord = true
    if (pk === '__proto__') define(this.records, pk, record)
    else this.records[pk] = record
  }

  setMeta(pk: string, meta: EntityMeta): void {
    if (pk === '__proto__') define(this.metas, pk, meta)
    else this.metas[pk] = meta
  }

  deleteRecord(pk: string): void {
    if (!hasOwnProperty.call(this.records, pk)) return
    delete this.records[pk]
    this.deletedRecord = true
  }

  /**
   * True when `records` holds a record (a table of deletions only holds none). Its keys are
   * listed only when a record written was deleted since (a delete after an update of the same
   * record, in one response).
   */
  hasRecords(): boolean {
    if (!this.wroteRecord) return false
    return !this.deletedRecord || Object.keys(this.records).length > 0
  }
}

/**
 * @internal A table kept so that the hidden class of the tables a normalize writes outlives
 * the normalize (see `internal/hiddenClass.ts`): without it, each full GC threw away the
 * optimized code of `record`, `setRecord`, `meta` and `setMeta`.
 */
export const writtenTableShape = keepHiddenClassOf(new WrittenTable())
