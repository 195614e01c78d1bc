/**
 * Reading from the tables alone: deriving a normalized input from args (for `Query`), and a
 * view of a source that records what such a derivation read (so the memo knows when to redo it).
 */
import { isPlainObject } from '../internal/ownKeys'
import { RecordDep, TableDep } from './graph'
import type { GraphNode } from './graph'
import { isEntitySchema, isSchemaObject } from './isEntity'
import { queryMembers } from './shorthand'
import type { EntitySource, QueryContext } from './types'

/** A view of `source` that records what it is asked as reads of `node`. */
export function recordingSource(source: EntitySource, node: GraphNode): EntitySource {
  return {
    token: source.token,
    getMeta: (key, pk) => source.getMeta(key, pk),
    getEntity(key, pk) {
      const record = source.getEntity(key, pk)
      node.addRead(new RecordDep(key, pk, record))
      return record
    },
    getTable(key) {
      const table = source.getTable(key)
      node.addRead(new TableDep(key, table))
      return table
    },
    forEachEntity(key, fn) {
      node.addRead(new TableDep(key, source.getTable(key)))
      source.forEachEntity(key, fn)
    },
  }
}

/** Derives a normalized input from args alone, or `undefined` when the tables cannot answer. */
export function queryKey(schema: unknown, args: readonly unknown[], source: EntitySource): unknown {
  const ctx: QueryContext = { source, queryKey: (s, a) => queryKey(s, a, source) }
  if (schema === undefined || schema === null) return undefined
  if (isEntitySchema(schema) || isSchemaObject(schema)) {
    return typeof schema.queryKey === 'function' ? schema.queryKey(args, ctx) : undefined
  }
  if (isPlainObject(schema)) return queryMembers(schema, args, ctx)
  return undefined
}
