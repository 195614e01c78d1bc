/**
 * Memoized results of `denormalize` and `query`. A result that is a list of entity references
 * (`[Entity]` over a list of pks, every item present) also remembers that its deps are its items
 * in order: after a change it is patched, a copy of the previous list with the changed items put
 * back in their places, instead of being read again item by item.
 */
import { keepHiddenClassOf } from '../internal/hiddenClass'
import { GraphNode, NO_READS, isValidIn } from './graph'
import type { EntityNode, Walk } from './graph'
import { isEntitySchema } from './isEntity'
import type { EntitySource } from './types'

/** What a read returns: the data, and whether a record it needed was incomplete. */
export interface DenormalizeResult<T = unknown> {
  /** The denormalized value; `undefined` when missing, deleted or incomplete. */
  readonly data: T | undefined
  /** True when a record the value needs failed `validate` (a reader should fetch). */
  readonly incomplete: boolean
}

export const MISSING: DenormalizeResult = Object.freeze({ data: undefined, incomplete: false })

export class ResultNode extends GraphNode {
  result: DenormalizeResult = MISSING
  /** True when `result.data[i]` is the instance of `deps[i]`, for every item. */
  list = false
  /** Where each item's node sits in the list (built the first time a patch needs it). */
  private positions: Map<GraphNode, number | number[]> | undefined
  /** Whether its deps and reads know it (see ChangeTracker.ts): only then can it be trusted. */
  registered = false
  /** The children through which changes reached it since its last check (see ChangeTracker.ts);
   * `undefined` with `touchedAll` when too many did. */
  touched: GraphNode[] | undefined
  touchedAll = false
  private ref: WeakRef<ResultNode> | undefined

  /** How the nodes it holds refer back to it: weakly, so that it goes with its input. */
  weakRef(): WeakRef<ResultNode> {
    return (this.ref ??= new WeakRef(this))
  }

  override trusted(since: number): boolean {
    return this.registered && super.trusted(since)
  }

  /** Notes that a change reached it through `child` (up to `max` children, then "all"). */
  touch(child: GraphNode, max: number): void {
    if (this.touchedAll) return
    const touched = (this.touched ??= [])
    if (touched.length < max) touched.push(child)
    else {
      this.touched = undefined
      this.touchedAll = true
    }
  }

  /** Forgets the touched children (after a check or a build: they were looked at). */
  untouch(): void {
    this.touched = undefined
    this.touchedAll = false
  }

  /**
   * The children of a registered node that changes reached since its last check, when that
   * check can be trusted: then nothing else it holds changed. `undefined` when it cannot tell.
   */
  touchedSince(since: number): readonly GraphNode[] | undefined {
    if (
      !this.registered ||
      this.touchedAll ||
      !this.validAt(this.checked) ||
      this.checked < since
    ) {
      return undefined
    }
    return this.touched ?? []
  }

  /** After a (re)build: notes whether the value is an entity list it can patch later. */
  noteList(schema: unknown, input: unknown): void {
    this.list = false
    this.positions = undefined
    const data = this.result.data
    if (!Array.isArray(schema) || schema.length !== 1 || !isEntitySchema(schema[0])) return
    if (!Array.isArray(input) || !Array.isArray(data) || this.reads !== NO_READS) return
    const deps = this.deps
    if (data.length !== input.length || deps.length !== data.length) return
    for (let i = 0; i < deps.length; i++) {
      if ((deps[i] as Partial<EntityNode>).instance !== data[i]) return
    }
    this.list = true
  }

  /**
   * For a list: the item nodes it holds out of date (changed since, or rebuilt after the list
   * was), every item looked at. Each verdict is kept on the item for the rest of the snapshot.
   */
  staleItems(source: EntitySource, clock: number, walk: Walk, since: number): EntityNode[] {
    const stale: EntityNode[] = []
    const deps = this.deps as EntityNode[]
    for (let i = 0; i < deps.length; i++) {
      const item = deps[i] as EntityNode
      if (item.built > this.built || !isValidIn(item, source, clock, walk, since)) stale.push(item)
    }
    return stale
  }

  /**
   * A copy of the list with the current instance of each stale item in its place(s), or
   * `undefined` when an item no longer reads as an instance (missing, deleted, invalid): then
   * the list must be read again. `current` gives an item's instance, rebuilding it if needed.
   */
  patch(
    stale: readonly EntityNode[],
    current: (item: EntityNode) => unknown,
  ): DenormalizeResult | undefined {
    const data = (this.result.data as unknown[]).slice()
    const positions = (this.positions ??= positionsOf(this.deps))
    for (const item of stale) {
      const instance = current(item)
      if (instance === undefined || instance !== item.instance) return undefined
      const at = positions.get(item)
      if (typeof at === 'number') data[at] = instance
      else if (at) for (const i of at) data[i] = instance
    }
    return { data, incomplete: false }
  }
}

function positionsOf(deps: readonly GraphNode[]): Map<GraphNode, number | number[]> {
  const positions = new Map<GraphNode, number | number[]>()
  for (let i = 0; i < deps.length; i++) {
    const node = deps[i] as GraphNode
    const at = positions.get(node)
    if (at === undefined) positions.set(node, i)
    else if (typeof at === 'number') positions.set(node, [at, i])
    else at.push(i)
  }
  return positions
}

/**
 * @internal A result node kept so that their hidden class outlives every memo that held some
 * (see `internal/hiddenClass.ts`).
 */
export const resultNodeShape = keepHiddenClassOf(new ResultNode())
