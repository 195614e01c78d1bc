/**
 * The records and metas one `normalize` call writes into one table. Plain objects (they are the
 * output, plain JSON data) read and written as own members only, with accessors local to this
 * class: V8 specializes them for these tables instead of sharing one generic lookup with every
 * other object in the program.
 */
import type { EntityMeta, EntityRecord } from './types'

const hasOwnProperty = Object.prototype.hasOwnProperty

function define(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
}

export class WrittenTable {
  readonly records: Record<string, EntityRecord> = {}
  readonly metas: Record<string, EntityMeta> = {}
  /** How many records `records` holds (a table of deletions only has none). */
  size = 0

  record(pk: string): EntityRecord | undefined {
    return hasOwnProperty.call(this.records, pk) ? this.records[pk] : undefined
  }

  meta(pk: string): EntityMeta | undefined {
    return hasOwnProperty.call(this.metas, pk) ? this.metas[pk] : undefined
  }

  setRecord(pk: string, record: EntityRecord): void {
    const records = this.records
    if (!hasOwnProperty.call(records, pk)) this.size++
    if (pk === '__proto__') define(records, pk, record)
    else records[pk] = record
  }

  setMeta(pk: string, meta: EntityMeta): void {
    if (pk === '__proto__') define(this.metas, pk, meta)
    else this.metas[pk] = meta
  }

  deleteRecord(pk: string): void {
    if (!hasOwnProperty.call(this.records, pk)) return
    delete this.records[pk]
    this.size--
  }
}
