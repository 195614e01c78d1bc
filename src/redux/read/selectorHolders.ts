/**
 * Which selector maps hold a selector of each call key, without keeping those maps alive. Each
 * endpoint or Query keeps its selectors in a map of its own (held weakly by the readable), so an
 * endpoint made per call (`extend()` in a render, an inline `new Query`) and its selectors go
 * when it goes; this index only finds the live maps of a key, for a sweep to drop that key's
 * selectors everywhere.
 */

/** One map's entry in the index: the map, held weakly, and the keys it is listed under. */
interface Holder<TMap extends object> {
  readonly ref: WeakRef<TMap>
  readonly keys: Set<string>
}

/** The maps holding a selector of each key, held weakly. */
export class SelectorHolders<TMap extends object> {
  private readonly byKey = new Map<string, Set<Holder<TMap>>>()
  private readonly holders = new WeakMap<TMap, Holder<TMap>>()
  /** Unlists a map that was collected (its readable went) from every key it was listed under. */
  private readonly finalizer = new FinalizationRegistry<Holder<TMap>>((holder) => {
    for (const key of holder.keys) this.unlist(key, holder)
  })

  /** Lists `map` as holding a selector of `key`. */
  add(map: TMap, key: string): void {
    let holder = this.holders.get(map)
    if (!holder) {
      holder = { ref: new WeakRef(map), keys: new Set() }
      this.holders.set(map, holder)
      this.finalizer.register(map, holder)
    }
    holder.keys.add(key)
    let held = this.byKey.get(key)
    if (!held) this.byKey.set(key, (held = new Set()))
    held.add(holder)
  }

  /** Unlists `map` for `key` (it dropped that key's selectors). */
  remove(map: TMap, key: string): void {
    const holder = this.holders.get(map)
    if (!holder) return
    holder.keys.delete(key)
    this.unlist(key, holder)
  }

  /** The live maps that hold a selector of `key`; the key is unlisted from them all. */
  take(key: string): TMap[] {
    const maps: TMap[] = []
    for (const holder of this.byKey.get(key) ?? []) {
      holder.keys.delete(key)
      const map = holder.ref.deref()
      if (map) maps.push(map)
    }
    this.byKey.delete(key)
    return maps
  }

  /** Every live map listed under any key, once each. */
  all(): Set<TMap> {
    const maps = new Set<TMap>()
    for (const held of this.byKey.values()) {
      for (const holder of held) {
        const map = holder.ref.deref()
        if (map) maps.add(map)
      }
    }
    return maps
  }

  private unlist(key: string, holder: Holder<TMap>): void {
    const held = this.byKey.get(key)
    if (held?.delete(holder) && held.size === 0) this.byKey.delete(key)
  }
}
