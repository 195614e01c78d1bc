/**
 * Which selector maps hold a selector of each call key, so that a sweep can drop a key's
 * selectors everywhere. Each endpoint or Query keeps its selectors in a map of its own (held
 * weakly by the readable), so an endpoint made per call (`extend()` in a render, an inline
 * `new Query`) and its selectors go when it goes, once nothing here lists its map: a key lists
 * at most {@link MAPS_PER_KEY} maps, the most recent, and the oldest map past that forgets the
 * key's selectors (a live readable that reads it again makes new ones).
 *
 * Strong references, not `WeakRef`s: V8 keeps the target of every `WeakRef` made in a job alive
 * until the job ends, which kept each read's memo alive through a loop of reads (a first read
 * 0.85× normalizr behind reselect in the bench, 1.05× without).
 */

/** How many selector maps one key lists at most (readables that read the same call). */
export const MAPS_PER_KEY = 64

/** A map of selectors by key: what a readable keeps (an LRU). */
interface KeyedMap {
  delete(key: string): boolean
}

/** The maps holding a selector of each key, the most recent {@link MAPS_PER_KEY} per key. */
export class SelectorHolders<TMap extends KeyedMap> {
  private readonly byKey = new Map<string, Set<TMap>>()

  /** Lists `map` as holding a selector of `key`. */
  add(map: TMap, key: string): void {
    let held = this.byKey.get(key)
    if (!held) this.byKey.set(key, (held = new Set()))
    held.delete(map)
    held.add(map)
    if (held.size <= MAPS_PER_KEY) return
    // The map that listed the key longest ago forgets its selectors of it (as a sweep would).
    const oldest = held.values().next().value as TMap
    held.delete(oldest)
    oldest.delete(key)
  }

  /** Unlists `map` for `key` (it dropped that key's selectors). */
  remove(map: TMap, key: string): void {
    const held = this.byKey.get(key)
    if (held?.delete(map) && held.size === 0) this.byKey.delete(key)
  }

  /** The maps that hold a selector of `key`; the key is unlisted from them all. */
  take(key: string): TMap[] {
    const maps = [...(this.byKey.get(key) ?? [])]
    this.byKey.delete(key)
    return maps
  }

  /** Every map listed under any key, once each. */
  all(): Set<TMap> {
    const maps = new Set<TMap>()
    for (const held of this.byKey.values()) for (const map of held) maps.add(map)
    return maps
  }
}
